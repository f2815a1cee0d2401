import type { ToolView } from '../views/tool-view.js';

/**
 * The views of one tool laid out for scoring: their vectors side by side in one array, so scoring a tool's views
 * is one walk over that array instead of a map lookup per view (at 10k tools those lookups miss the CPU caches).
 */
export interface ToolVectors {
  /** Every view of the tool (catalog and learned), in view-key order. */
  readonly views: readonly ToolView[];
  /**
   * Holds the unit vector of `views[i]` from `offsets[i]` on; may be shared with other tools (the vector index's
   * own array, see `VectorIndex.locateVectors`), never written.
   */
  readonly data: Float32Array;
  readonly offsets: Int32Array;
  /** 1 at the positions of learned views (their similarity is scaled by `views.learned`); undefined when none. */
  readonly learned: Uint8Array | undefined;
}
