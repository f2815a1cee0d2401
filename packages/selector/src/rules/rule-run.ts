import type { RankingIndex } from '../ranking/ranking-index.js';
import type { AbstentionSignals } from './abstention-signals.js';
import type { Availability, RunEnvironment } from './check-prerequisites.js';
import type { RerankReport } from './llm-rerank-options.js';
import type { ToolRefResolver } from './resolve-tool-ref.js';
import type { RuleOptions, RuleWeights } from './rule-options.js';
import type { TextEmbeddings } from './text-embeddings.js';

/** Why nothing was selected: the best tool's fit, the threshold it missed, and the signals behind the fit. */
export interface AbstentionReport {
  tool: string;
  fit: number;
  threshold: number;
  signals: Record<string, number>;
  message: string;
}

/**
 * What the rules of one selection share beside the `SelectionContext`: the caller's options and environment, the
 * index, and what earlier rules found (`signals`, `availability`, the `abstention` and `rerank` reports).
 */
export interface RuleRun {
  options: RuleOptions;
  weights: RuleWeights;
  environment: RunEnvironment;
  texts: TextEmbeddings;
  resolve: ToolRefResolver;
  index: RankingIndex;
  /** Availability per tool id, filled by the prerequisite rule (kept tools carry it when `includeUnavailable`). */
  availability: ReadonlyMap<string, Availability>;
  /** The abstention signals of the fused ranking, recorded before the rules change it. */
  signals?: AbstentionSignals;
  /** The tool those signals describe: the best of the fused ranking. */
  signalsTool?: string | undefined;
  abstention?: AbstentionReport;
  rerank?: RerankReport;
}

/** The `RuleRun` as the built-in rules fill it, with the caches of one selection (not public). */
export interface BuiltInRuleRun extends RuleRun {
  availability: Map<string, Availability>;
  /** Per tool id, the tool ids it declares conflicts with (see `conflictBetween`). */
  conflictTargets: Map<string, ReadonlySet<string | undefined>>;
}
