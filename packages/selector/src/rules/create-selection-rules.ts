import type { Embedder } from '../embedding/embedder.js';
import type { RankingIndex } from '../ranking/ranking-index.js';
import type { RulePhase } from '../ranking/rule-phase.js';
import type { ScoredTool, SelectionStage } from '../ranking/selection-context.js';
import { abstentionRule, fitSignalsRule } from './abstention-rule.js';
import { actionAgreementRule, actionMismatchWarning } from './action-agreement-rule.js';
import type { MissingRequirement } from './check-prerequisites.js';
import { conflictRule } from './conflict-rule.js';
import { deprecationRule } from './deprecation-rule.js';
import { idProviderRule } from './id-provider-rule.js';
import type { RerankReport } from './llm-rerank-options.js';
import { llmRerankRule } from './llm-rerank-rule.js';
import { nearDuplicateRule } from './near-duplicate-rule.js';
import { negativeEvidenceRule } from './negative-evidence-rule.js';
import { prerequisiteRule } from './prerequisite-rule.js';
import { relationsRule } from './relations-rule.js';
import { createToolRefResolver } from './resolve-tool-ref.js';
import { DEFAULT_RULE_WEIGHTS, type RuleOptions } from './rule-options.js';
import type { AbstentionReport, RuleRun } from './rule-run.js';
import { planRules, type SelectionRule } from './selection-rule.js';
import { textEmbeddingsOf } from './text-embeddings.js';
import { type ToolFacts, toolFacts } from './tool-facts.js';

/** What the rules add to a selected tool: its declared facts and, when kept although unavailable, what is missing. */
export interface SelectedToolExtras extends ToolFacts {
  missing?: MissingRequirement[];
  howToGet?: string[];
}

/** The rule stages of one selection and what they report once it has run. */
export interface SelectionRules {
  /**
   * The stages of each phase: after fusion, fit signals, action agreement, negative evidence, deprecation, prerequisites,
   * conflicts, near-duplicates; after confidence, the optional LLM stage, abstention, action mismatch,
   * identifier providers, relations; the caller's rules last in their phase.
   */
  phases: Record<RulePhase, SelectionStage[]>;
  /** The extras of one selected tool. */
  extras(scored: ScoredTool): SelectedToolExtras;
  /** Why the selection abstained and what the LLM stage did, once the stages have run. */
  report(): { abstention?: AbstentionReport; rerank?: RerankReport };
}

/**
 * The rule stages for one selection (toolsift's answer to "similarity alone is not enough"): they read
 * declared metadata only — `not_for`, conflicts, prerequisites, relations — never a particular tool id.
 */
export function createSelectionRules(options: {
  index: RankingIndex;
  embedder: Embedder;
  options: RuleOptions;
  /** The caller's rules (`SelectorOptions.rules`). */
  custom?: readonly SelectionRule[] | undefined;
}): SelectionRules {
  const ruleOptions = options.options;
  const run: RuleRun = {
    options: ruleOptions,
    weights: { ...DEFAULT_RULE_WEIGHTS, ...ruleOptions.ruleWeights },
    environment: {
      env: ruleOptions.env ?? process.env,
      config: ruleOptions.config,
      oauth: ruleOptions.oauth,
      platform: ruleOptions.platform ?? process.platform,
    },
    texts: textEmbeddingsOf(options.embedder, (text) => options.index.ruleTextVector?.(text)),
    resolve: createToolRefResolver(options.index),
    index: options.index,
    availability: new Map(),
    conflictTargets: new Map(),
  };
  // In the order they run within their phase (each declares its phase, and what it reads and writes).
  const builtIn: SelectionRule[] = [
    fitSignalsRule(run),
    actionAgreementRule(run),
    negativeEvidenceRule(run),
    deprecationRule(run),
    prerequisiteRule(run),
    conflictRule(run),
    nearDuplicateRule(run),
    ...(ruleOptions.rerank === undefined ? [] : [llmRerankRule(run, ruleOptions.rerank)]),
    abstentionRule(run, { embedderId: options.embedder.id }),
    actionMismatchWarning(),
    idProviderRule(run),
    relationsRule(run),
  ];
  return {
    phases: planRules({ builtIn, custom: options.custom ?? NO_RULES, run }),
    extras(scored) {
      const availability = run.availability.get(scored.toolId);
      return {
        ...toolFacts(options.index.tool(scored.toolId)),
        ...(availability !== undefined && !availability.isAvailable
          ? { missing: availability.missing, howToGet: availability.howToGet }
          : {}),
      };
    },
    report: () => ({
      ...(run.abstention === undefined ? {} : { abstention: run.abstention }),
      ...(run.rerank === undefined ? {} : { rerank: run.rerank }),
    }),
  };
}

// --- internal ---

// One empty list for every selector without rules of its own, so that `planRules` checks their order once.
const NO_RULES: readonly SelectionRule[] = Object.freeze([]);
