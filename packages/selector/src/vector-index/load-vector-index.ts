import { ErrorCode, ToolsiftError } from '@toolsift/core';
import type { HierarchicalNSW } from 'hnswlib-node';
import { ExactVectorIndex } from './exact-vector-index.js';
import { HNSW_DEFAULTS, HnswVectorIndex } from './hnsw-vector-index.js';
import { hnswlibStatus, innerProductsOf } from './hnswlib.js';
import { IdMap } from './id-map.js';
import { type NativeDotProducts, registerNativeDotProducts } from './native-dot-products.js';
import {
  readSavedGraphVectors,
  type SavedGraphVectors,
  type ScannedGraphFile,
  scanSavedGraphFile,
} from './saved-graph-vectors.js';
import type { VectorIndex } from './vector-index.js';
import {
  checkVectorIndexPayload,
  checkVectorIndexPayloadSize,
  readVectorIndexPayload,
} from './vector-index-files.js';
import {
  indexCorrupt as corrupt,
  describeError,
  readVectorIndexManifest,
  type VectorIndexManifest,
} from './vector-index-manifest.js';

/** Options of `loadVectorIndex`. */
export interface LoadVectorIndexOptions {
  /** Dimensions the caller's embedder produces; a saved index with another number is rejected. */
  dimensions: number;
  /** Override the saved HNSW search breadth. */
  efSearch?: number;
}

/**
 * Load an index written by `VectorIndex.save`. Everything is checked before use (manifest, sizes, CRC-32
 * checksums, dimensions, key tables); a problem throws INDEX_CORRUPT or EMBEDDING_DIMENSION_MISMATCH (or
 * VECTOR_BACKEND_UNAVAILABLE for an HNSW index where hnswlib-node cannot load), and the caller rebuilds.
 */
export async function loadVectorIndex(dir: string, options: LoadVectorIndexOptions): Promise<VectorIndex> {
  const manifest = await readVectorIndexManifest(dir, options.dimensions);
  return manifest.kind === 'exact' ? loadExact(dir, manifest) : loadHnsw(dir, manifest, options);
}

// --- internal ---

async function loadExact(dir: string, manifest: VectorIndexManifest): Promise<ExactVectorIndex> {
  const expectedBytes = manifest.count * manifest.dimensions * Float32Array.BYTES_PER_ELEMENT;
  const vectorBytes = manifest.files.vectors?.bytes;
  if (vectorBytes !== undefined && vectorBytes !== expectedBytes) {
    throw corrupt(dir, `vectors hold ${vectorBytes} bytes, expected ${expectedBytes}`, 'count-mismatch');
  }
  // The vectors are read straight into memory the index then owns: one pass to read, one to checksum.
  const vectors = new Float32Array(manifest.count * manifest.dimensions);
  const [, keyBytes] = await Promise.all([
    readVectorIndexPayload(dir, manifest, 'vectors', new Uint8Array(vectors.buffer)),
    readVectorIndexPayload(dir, manifest, 'keys'),
  ]);
  const keys = parseJson(dir, keyBytes, 'keys');
  if (
    !Array.isArray(keys) ||
    keys.length !== manifest.count ||
    !keys.every((key) => typeof key === 'string')
  ) {
    throw corrupt(dir, `the key table does not hold ${manifest.count} keys`, 'count-mismatch');
  }
  if (new Set(keys).size !== keys.length) throw corrupt(dir, 'the key table repeats a key', 'duplicate-key');
  return ExactVectorIndex.fromVectors({ dimensions: manifest.dimensions, vectors, keys: keys as string[] });
}

async function loadHnsw(
  dir: string,
  manifest: VectorIndexManifest,
  options: LoadVectorIndexOptions,
): Promise<HnswVectorIndex> {
  const status = hnswlibStatus();
  if (!status.available) {
    const message = `cannot load the HNSW index in ${dir}: ${status.reason}`;
    throw new ToolsiftError(ErrorCode.VectorBackendUnavailable, message, { dir });
  }
  const graphFile = await checkVectorIndexPayloadSize(dir, manifest, 'graph');
  const hnsw = new status.hnswlib.HierarchicalNSW('cosine', manifest.dimensions);
  // hnswlib parses the graph on a worker thread while this one checks the file; the graph is used only once its
  // checksum has passed, and a checksum failure is reported before any parse error.
  const parsing = settled(hnsw.readIndex(graphFile, true));
  const idBytes = await readVectorIndexPayload(dir, manifest, 'ids');
  const innerProducts = innerProductsOf(hnsw);
  const vectors =
    innerProducts === undefined
      ? await readGraphBytes(dir, manifest, parsing, hnsw)
      : scanGraph(dir, manifest, graphFile, hnsw, innerProducts);
  const parsed = await parsing;
  if (parsed.status === 'rejected') {
    const message = (parsed.reason as Error).message;
    throw corrupt(dir, `hnswlib cannot read the graph (${message})`, 'invalid-graph', parsed.reason);
  }
  if (typeof vectors === 'string') throw corrupt(dir, vectors, 'invalid-graph');
  const ids = IdMap.fromJSON(parseJson(dir, idBytes, 'ids'));
  if (ids === undefined) throw corrupt(dir, 'the id map is inconsistent', 'invalid-ids');
  if (ids.size !== manifest.count) {
    throw corrupt(
      dir,
      `the id map holds ${ids.size} keys, the manifest says ${manifest.count}`,
      'count-mismatch',
    );
  }
  if (
    hnsw.getNumDimensions() !== manifest.dimensions ||
    hnsw.getCurrentCount() < ids.size ||
    vectors.elements < hnsw.getCurrentCount()
  ) {
    throw corrupt(dir, 'the graph does not match the manifest', 'invalid-graph');
  }
  // The graph's labels, read from the same (checksummed) bytes hnswlib parsed.
  if (!ids.everyLabel((label) => vectors.saved.hasLabel(label))) {
    throw corrupt(dir, 'the id map names points the graph does not hold', 'invalid-ids');
  }
  return new HnswVectorIndex({
    hnsw,
    ids,
    dimensions: manifest.dimensions,
    m: manifest.params.m ?? HNSW_DEFAULTS.m,
    efConstruction: manifest.params.efConstruction ?? HNSW_DEFAULTS.efConstruction,
    efSearch: options.efSearch ?? manifest.params.efSearch ?? HNSW_DEFAULTS.efSearch,
    saved: vectors.saved,
  });
}

/** The vectors of a loaded graph, and how many elements its file holds. */
interface GraphVectors {
  saved: SavedGraphVectors;
  elements: number;
}

/**
 * With the patched addon the views are scored in hnswlib's memory (`innerProductsOf`): the file is scanned for its
 * checksum and labels through a small buffer and nothing of it is kept. The empty array that stands for the graph is
 * registered with those dot products, so `batchDotProducts` scores its views where hnswlib keeps them; the few
 * vectors read one by one (`vector`) come from hnswlib.
 */
function scanGraph(
  dir: string,
  manifest: VectorIndexManifest,
  graphFile: string,
  hnsw: HierarchicalNSW,
  innerProducts: NativeDotProducts,
): GraphVectors | string {
  let scanned: ScannedGraphFile;
  try {
    scanned = scanSavedGraphFile(graphFile, {
      dimensions: manifest.dimensions,
      readVector: pointReader(hnsw),
    });
  } catch (error) {
    throw corrupt(
      dir,
      `cannot read ${manifest.files.graph?.file} (${describeError(error)})`,
      'missing-file',
      error,
    );
  }
  checkVectorIndexPayload(dir, manifest, 'graph', scanned);
  if (typeof scanned.vectors === 'string') return scanned.vectors;
  registerNativeDotProducts(scanned.vectors.data, innerProducts);
  return { saved: scanned.vectors, elements: scanned.elements };
}

/**
 * Without the patched addon the stored vectors are read from the graph file's bytes, which the index keeps. A
 * problem with their layout is returned (a parse failure, reported first, may explain it).
 */
async function readGraphBytes(
  dir: string,
  manifest: VectorIndexManifest,
  parsing: Promise<PromiseSettledResult<unknown>>,
  hnsw: HierarchicalNSW,
): Promise<GraphVectors | string> {
  const graphBytes = await readVectorIndexPayload(
    dir,
    manifest,
    'graph',
    new Uint8Array(manifest.files.graph?.bytes ?? 0),
  );
  const parsed = await parsing;
  const count = parsed.status === 'fulfilled' ? hnsw.getCurrentCount() : 0;
  const saved = readSavedGraphVectors(graphBytes, { dimensions: manifest.dimensions, count });
  return typeof saved === 'string' ? saved : { saved, elements: count };
}

function settled<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  return promise.then(
    (value) => ({ status: 'fulfilled', value }),
    (reason: unknown) => ({ status: 'rejected', reason }),
  );
}

/** Reads a point back from hnswlib. Made out here so that the closure keeps nothing of the load, such as the bytes. */
function pointReader(hnsw: HierarchicalNSW): (label: number) => Float32Array {
  return (label) => Float32Array.from(hnsw.getPoint(label));
}

function parseJson(dir: string, bytes: Uint8Array, role: string): unknown {
  try {
    return JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString());
  } catch (error) {
    throw corrupt(dir, `the ${role} file is not valid JSON`, 'invalid-json', error);
  }
}
