import type { RerankOptions } from './llm-rerank-options.js';

/** What the selection rules read from the caller: the environment tools run in, and which rules to apply. */
export interface RuleOptions {
  /** Environment whose variables satisfy prerequisites (default `process.env`); only presence is checked. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Configuration values per tool id (or name), e.g. `{ 'sqlite-query': { database_path: 'a.db' } }`. */
  config?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** OAuth providers the user has authorised, as tools name them (case-insensitive), e.g. `['Google Calendar']`. */
  oauth?: readonly string[];
  /** Operating system (Node `process.platform` names; default the current one). */
  platform?: string;
  /** Keep tools whose prerequisites are missing in `tools` (annotated) instead of moving them to `unavailable`. */
  includeUnavailable?: boolean;
  /** Add each selected tool's `dependsOn` (before it) and `complements` (after it) to the selection. */
  expand?: boolean;
  /** Follow each selected tool that needs an identifier or token the prompt lacks with the read that supplies it
   * (`GET /search/tv` after `GET /tv/{tv_id}/reviews`, `GetUserToken` after `AddAlarm`; default true). */
  chainIds?: boolean;
  /**
   * When to return no tool at all (default `'auto'`; `true` is `'auto'`, `false` is `'never'`):
   * - `'auto'`: only on strong evidence that nothing fits (the best tool's fit below `abstainThreshold`, set where
   *   about 1 in 200 prompts with a right tool fall below on catalogs the model never saw); a low fit keeps the
   *   tools and adds a `LOW_FIT` warning;
   * - `'eager'`: whenever the fit is low (below the model's LOW_FIT point): fewer unfitting tools offered, more
   *   right ones dropped, for agents that act on a tool without asking;
   * - `'never'`: never; a low fit still warns.
   */
  abstain?: AbstainPolicy | boolean;
  /** Abstain when the best tool's fit is below this, in [0, 1], whatever the policy says (0 never abstains). */
  threshold?: number;
  /** Let a chat model choose among the top candidates (off by default). */
  rerank?: RerankOptions;
  /** Override rule weights for this call. */
  ruleWeights?: Partial<RuleWeights>;
}

/** When a selection may be empty: see `RuleOptions.abstain`. */
export type AbstainPolicy = 'auto' | 'eager' | 'never';

/** The numbers behind the rules, as explicit options. */
export interface RuleWeights {
  /** Negative evidence fires when `sim(prompt, negative) > sim(prompt, best positive view) + negativeMargin`. */
  negativeMargin: number;
  /** Score taken off a tool whose negative evidence fires (fused scores are in [0, 1]). */
  negativePenalty: number;
  /** Score taken off a tool that creates, updates or deletes when the prompt does not ask for that action. */
  writeMismatchPenalty: number;
  /** Action agreement applies in catalogs where at least this share of the tools say what they do. */
  actionKnownShare: number;
  /** Weight of shared content words next to the cosine when a prompt is compared with `when_prefer_*` texts. */
  overlapWeight: number;
  /** A conflict is decided by the prompt only when the two sides' fits differ by at least this; else by rank. */
  conflictMargin: number;
  /** Two tools whose description views are at least this similar are near-duplicates. */
  duplicateThreshold: number;
  /** Score given to a fallback offered in place of an unavailable tool, relative to that tool's score. */
  fallbackFactor: number;
  /** Under the `auto` policy, abstain when the best tool's fit is below this (the fitted model's strong-evidence
   * point is 0.5: its bias holds it). */
  abstainThreshold: number;
  /** How many top candidates go to the LLM rerank stage. */
  rerankCandidates: number;
}

/** Defaults for the default `use-lite` embedder. */
export const DEFAULT_RULE_WEIGHTS: Readonly<RuleWeights> = Object.freeze({
  negativeMargin: 0,
  negativePenalty: 0.5,
  writeMismatchPenalty: 0.5,
  actionKnownShare: 0.25,
  overlapWeight: 0.5,
  conflictMargin: 0.02,
  duplicateThreshold: 0.97,
  fallbackFactor: 0.95,
  abstainThreshold: 0.5,
  rerankCandidates: 10,
});
