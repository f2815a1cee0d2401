import { ErrorCode, ToolsiftError } from '@toolsift/core';
import type { HierarchicalNSW } from 'hnswlib-node';
import { ExactVectorIndex } from './exact-vector-index.js';
import { HNSW_DEFAULTS, HnswVectorIndex } from './hnsw-vector-index.js';
import { hnswlibStatus, innerProductsOf } from './hnswlib.js';
import { IdMap } from './id-map.js';
import { readSavedGraphVectors, withoutBytes } from './saved-graph-vectors.js';
import type { VectorIndex } from './vector-index.js';
import { checkVectorIndexPayloadSize, readVectorIndexPayload } from './vector-index-files.js';
import {
  indexCorrupt as corrupt,
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
  // hnswlib parses the graph on a worker thread while another reads it for its checksum (the stored vectors are
  // then read from these bytes); the graph is used only once its checksum has passed, and a checksum failure
  // is reported before any parse error.
  const graphBytes = new Uint8Array(manifest.files.graph?.bytes ?? 0);
  const [hashed, parsed, idBytes] = await Promise.allSettled([
    readVectorIndexPayload(dir, manifest, 'graph', graphBytes),
    hnsw.readIndex(graphFile, true),
    readVectorIndexPayload(dir, manifest, 'ids'),
  ]);
  if (hashed.status === 'rejected') throw hashed.reason;
  if (idBytes.status === 'rejected') throw idBytes.reason;
  if (parsed.status === 'rejected') {
    const message = (parsed.reason as Error).message;
    throw corrupt(dir, `hnswlib cannot read the graph (${message})`, 'invalid-graph', parsed.reason);
  }
  const ids = IdMap.fromJSON(parseJson(dir, idBytes.value, 'ids'));
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
  const saved = readSavedGraphVectors(graphBytes, {
    dimensions: manifest.dimensions,
    count: hnsw.getCurrentCount(),
  });
  if (typeof saved === 'string') throw corrupt(dir, saved, 'invalid-graph');
  // The graph's labels, read from the same (checksummed) bytes hnswlib parsed.
  if (!ids.everyLabel((label) => saved.hasLabel(label))) {
    throw corrupt(dir, 'the id map names points the graph does not hold', 'invalid-ids');
  }
  // With the patched addon the views are scored in hnswlib's memory (`innerProductsOf`): the checked bytes are not
  // kept, and the few vectors read one by one (`vector`) come from hnswlib.
  const vectors = innerProductsOf(hnsw) === undefined ? saved : withoutBytes(saved, pointReader(hnsw));
  return new HnswVectorIndex({
    hnsw,
    ids,
    dimensions: manifest.dimensions,
    m: manifest.params.m ?? HNSW_DEFAULTS.m,
    efConstruction: manifest.params.efConstruction ?? HNSW_DEFAULTS.efConstruction,
    efSearch: options.efSearch ?? manifest.params.efSearch ?? HNSW_DEFAULTS.efSearch,
    saved: vectors,
  });
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
