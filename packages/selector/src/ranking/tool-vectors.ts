import type { ToolView } from '../views/tool-view.js';

/**
 * The views of one tool laid out for scoring: their vectors side by side in one array, so scoring a tool's views
 * is one walk over that array instead of a map lookup per view (at 10k tools those lookups miss the CPU caches).
 */
export interface ToolVectors {
  /** Every view of the tool (catalog and learned), in view-key order. */
  readonly views: readonly ToolView[];
  /**
   * Holds the unit vector of `views[i]` from `offsets[i]` on; may be shared with other tools, never written. Read it
   * through `batchDotProducts` only: for a loaded HNSW graph it may stand for vectors kept in hnswlib's memory.
   */
  readonly data: Float32Array;
  readonly offsets: Int32Array;
  /** 1 at the positions of learned views (their similarity is scaled by `learnedWeight`); undefined when none. */
  readonly learned: Uint8Array | undefined;
}
