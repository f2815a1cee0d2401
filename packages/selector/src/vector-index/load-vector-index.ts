import { ErrorCode, ToolsiftError } from '@toolsift/core';
import { ExactVectorIndex } from './exact-vector-index.js';
import { HNSW_DEFAULTS, HnswVectorIndex } from './hnsw-vector-index.js';
import { hnswlibStatus } from './hnswlib.js';
import { IdMap } from './id-map.js';
import type { VectorIndex } from './vector-index.js';
import { readVectorIndexPayload, verifyVectorIndexPayload } from './vector-index-files.js';
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
 * Load an index written by `VectorIndex.save`. Everything is checked before use (manifest, sizes, sha256
 * checksums, dimensions, key tables); a problem throws INDEX_CORRUPT or EMBEDDING_DIMENSION_MISMATCH (or
 * VECTOR_BACKEND_UNAVAILABLE for an HNSW index where hnswlib-node cannot load), and the caller rebuilds.
 */
export async function loadVectorIndex(dir: string, options: LoadVectorIndexOptions): Promise<VectorIndex> {
  const manifest = await readVectorIndexManifest(dir, options.dimensions);
  return manifest.kind === 'exact' ? loadExact(dir, manifest) : loadHnsw(dir, manifest, options);
}

// --- internal ---

async function loadExact(dir: string, manifest: VectorIndexManifest): Promise<ExactVectorIndex> {
  const [vectorBytes, keyBytes] = await Promise.all([
    readVectorIndexPayload(dir, manifest, 'vectors'),
    readVectorIndexPayload(dir, manifest, 'keys'),
  ]);
  const expectedBytes = manifest.count * manifest.dimensions * Float32Array.BYTES_PER_ELEMENT;
  if (vectorBytes.length !== expectedBytes) {
    throw corrupt(
      dir,
      `vectors hold ${vectorBytes.length} bytes, expected ${expectedBytes}`,
      'count-mismatch',
    );
  }
  const keys = parseJson(dir, keyBytes, 'keys');
  if (
    !Array.isArray(keys) ||
    keys.length !== manifest.count ||
    !keys.every((key) => typeof key === 'string')
  ) {
    throw corrupt(dir, `the key table does not hold ${manifest.count} keys`, 'count-mismatch');
  }
  if (new Set(keys).size !== keys.length) throw corrupt(dir, 'the key table repeats a key', 'duplicate-key');
  // One copy into memory the index owns (a Buffer may be a slice of a shared, unaligned pool).
  const vectors = new Float32Array(manifest.count * manifest.dimensions);
  new Uint8Array(vectors.buffer).set(vectorBytes);
  return ExactVectorIndex.fromVectors({ dimensions: manifest.dimensions, vectors, keys: keys as string[] });
}

async function loadHnsw(
  dir: string,
  manifest: VectorIndexManifest,
  options: LoadVectorIndexOptions,
): Promise<HnswVectorIndex> {
  const status = hnswlibStatus();
  if (!status.available) {
    throw new ToolsiftError(
      ErrorCode.VectorBackendUnavailable,
      `cannot load the HNSW index in ${dir}: ${status.reason}`,
      {
        dir,
      },
    );
  }
  const [graphFile, idBytes] = await Promise.all([
    verifyVectorIndexPayload(dir, manifest, 'graph'),
    readVectorIndexPayload(dir, manifest, 'ids'),
  ]);
  const ids = IdMap.fromJSON(parseJson(dir, idBytes, 'ids'));
  if (ids === undefined) throw corrupt(dir, 'the id map is inconsistent', 'invalid-ids');
  if (ids.size !== manifest.count) {
    throw corrupt(
      dir,
      `the id map holds ${ids.size} keys, the manifest says ${manifest.count}`,
      'count-mismatch',
    );
  }
  const hnsw = new status.hnswlib.HierarchicalNSW('cosine', manifest.dimensions);
  try {
    await hnsw.readIndex(graphFile, true);
  } catch (error) {
    throw corrupt(dir, `hnswlib cannot read the graph (${(error as Error).message})`, 'invalid-graph', error);
  }
  if (hnsw.getNumDimensions() !== manifest.dimensions || hnsw.getCurrentCount() < ids.size) {
    throw corrupt(dir, 'the graph does not match the manifest', 'invalid-graph');
  }
  const labels = new Set(hnsw.getIdsList());
  const { labels: mapped } = ids.toJSON();
  if (!mapped.every((label) => labels.has(label))) {
    throw corrupt(dir, 'the id map names points the graph does not hold', 'invalid-ids');
  }
  return new HnswVectorIndex({
    hnsw,
    ids,
    dimensions: manifest.dimensions,
    m: manifest.params.m ?? HNSW_DEFAULTS.m,
    efConstruction: manifest.params.efConstruction ?? HNSW_DEFAULTS.efConstruction,
    efSearch: options.efSearch ?? manifest.params.efSearch ?? HNSW_DEFAULTS.efSearch,
  });
}

function parseJson(dir: string, bytes: Buffer, role: string): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw corrupt(dir, `the ${role} file is not valid JSON`, 'invalid-json', error);
  }
}
