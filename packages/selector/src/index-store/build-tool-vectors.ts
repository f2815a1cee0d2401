import type { ToolVectors } from '../ranking/tool-vectors.js';
import type { VectorIndex } from '../vector-index/vector-index.js';
import type { ToolView } from '../views/tool-view.js';

/**
 * Lay out a tool's views for scoring: read in place where the vector index keeps their vectors side by side and
 * unchanging (a loaded HNSW graph, one upsert's batch), copied into one array otherwise. Returns the key of a
 * view the vector index holds no vector for, instead.
 */
export function buildToolVectors(views: readonly ToolView[], vectorIndex: VectorIndex): ToolVectors | string {
  const offsets = new Int32Array(views.length);
  let data = vectorIndex.locateVectors?.(views, offsets);
  if (data === undefined) {
    const dimensions = vectorIndex.dimensions;
    data = new Float32Array(views.length * dimensions);
    for (let position = 0; position < views.length; position++) {
      const key = views[position]!.key;
      const vector = vectorIndex.vector(key);
      if (vector === undefined) return key;
      data.set(vector, position * dimensions);
      offsets[position] = position * dimensions;
    }
  }
  let learned: Uint8Array | undefined;
  for (let position = 0; position < views.length; position++) {
    if (views[position]!.kind !== 'learned') continue;
    learned ??= new Uint8Array(views.length);
    learned[position] = 1;
  }
  return { views, data, offsets, learned };
}
