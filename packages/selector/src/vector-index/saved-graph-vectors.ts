import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { crc32 } from '../shared/checksum.js';

/**
 * The stored vectors of a saved hnswlib graph, where each label's vector lies in the file, so the index folder needs
 * no second vectors file. Layout of hnswlib 0.8's `saveIndex`: a 96-byte header, then per element its level-0
 * links, its vector and its label. Read from the file's bytes (`readSavedGraphVectors`), or, where the patched
 * hnswlib-node scores the graph in its own memory, from a scan of the file that keeps none of it
 * (`scanSavedGraphFile`).
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
  const layout = graphLayout(bytes, { ...options, fileBytes: bytes.byteLength });
  if (typeof layout === 'string') return layout;
  if ((bytes.byteOffset + GRAPH_HEADER_BYTES + layout.dataOffset) % 4 !== 0)
    return 'the graph layout is not the one of hnswlib 0.8';
  const labels = new Uint32Array(layout.elements);
  const problem = readLabels(bytes, GRAPH_HEADER_BYTES, layout, labels, 0, layout.elements);
  if (problem !== undefined) return problem;
  const { hasLabel, offsetOf } = labelLookup(labels, layout.stride / Float32Array.BYTES_PER_ELEMENT);
  // One array over every element, starting at the first vector: element e's vector is at e * stride / 4.
  const data =
    layout.elements === 0
      ? new Float32Array(0)
      : new Float32Array(
          bytes.buffer,
          bytes.byteOffset + GRAPH_HEADER_BYTES + layout.dataOffset,
          ((layout.elements - 1) * layout.stride + options.dimensions * Float32Array.BYTES_PER_ELEMENT) /
            Float32Array.BYTES_PER_ELEMENT,
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

/** What `scanSavedGraphFile` read: the file's size and CRC-32, and its vectors' places or why they are unusable. */
export interface ScannedGraphFile {
  bytes: number;
  crc32: number;
  /**
   * The graph without its bytes: where each label's vector lies (`offsetOf`, for scoring where the index keeps the
   * vectors, see `innerProductsOf`), an empty `data` standing for the graph, and vectors read with `readVector`.
   * A problem description when the layout is not the expected one.
   */
  vectors: SavedGraphVectors | string;
  /** Elements the graph holds (0 when its layout is unusable). */
  elements: number;
}

/**
 * Read a graph file once, synchronously, through a small scratch buffer: its CRC-32, its layout and its labels.
 * Nothing of the file is kept, so checking a graph that the patched hnswlib-node holds in its own memory costs
 * neither its size in memory (56 MB at 10k tools) nor the page faults of filling that much (a scan of the 10k-tool
 * graph: 23–31 ms, against 46–72 ms to read it whole and checksum it).
 */
export function scanSavedGraphFile(
  file: string,
  options: {
    dimensions: number;
    readVector: (label: number) => Float32Array;
    /** Bytes read at a time (default 4 MiB); tests use small ones to cross many reads. */
    chunkBytes?: number;
  },
): ScannedGraphFile {
  const chunkBytes = Math.max(GRAPH_HEADER_BYTES, options.chunkBytes ?? SCAN_CHUNK_BYTES);
  const descriptor = openSync(file, 'r');
  try {
    let position = 0;
    let checksum = 0;
    const read = (into: Uint8Array): number => {
      let filled = 0;
      while (filled < into.byteLength) {
        const count = readSync(descriptor, into, filled, into.byteLength - filled, position + filled);
        if (count === 0) break;
        filled += count;
      }
      checksum = crc32(into.subarray(0, filled), checksum);
      position += filled;
      return filled;
    };
    const rest = (scratch: Uint8Array): void => {
      while (read(scratch) > 0);
    };
    const scratch = new Uint8Array(chunkBytes);
    const header = scratch.subarray(0, GRAPH_HEADER_BYTES);
    const unusable = (problem: string): ScannedGraphFile => {
      rest(scratch);
      return { bytes: position, crc32: checksum, vectors: problem, elements: 0 };
    };
    if (read(header) < GRAPH_HEADER_BYTES) return unusable('the graph has no header');
    const fileBytes = fstatSync(descriptor).size;
    const layout = graphLayout(header, { dimensions: options.dimensions, count: 0, fileBytes });
    if (typeof layout === 'string') return unusable(layout);
    const labels = new Uint32Array(layout.elements);
    // Whole elements per read, so every label lies inside the bytes just read.
    const perRead = Math.max(1, Math.floor(chunkBytes / layout.stride));
    const buffer = perRead * layout.stride <= chunkBytes ? scratch : new Uint8Array(layout.stride);
    for (let first = 0; first < layout.elements; first += perRead) {
      const count = Math.min(perRead, layout.elements - first);
      const chunk = buffer.subarray(0, count * layout.stride);
      if (read(chunk) < chunk.byteLength) return unusable('the graph is shorter than its header says');
      const problem = readLabels(chunk, 0, layout, labels, first, count);
      if (problem !== undefined) return unusable(problem);
    }
    rest(scratch);
    const { hasLabel, offsetOf } = labelLookup(labels, layout.stride / Float32Array.BYTES_PER_ELEMENT);
    const { readVector } = options;
    return {
      bytes: position,
      crc32: checksum,
      elements: layout.elements,
      vectors: {
        data: new Float32Array(0),
        hasLabel,
        offsetOf,
        vectorOf: (label) => (hasLabel(label) ? readVector(label) : undefined),
      },
    };
  } finally {
    closeSync(descriptor);
  }
}

// --- internal ---

/** offsetLevel0, maxElements, count, sizeDataPerElement, labelOffset, offsetData (size_t each), maxLevel,
 * enterPoint (4 bytes each), maxM, maxM0, M (size_t), mult (double), efConstruction (size_t). */
const GRAPH_HEADER_BYTES = 96;
const SCAN_CHUNK_BYTES = 4 << 20;

interface GraphLayout {
  elements: number;
  /** Bytes per element: its links, vector and label. */
  stride: number;
  labelOffset: number;
  dataOffset: number;
}

/** The layout a graph's header gives, checked against the expected one and the file's size. */
function graphLayout(
  header: Uint8Array,
  options: { dimensions: number; count: number; fileBytes: number },
): GraphLayout | string {
  if (header.byteLength < GRAPH_HEADER_BYTES) return 'the graph has no header';
  const view = new DataView(header.buffer, header.byteOffset, GRAPH_HEADER_BYTES);
  const word = (offset: number) => Number(view.getBigUint64(offset, true));
  const [offsetLevel0, , elements, stride, labelOffset, dataOffset] = [0, 8, 16, 24, 32, 40].map(word) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const isExpected =
    offsetLevel0 === 0 &&
    elements >= options.count &&
    labelOffset === dataOffset + options.dimensions * Float32Array.BYTES_PER_ELEMENT &&
    stride === labelOffset + 8 &&
    stride % 4 === 0 &&
    GRAPH_HEADER_BYTES + elements * stride <= options.fileBytes;
  return isExpected
    ? { elements, stride, labelOffset, dataOffset }
    : 'the graph layout is not the one of hnswlib 0.8';
}

/** Copy the labels of `count` elements, the first at `at` in `bytes`, into `labels` from `first` on. */
function readLabels(
  bytes: Uint8Array,
  at: number,
  layout: GraphLayout,
  labels: Uint32Array,
  first: number,
  count: number,
): string | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let element = 0; element < count; element++) {
    const offset = at + element * layout.stride + layout.labelOffset;
    if (view.getUint32(offset + 4, true) !== 0) return 'a graph label is out of range';
    labels[first + element] = view.getUint32(offset, true);
  }
  return undefined;
}

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
