/**
 * The stored vectors of a saved hnswlib graph, where each label's vector lies in the file, so the index folder needs
 * no second vectors file. Layout of hnswlib 0.8's `saveIndex`: a 96-byte header, then per element its level-0
 * links, its vector and its label. Read from the file's bytes (`readSavedGraphVectors`), or, where the patched
 * hnswlib-node scores the graph in its own memory, without them (`withoutBytes`).
 */
export interface SavedGraphVectors {
  /**
   * The graph bytes as numbers, the vector of a label from `offsetOf(label)` on; never written. Without the bytes,
   * an empty array that stands for the graph: batches over it are scored through `batchDotProducts` only.
   */
  readonly data: Float32Array;
  hasLabel(label: number): boolean;
  /** Where in the graph (as `data` counts) the unit vector stored for a label starts, or -1. */
  offsetOf(label: number): number;
  /** The unit vector stored for a label (a view into the bytes, or a copy read from hnswlib), or undefined. */
  vectorOf(label: number): Float32Array | undefined;
}

/** Index the vectors of a graph file's bytes; returns a problem description when the layout is not the expected one. */
export function readSavedGraphVectors(
  bytes: Uint8Array,
  options: { dimensions: number; count: number },
): SavedGraphVectors | string {
  if (bytes.byteLength < GRAPH_HEADER_BYTES) return 'the graph has no header';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const word = (offset: number) => Number(view.getBigUint64(offset, true));
  const [offsetLevel0, , elements, stride, labelOffset, dataOffset] = [0, 8, 16, 24, 32, 40].map(word) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const vectorBytes = options.dimensions * Float32Array.BYTES_PER_ELEMENT;
  const isExpected =
    offsetLevel0 === 0 &&
    elements >= options.count &&
    labelOffset === dataOffset + vectorBytes &&
    stride === labelOffset + 8 &&
    (bytes.byteOffset + GRAPH_HEADER_BYTES + dataOffset) % 4 === 0 &&
    stride % 4 === 0 &&
    GRAPH_HEADER_BYTES + elements * stride <= bytes.byteLength;
  if (!isExpected) return 'the graph layout is not the one of hnswlib 0.8';
  const labels = new Uint32Array(elements);
  for (let element = 0; element < elements; element++) {
    const at = GRAPH_HEADER_BYTES + element * stride + labelOffset;
    if (view.getUint32(at + 4, true) !== 0) return 'a graph label is out of range';
    labels[element] = view.getUint32(at, true);
  }
  const { hasLabel, offsetOf } = labelLookup(labels, stride / Float32Array.BYTES_PER_ELEMENT);
  // One array over every element, starting at the first vector: element e's vector is at e * stride / 4.
  const data =
    elements === 0
      ? new Float32Array(0)
      : new Float32Array(
          bytes.buffer,
          bytes.byteOffset + GRAPH_HEADER_BYTES + dataOffset,
          ((elements - 1) * stride + vectorBytes) / Float32Array.BYTES_PER_ELEMENT,
        );
  return {
    data,
    hasLabel,
    offsetOf,
    vectorOf(label) {
      const offset = offsetOf(label);
      return offset < 0 ? undefined : data.subarray(offset, offset + options.dimensions);
    },
  };
}

/**
 * The same graph without its bytes: where each label's vector lies (`offsetOf`, for scoring where the index keeps
 * the vectors, see `innerProductsOf`), an empty `data` standing for the graph, and vectors read from the index
 * itself. With the patched hnswlib-node nothing reads the bytes once they are checked, and dropping them saves the
 * graph's size in memory (56 MB at 10k tools).
 */
export function withoutBytes(
  saved: SavedGraphVectors,
  readVector: (label: number) => Float32Array,
): SavedGraphVectors {
  const { hasLabel, offsetOf } = saved;
  return {
    data: new Float32Array(0),
    hasLabel,
    offsetOf,
    vectorOf: (label) => (hasLabel(label) ? readVector(label) : undefined),
  };
}

// --- internal ---

/** offsetLevel0, maxElements, count, sizeDataPerElement, labelOffset, offsetData (size_t each), maxLevel,
 * enterPoint (4 bytes each), maxM, maxM0, M (size_t), mult (double), efConstruction (size_t). */
const GRAPH_HEADER_BYTES = 96;

/** Label -> offset of its vector, from the labels in element order (closures that keep no reference to the bytes). */
function labelLookup(
  labels: Uint32Array,
  floatsPerElement: number,
): { hasLabel: (label: number) => boolean; offsetOf: (label: number) => number } {
  // A graph built in one go stores label n at element n; only one that reused deleted slots needs a map.
  const isIdentity = labels.every((label, element) => label === element);
  const elementMap = isIdentity
    ? undefined
    : new Map(Array.from(labels, (label, element) => [label, element]));
  const elementOf = (label: number): number | undefined =>
    elementMap === undefined ? (label < labels.length ? label : undefined) : elementMap.get(label);
  return {
    hasLabel: (label) => elementOf(label) !== undefined,
    offsetOf: (label) => {
      const element = elementOf(label);
      return element === undefined ? -1 : element * floatsPerElement;
    },
  };
}
