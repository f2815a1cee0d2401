import type { FormatTarget } from '@toolsift/core';
import type { RankingWeightOverrides } from '../ranking/ranking-weights.js';
import type {
  RankingMethod,
  SelectionReason,
  SelectionWarning,
  SideTool,
} from '../ranking/selection-context.js';
import type { SelectedToolExtras } from '../rules/create-selection-rules.js';
import type { RerankReport } from '../rules/llm-rerank-options.js';
import type { RuleOptions } from '../rules/rule-options.js';
import type { AbstentionReport } from '../rules/rule-run.js';

/** One selected tool: id, name, ranking score and confidence in [0, 1], why it was selected, and its declared facts. */
export interface SelectedTool extends SelectedToolExtras {
  id: string;
  name: string;
  score: number;
  confidence: number;
  reasons: SelectionReason[];
}

/** The result of `select` / `selectTools`. */
export interface Selection {
  /** Best first: tools the prompt names, then by score; ties broken by id. */
  tools: SelectedTool[];
  /** Tools that fit but cannot run here (prerequisites missing). */
  unavailable: SideTool[];
  /** Alternatives worth offering. */
  suggestions: SideTool[];
  warnings: SelectionWarning[];
  /** Milliseconds per stage (`embed`, `exact`, `dense`, `lexical`, `fuse`, ...) and `total`. */
  timings: Record<string, number>;
  /** Set when nothing fit: the best tool, its fit and the threshold it missed. */
  abstention?: AbstentionReport;
  /** Set when the LLM stage ran and succeeded: its choice, reason, time and tokens. */
  rerank?: RerankReport;
}

/** Options of one selection (the rule options: environment, prerequisites, expansion, abstention, rerank). */
export interface SelectOptions extends RuleOptions {
  /** How many tools to return (default 5). */
  k?: number;
  /** Rank only among these tool ids (e.g. the tools an agent is allowed to use). */
  candidates?: readonly string[];
  /** `toolsift` (default), or one side alone: `dense` or `bm25`. */
  method?: RankingMethod;
  /** Override ranking weights for this call, group by group (over the selector's `weights`). */
  weights?: RankingWeightOverrides;
  /** Stop before the selected tools, emitted for `target`, exceed this many tokens (estimated). */
  maxTokens?: number;
  /** The LLM tool format the budget is measured in, and whose hard tool-count limit applies (default `openai`). */
  target?: FormatTarget;
}
