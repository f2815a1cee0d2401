import { ErrorCode, ToolsiftError } from '@toolsift/core';
import { ExactVectorIndex } from './exact-vector-index.js';
import { HNSW_DEFAULTS, HnswVectorIndex } from './hnsw-vector-index.js';
import { hnswlibStatus } from './hnswlib.js';
import { IdMap, type IdMapJson } from './id-map.js';
import {
  checkVectorIndexPayloadSize,
  readVectorIndexPayload,
  verifyVectorIndexPayload,
} from './vector-index-files.js';
import {
  indexCorrupt as corrupt,
  readVectorIndexManifest,
  type VectorIndexManifest,
} from './vector-index-manifest.js';

/** Options of the built-in loaders. */
export interface LoadBuiltInVectorIndexOptions {
  /** Dimensions the caller's embedder produces; a saved index with another number is rejected. */
  dimensions: number;
  /** Override the saved HNSW search breadth. */
  efSearch?: number | undefined;
}

/**
 * Load an index written by `ExactVectorIndex.save`. Everything is checked before use (manifest, sizes, CRC-32
 * checksums, dimensions, the key table); a problem throws INDEX_CORRUPT or EMBEDDING_DIMENSION_MISMATCH.
 */
export async function loadExactVectorIndex(
  dir: string,
  options: LoadBuiltInVectorIndexOptions,
): Promise<ExactVectorIndex> {
  const manifest = await readBuiltInManifest(dir, 'exact', options.dimensions);
  const [vectors, keyBytes] = await Promise.all([
    readVectors(dir, manifest),
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

/**
 * Load an index written by `HnswVectorIndex.save`, checked like `loadExactVectorIndex` (and the id map against the
 * graph); VECTOR_BACKEND_UNAVAILABLE where hnswlib-node cannot load.
 */
export async function loadHnswVectorIndex(
  dir: string,
  options: LoadBuiltInVectorIndexOptions,
): Promise<HnswVectorIndex> {
  const manifest = await readBuiltInManifest(dir, 'hnsw', options.dimensions);
  const status = hnswlibStatus();
  if (!status.available) {
    const message = `cannot load the HNSW index in ${dir}: ${status.reason}`;
    throw new ToolsiftError(ErrorCode.VectorBackendUnavailable, message, { dir });
  }
  const graphFile = await checkVectorIndexPayloadSize(dir, manifest, 'graph');
  const hnsw = new status.hnswlib.HierarchicalNSW('cosine', manifest.dimensions);
  // hnswlib parses the graph on a worker thread while this one checks the files; the graph is used only once its
  // checksum has passed, and a checksum failure is reported before any parse error.
  const parsing = settled(hnsw.readIndex(graphFile, true));
  const [, idBytes, vectors] = await Promise.all([
    verifyVectorIndexPayload(dir, manifest, 'graph'),
    readVectorIndexPayload(dir, manifest, 'ids'),
    readVectors(dir, manifest),
  ]);
  const parsed = await parsing;
  if (parsed.status === 'rejected') {
    const message = (parsed.reason as Error).message;
    throw corrupt(dir, `hnswlib cannot read the graph (${message})`, 'invalid-graph', parsed.reason);
  }
  const idJson = parseJson(dir, idBytes, 'ids');
  const ids = IdMap.fromJSON(idJson);
  if (ids === undefined) throw corrupt(dir, 'the id map is inconsistent', 'invalid-ids');
  if (ids.size !== manifest.count) {
    throw corrupt(
      dir,
      `the id map holds ${ids.size} keys, the manifest says ${manifest.count}`,
      'count-mismatch',
    );
  }
  if (hnsw.getNumDimensions() !== manifest.dimensions || hnsw.getCurrentCount() < ids.size) {
    throw corrupt(dir, 'the graph does not match the manifest', 'invalid-graph');
  }
  const graphLabels = new Set(hnsw.getIdsList());
  if (!ids.everyLabel((label) => graphLabels.has(label))) {
    throw corrupt(dir, 'the id map names points the graph does not hold', 'invalid-ids');
  }
  return new HnswVectorIndex({
    hnsw,
    ids,
    dimensions: manifest.dimensions,
    m: manifest.params.m ?? HNSW_DEFAULTS.m,
    efConstruction: manifest.params.efConstruction ?? HNSW_DEFAULTS.efConstruction,
    efSearch: options.efSearch ?? manifest.params.efSearch ?? HNSW_DEFAULTS.efSearch,
    // Saved in the id map's key order (see `HnswVectorIndex.save`): the order of the keys just read, which
    // `fromJSON` checked (no `toJSON()` copy of every key and label).
    stored: { data: vectors, keys: (idJson as IdMapJson).keys },
  });
}

// --- internal ---

async function readBuiltInManifest(
  dir: string,
  kind: VectorIndexManifest['kind'],
  dimensions: number,
): Promise<VectorIndexManifest> {
  const manifest = await readVectorIndexManifest(dir, dimensions);
  if (manifest.kind !== kind)
    throw corrupt(dir, `the manifest is of a ${manifest.kind} index, not ${kind}`, 'invalid-manifest');
  return manifest;
}

/**
 * The `vectors` payload: `manifest.count` unit vectors side by side, read straight into memory the index then owns
 * (one pass to read, one to checksum).
 */
async function readVectors(dir: string, manifest: VectorIndexManifest): Promise<Float32Array> {
  const expectedBytes = manifest.count * manifest.dimensions * Float32Array.BYTES_PER_ELEMENT;
  const vectorBytes = manifest.files.vectors?.bytes;
  if (vectorBytes !== undefined && vectorBytes !== expectedBytes) {
    throw corrupt(dir, `vectors hold ${vectorBytes} bytes, expected ${expectedBytes}`, 'count-mismatch');
  }
  const vectors = new Float32Array(manifest.count * manifest.dimensions);
  await readVectorIndexPayload(dir, manifest, 'vectors', new Uint8Array(vectors.buffer));
  return vectors;
}

function settled<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  return promise.then(
    (value) => ({ status: 'fulfilled', value }),
    (reason: unknown) => ({ status: 'rejected', reason }),
  );
}

function parseJson(dir: string, bytes: Uint8Array, role: string): unknown {
  try {
    return JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString());
  } catch (error) {
    throw corrupt(dir, `the ${role} file is not valid JSON`, 'invalid-json', error);
  }
}
