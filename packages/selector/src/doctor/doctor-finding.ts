import type { ToolAction } from '../actions/action-words.js';

/**
 * Stable codes of the doctor's findings. They are public API (the JSON output, the `ui` page and scripts branch on
 * them), and a test pins the whole table.
 */
export const DoctorCode = {
  /** None of the tool's own prompts, each held out of its views, selects it among the first 5. */
  Unreachable: 'UNREACHABLE',
  /** Some of its own prompts select it among the first 5, none first. */
  NotFirst: 'NOT_FIRST',
  /** It comes first for some of its own prompts, and misses the first 5 for others. */
  PromptsMissed: 'PROMPTS_MISSED',
  /** Two tools take each other's prompts: each comes first for a prompt of the other. */
  Confusable: 'CONFUSABLE',
  /** No use case and no example: nothing says how people ask for it, and its reach cannot be checked. */
  NoPrompts: 'NO_PROMPTS',
  /** A description of a few words. */
  ShortDescription: 'SHORT_DESCRIPTION',
  /** Parameters without a description. */
  UndescribedParameters: 'UNDESCRIBED_PARAMETERS',
  /** The tool says it is deprecated. */
  Deprecated: 'DEPRECATED',
  /** Its description says it writes, and neither an annotation nor its name's verb says so. */
  UndeclaredWrite: 'UNDECLARED_WRITE',
  /** Tools of different servers (or files) under one name. */
  NameCollision: 'NAME_COLLISION',
  /** An overlay entry that matches no tool. */
  OverlayUnmatched: 'OVERLAY_UNMATCHED',
  /** An overlay entry written for another description of its tool. */
  OverlayStale: 'OVERLAY_STALE',
} as const;
export type DoctorCode = (typeof DoctorCode)[keyof typeof DoctorCode];

/** What a finding is about; findings are listed by kind, in this order. */
export const DOCTOR_KINDS = [
  'reach',
  'confusable',
  'thin-metadata',
  'deprecated',
  'undeclared-write',
  'name-collision',
  'overlay',
] as const;
export type DoctorKind = (typeof DOCTOR_KINDS)[number];

/** The kind of each code. */
export const DOCTOR_KIND_OF: Readonly<Record<DoctorCode, DoctorKind>> = Object.freeze({
  UNREACHABLE: 'reach',
  NOT_FIRST: 'reach',
  PROMPTS_MISSED: 'reach',
  CONFUSABLE: 'confusable',
  NO_PROMPTS: 'thin-metadata',
  SHORT_DESCRIPTION: 'thin-metadata',
  UNDESCRIBED_PARAMETERS: 'thin-metadata',
  DEPRECATED: 'deprecated',
  UNDECLARED_WRITE: 'undeclared-write',
  NAME_COLLISION: 'name-collision',
  OVERLAY_UNMATCHED: 'overlay',
  OVERLAY_STALE: 'overlay',
});

/** `error`: the tool cannot be reached as its metadata stands (the doctor exits 1); `warning`: worth fixing;
 * `info`: worth a look. */
export type DoctorSeverity = 'error' | 'warning' | 'info';

/** One of a tool's own prompts (a use case's example, or an example prompt) run through the selector. */
export interface PromptOutcome {
  /** The tool whose prompt it is. */
  tool: string;
  text: string;
  /** Where the tool's metadata has it: `useCases[index]` or `examples[index]`. */
  source: 'use-case' | 'example';
  index: number;
  /** The tool's place in the selection (1 is first), null when it is not among the first 5. */
  rank: number | null;
  /** The tool selected first (null when nothing was selected). */
  first: string | null;
}

/** What each code's finding carries besides its text: plain data, the same in the JSON output. */
export interface DoctorDetails {
  UNREACHABLE: ReachDetails;
  NOT_FIRST: ReachDetails;
  PROMPTS_MISSED: ReachDetails;
  CONFUSABLE: {
    /** The prompts of either tool the other came first for. */
    prompts: PromptOutcome[];
    /** Whether either declares the other as a conflict or an alternative. */
    isDeclared: boolean;
  };
  NO_PROMPTS: Record<string, never>;
  SHORT_DESCRIPTION: { description: string; words: number };
  UNDESCRIBED_PARAMETERS: { parameters: string[]; total: number };
  DEPRECATED: {
    /** The words that say so. */
    evidence: string;
    /** The replacement's name as written, and its id when the catalog holds it. */
    replacementName?: string;
    replacement?: string;
  };
  UNDECLARED_WRITE: {
    /** The write its description asks for, and the word that asks it. */
    action: ToolAction;
    word: string;
    sentence: string;
  };
  NAME_COLLISION: {
    name: string;
    /** The server (or, without one, the file) of each tool, in the order of `tools`. */
    origins: string[];
  };
  OVERLAY_UNMATCHED: OverlayPlace;
  OVERLAY_STALE: OverlayPlace;
}

/** How a tool's own prompts fared. */
export interface ReachDetails {
  prompts: PromptOutcome[];
  /** How many put it first (reached at k=1), and among the first 5 (k=5). */
  first: number;
  inTop: number;
}

/** Where an overlay entry is. */
export interface OverlayPlace {
  file: string;
  pointer?: string;
  line?: number;
}

/** One finding: what is wrong, with which tools, the evidence, and what to change. */
export type DoctorFinding = {
  [Code in DoctorCode]: {
    code: Code;
    kind: DoctorKind;
    severity: DoctorSeverity;
    /** The tools concerned, by id (none for an overlay entry that matches nothing). */
    tools: string[];
    /** One line. */
    message: string;
    /** The facts behind it, one line each (prompts and what they selected, the words that say so). */
    evidence: string[];
    /** What to change. */
    fix: string;
    details: DoctorDetails[Code];
  };
}[DoctorCode];

/** How long a doctor run took, by part, in milliseconds. */
export interface DoctorTimings {
  total: number;
  /** Reading the catalog. */
  load: number;
  /** Embedding texts not embedded before (views and prompts). */
  embed: number;
  /** Building the held-out indexes, embedding aside. */
  index: number;
  /** Selecting for every own prompt, embedding aside. */
  select: number;
}

/** How long the doctor would take on a catalog of `tools` tools like this one: this run's time per tool (embedding,
 * indexes and selections; texts this run found embedded are counted as found again), times `tools`, plus this run's
 * catalog loading. */
export interface DoctorEstimate {
  tools: number;
  seconds: number;
}

/** What `diagnoseCatalog` returns; its JSON is `toolsift doctor --json`'s output. */
export interface DoctorReport {
  /** The shape's version: fields are only added within one version. */
  version: 1;
  tools: number;
  /** Errors met loading the catalog: the entries they name were left out (`toolsift validate` lists them). */
  catalogErrors: number;
  /** Own prompts run, tools that have some, and how many selected their tool first (k=1) and among the first `k`. */
  reach: { k: number; prompts: number; tools: number; first: number; inTop: number };
  /** Findings by kind (in `DOCTOR_KINDS` order), then severity, then tool id. */
  findings: DoctorFinding[];
  counts: Record<DoctorSeverity, number>;
  timings: DoctorTimings;
  estimate: DoctorEstimate;
}

/** How far a doctor run is: embedding the views of the held-out indexes, then selecting for each own prompt. */
export interface DoctorProgress {
  stage: 'embed' | 'select';
  done: number;
  total: number;
}
