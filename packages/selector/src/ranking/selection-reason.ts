import type { ToolAction } from '../actions/action-words.js';
import type { ToolActionFact } from '../actions/tool-action.js';

/**
 * The `details` of each kind of reason, by `kind`: what a stage or rule measured to write it. Numbers are
 * rounded to 4 decimals. `SelectionReason` is the union of these, discriminated by `kind`.
 */
export interface ReasonDetails {
  /** The prompt names the tool (explain stage). */
  'exact-name': { matched: string; field: string };
  /** The best matching view (explain stage). */
  dense: { view: string; viewKind: string; similarity: number; matchingViews: number; score: number };
  /** The prompt words BM25F matched (explain stage). */
  lexical: { terms: string[]; bm25: number };
  /** The normalised parts, their fusion and the confidence (explain stage). */
  fusion: { dense: number; lexical: number; fused: number; confidence: number };
  /** A write the prompt did not ask for (action-agreement rule). */
  action: ActionMismatchDetails;
  /** The tool takes a state the prompt names (action-agreement rule). */
  'action-state': {
    promptActions: Record<string, string>;
    toolAction: ToolAction;
    states: Record<string, string>;
    bonus: number;
    /** Set when every score was scaled so that the best is 1 again. */
    scale?: number;
  };
  /** The prompt is closer to a `not_for` or `when_prefer_other` text than to the tool (negative-evidence rule). */
  'negative-evidence': {
    source: string;
    text: string;
    negativeSimilarity: number;
    positiveSimilarity: number;
    penalty: number;
  };
  /** The tool says it is deprecated: the words that say so, and the replacement it ranks below (deprecation rule). */
  deprecated: { evidence: string; replacement?: string };
  /** The tool a deprecated one names in its place, with its score before and after taking the deprecated tool's
   * (deprecation rule). */
  replaces: { deprecated: string; scoreBefore: number; score: number };
  /** The tool cannot run here (prerequisite rule). */
  prerequisites: { missing: MissingPrerequisite[]; howToGet: string[] };
  /** On a fallback: offered in place of `for`, which cannot run here; on that tool: the one `offered` (prerequisite rule). */
  fallback: { for: string; score: number } | { offered: string };
  /** A declared alternative of a selected or unavailable tool (prerequisite and relations rules). */
  alternative: { for: string; isAvailable?: boolean; benefits?: string };
  /** A declared conflict and how it was judged (conflict rule). */
  conflict: {
    severity: 'high' | 'medium' | 'low';
    winner: string;
    loser: string;
    preferWinner?: number;
    preferLoser?: number;
    basis: 'prompt' | 'rank';
  };
  /** A near-duplicate moved below the top k (near-duplicate rule). */
  'near-duplicate': { duplicate: string; similarity: number; threshold: number };
  /** The LLM stage chose the tool. */
  llm: { model: string; position: number };
  /** The best tool's fit against the threshold (abstention rule); the signals are spread beside the fit. */
  abstention: {
    fit: number;
    threshold: number;
    lowFit: number;
    model: string;
    promptLogit: number;
    [signal: string]: number | string;
  };
  /** Added after a tool whose identifier or token it supplies (id-provider rule). */
  'id-provider': { for: string; parameter: string };
  /** Added before a selected tool that declares it in `dependsOn` (relations rule, `expand`). */
  'depends-on': { for: string };
  /** Added after a selected tool that declares it in `complements` (relations rule, `expand`). */
  complement: { for: string };
  /** Kept because the agent called it recently (sessions). */
  sticky: { calledAt: number; turn: number };
  /** A session's merged confidence: the weighted contribution of each text of the conversation. */
  session: { contributions: string[] };
}

/** What a tool is missing to run here (variable, key, provider or OS names; never values). */
export interface MissingPrerequisite {
  kind: 'env' | 'config' | 'oauth' | 'os';
  name: string;
  /** The prerequisite it belongs to. */
  prerequisite: string;
}

/** The details of an `action` reason: what the prompt asks, what the tool does and what says so. */
export interface ActionMismatchDetails {
  promptActions: Record<string, string>;
  toolAction: ToolAction;
  source: ToolActionFact['source'];
  word: string;
  /** A write that sets states the prompt names, to read by them: the prompt words and the tool's values. */
  states?: Record<string, string>;
  /** A write asked for only by words naming states that this tool does not take. */
  missingStates?: string[];
  /** A read, where the prompt asks only to write and names the file it writes to (`todo.md`, `file`). */
  target?: string;
  penalty: number;
}

/** The kind of a built-in reason. */
export type ReasonKind = keyof ReasonDetails;

/** A reason written by a caller's rule (`SelectorOptions.rules`): `rule` names it, `details` are its own. */
export interface CustomReason {
  kind: 'custom';
  /** The name of the rule that wrote it. */
  rule: string;
  message: string;
  details?: Record<string, unknown>;
}

/** One readable reason a tool was ranked where it is, with the numbers behind it; narrow on `kind` to read `details`. */
export type SelectionReason =
  | { [Kind in ReasonKind]: { kind: Kind; message: string; details: ReasonDetails[Kind] } }[ReasonKind]
  | CustomReason;

/** A reason of one built-in kind, with that kind's typed `details`. */
export type ReasonOf<Kind extends ReasonKind> = Extract<SelectionReason, { kind: Kind }>;

/** The first reason of a kind in a list, typed by that kind. */
export function findReason<Kind extends ReasonKind>(
  reasons: readonly SelectionReason[],
  kind: Kind,
): ReasonOf<Kind> | undefined {
  return reasons.find((reason): reason is ReasonOf<Kind> => reason.kind === kind);
}
