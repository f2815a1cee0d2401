import type { Tool } from '@toolsift/core';
import type { ExactNameHit } from './exact-name-matcher.js';
import type { RankingIndex } from './ranking-index.js';
import type { RankingWeights } from './ranking-weights.js';
import type { MissingPrerequisite, SelectionReason } from './selection-reason.js';
import type { WarningCode } from './warning-code.js';

export type { SelectionReason } from './selection-reason.js';

/** Which evidence a ranking uses: the full engine, or one side alone (the bench baselines). */
export type RankingMethod = 'toolsift' | 'dense' | 'bm25';

/** Similarity of one view to the prompt. */
export interface ViewMatch {
  key: string;
  similarity: number;
}

/** Everything known about one candidate tool while the stages run. */
export interface ScoredTool {
  toolId: string;
  exact?: ExactNameHit;
  /** Aggregated dense score (best view + multi-view bonus) and the views behind it, best first. */
  dense?: { score: number; views: ViewMatch[]; matchingViews: number };
  /** Raw BM25 score and the prompt words that matched. */
  lexical?: { score: number; terms: string[] };
  /** Normalised parts and their fusion, each in [0, 1]. */
  parts: { dense: number; lexical: number; fused: number };
  /** The ranking score; rule stages may adjust it. */
  score: number;
  confidence: number;
  reasons: SelectionReason[];
}

/** An advisory attached to a selection (never thrown). */
export interface SelectionWarning {
  code: WarningCode;
  message: string;
  toolId?: string;
  /** For `CUSTOM` warnings: the name of the caller's rule that wrote it. */
  rule?: string;
}

/** A tool left out of `tools` or offered beside it; rule stages add their own fields. */
export interface SideTool {
  id: string;
  name: string;
  reasons: SelectionReason[];
  /** Its ranking score, when it was ranked before a rule set it aside. */
  score?: number;
  /** The tool this entry relates to (the tool it is an alternative or complement of). */
  for?: string;
  /** Unavailable tools: what is missing (variable, key, provider or OS names; never values). */
  missing?: MissingPrerequisite[];
  /** Unavailable tools: how to obtain what is missing. */
  howToGet?: string[];
  /** Unavailable tools: declared fallbacks (tool references or prose). */
  fallback?: string[];
  requiresApproval?: boolean;
  risk?: Tool['risk'];
  rateLimit?: Tool['rateLimit'];
  annotations?: Tool['annotations'];
}

/** The state the stages share: inputs, the evolving candidate list, and what goes into the result. */
export interface SelectionContext {
  prompt: string;
  k: number;
  method: RankingMethod;
  weights: RankingWeights;
  index: RankingIndex;
  /** Restrict ranking to these tool ids (unknown ids are reported as warnings). */
  candidateIds?: ReadonlySet<string>;
  /** Embeds texts with the index's embedder (one batch). */
  embedTexts: (texts: readonly string[]) => Promise<Float32Array[]>;
  queryVector?: Float32Array;
  /** Vectors of the prompt's sentences when it has several (multi-intent prompts); dense takes the best. */
  segmentVectors?: Float32Array[];
  /** Candidates by tool id, filled by the retrieval stages. */
  pool: Map<string, ScoredTool>;
  /** The ranked list, best first, once fusion has run; later stages reorder or cut it. */
  ranked: ScoredTool[];
  /** Tools that fit but cannot run here; filled by the prerequisite rules. */
  unavailable: SideTool[];
  /** Alternatives worth offering; filled by the relation rules. */
  suggestions: SideTool[];
  warnings: SelectionWarning[];
}

/** One timed step of selection. Rules (negative evidence, conflicts, prerequisites, abstention) are stages too. */
export interface SelectionStage {
  name: string;
  run(context: SelectionContext): void | Promise<void>;
}
