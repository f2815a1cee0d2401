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
import type { AbstentionReport, BuiltInRuleRun } from './rule-run.js';
import { type BuiltInRule, orderRules, ruleStages, type SelectionRule } from './selection-rule.js';
import { textEmbeddingsOf } from './text-embeddings.js';
import { type ToolFacts, toolFacts } from './tool-facts.js';

/** What the rules add to a selected tool: its declared facts and, when kept although unavailable, what is missing. */
export interface SelectedToolExtras extends ToolFacts {
  missing?: MissingRequirement[];
  howToGet?: string[];
}

/** A selector's rules, built and checked once: the built-in rules and the caller's, in the order they run. */
export interface SelectionRules {
  /** The rules bound to one selection: a fresh `RuleRun` over these options. */
  forSelection(options: { index: RankingIndex; options: RuleOptions }): RuleStages;
}

/** The rule stages of one selection and what they report once it has run. */
export interface RuleStages {
  /** The stages of each phase, in the order they run (see the README's pipeline table). */
  phases: Record<RulePhase, SelectionStage[]>;
  /** The extras of one selected tool. */
  extras(scored: ScoredTool): SelectedToolExtras;
  /** Why the selection abstained and what the LLM stage did, once the stages have run. */
  report(): { abstention?: AbstentionReport; rerank?: RerankReport };
}

/**
 * A selector's rules (toolsift's answer to "similarity alone is not enough"): they read declared metadata only —
 * `not_for`, conflicts, prerequisites, relations — never a particular tool id. Throws USAGE_ERROR when a caller's
 * rule has an unknown phase or reads a field that only a later step writes.
 */
export function createSelectionRules(options: {
  embedder: Embedder;
  /** The caller's rules (`SelectorOptions.rules`). */
  custom?: readonly SelectionRule[] | undefined;
  /** Check every rule's touches against its declaration (`SelectorOptions.checkRules`). */
  isChecked?: boolean | undefined;
}): SelectionRules {
  const { embedder } = options;
  const builtIn = builtInRules({ embedderId: embedder.id });
  const ordered = orderRules<SelectionRule | BuiltInRule>([...builtIn, ...(options.custom ?? [])]);
  // The LLM stage runs only in selections that ask for it: a plan without it, checked too.
  const rerank = builtIn.find((rule) => rule.name === RERANK);
  const withoutRerank = orderRules(ordered.filter((rule) => rule !== rerank));
  return {
    forSelection({ index, options: ruleOptions }) {
      const run: BuiltInRuleRun = {
        options: ruleOptions,
        weights: { ...DEFAULT_RULE_WEIGHTS, ...ruleOptions.ruleWeights },
        environment: {
          env: ruleOptions.env ?? process.env,
          config: ruleOptions.config,
          oauth: ruleOptions.oauth,
          platform: ruleOptions.platform ?? process.platform,
        },
        texts: textEmbeddingsOf(embedder, (text) => index.ruleTextVector?.(text)),
        resolve: createToolRefResolver(index),
        index,
        availability: new Map(),
        conflictTargets: new Map(),
      };
      return {
        phases: ruleStages({
          rules: ruleOptions.rerank === undefined ? withoutRerank : ordered,
          run,
          isChecked: options.isChecked === true,
        }),
        extras(scored) {
          const availability = run.availability.get(scored.toolId);
          return {
            ...toolFacts(index.tool(scored.toolId)),
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
    },
  };
}

/** The built-in rules, each phase's in the order they run (the LLM stage included). */
export function builtInRules(options: { embedderId: string }): BuiltInRule[] {
  return [
    fitSignalsRule(),
    actionAgreementRule(),
    negativeEvidenceRule(),
    deprecationRule(),
    prerequisiteRule(),
    conflictRule(),
    nearDuplicateRule(),
    llmRerankRule(),
    abstentionRule({ embedderId: options.embedderId }),
    actionMismatchWarning(),
    idProviderRule(),
    relationsRule(),
  ];
}

// --- internal ---

/** The LLM stage's name (`llmRerankRule`). */
const RERANK = 'rerank';
