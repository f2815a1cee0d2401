import type { RankingWeights } from '../ranking/ranking-weights.js';
import type { RankingMethod, SelectionReason, SelectionWarning, SideTool } from '../ranking/selection-context.js';

/** One selected tool: id, name, ranking score and confidence in [0, 1], and why it was selected. */
export interface SelectedTool {
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
}

/** Options of one selection. */
export interface SelectOptions {
  /** How many tools to return (default 5). */
  k?: number;
  /** Rank only among these tool ids (e.g. the tools an agent is allowed to use). */
  candidates?: readonly string[];
  /** `toolsift` (default), or one side alone: `dense` or `bm25`. */
  method?: RankingMethod;
  /** Override ranking weights for this call. */
  weights?: Partial<RankingWeights>;
}
