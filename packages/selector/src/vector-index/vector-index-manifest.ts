import { readFile } from 'node:fs/promises';
import { endianness } from 'node:os';
import path from 'node:path';
import { ErrorCode, ToolsiftError } from '@toolsift/core';

/** The manifest written beside a saved built-in vector index (exact or HNSW); it is renamed into place last, so it commits a save. */
export interface VectorIndexManifest {
  format: typeof FORMAT;
  version: typeof VERSION;
  kind: 'exact' | 'hnsw';
  dimensions: number;
  /** Live vectors. */
  count: number;
  endianness: 'LE' | 'BE';
  /** Kind-specific build parameters (HNSW: m, efConstruction, efSearch). */
  params: Record<string, number>;
  /** Payload files by role, each with its size and CRC-32. */
  files: Record<string, VectorIndexFileEntry>;
}

/** A payload file of a saved vector index: name, size and CRC-32 (see `crc32`). */
export interface VectorIndexFileEntry {
  file: string;
  bytes: number;
  crc32: number;
}

/** Name of the manifest file inside an index folder. */
export const VECTOR_INDEX_MANIFEST = 'vector-index.json';

/** Payload file names: `vector-index.<generation>.<role>`. */
export const VECTOR_INDEX_PAYLOAD_NAME = /^vector-index\.[0-9a-f]+\.[a-z]+$/;

/** Build the manifest of a save made on this machine. */
export function createVectorIndexManifest(
  options: Pick<VectorIndexManifest, 'kind' | 'dimensions' | 'count' | 'params' | 'files'>,
): VectorIndexManifest {
  return { format: FORMAT, version: VERSION, endianness: endianness(), ...options };
}

/** Read and validate the manifest of a saved index; throws INDEX_CORRUPT or EMBEDDING_DIMENSION_MISMATCH. */
export async function readVectorIndexManifest(dir: string, dimensions: number): Promise<VectorIndexManifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, VECTOR_INDEX_MANIFEST), 'utf8');
  } catch (error) {
    throw indexCorrupt(
      dir,
      `cannot read ${VECTOR_INDEX_MANIFEST} (${describeError(error)})`,
      'missing-manifest',
      error,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw indexCorrupt(dir, `${VECTOR_INDEX_MANIFEST} is not valid JSON`, 'invalid-manifest', error);
  }
  const problem = manifestProblem(parsed);
  if (problem !== undefined)
    throw indexCorrupt(dir, `${VECTOR_INDEX_MANIFEST}: ${problem}`, 'invalid-manifest');
  const manifest = parsed as VectorIndexManifest;
  if (manifest.endianness !== endianness()) {
    throw indexCorrupt(
      dir,
      `written on a ${manifest.endianness} machine, this one is ${endianness()}`,
      'endianness',
    );
  }
  if (manifest.dimensions !== dimensions) {
    throw new ToolsiftError(
      ErrorCode.EmbeddingDimensionMismatch,
      `vector index in ${dir} has ${manifest.dimensions} dimensions but ${dimensions} were expected`,
      { dir, expected: dimensions, actual: manifest.dimensions },
    );
  }
  return manifest;
}

/** An INDEX_CORRUPT error for the index in `dir`; `reason` is a short machine-readable tag. */
export function indexCorrupt(dir: string, what: string, reason: string, cause?: unknown): ToolsiftError {
  return new ToolsiftError(
    ErrorCode.IndexCorrupt,
    `vector index in ${dir} is unusable: ${what}; rebuild it`,
    { dir, reason },
    ...(cause !== undefined ? [{ cause }] : []),
  );
}

/** A short description of a file-system error (its code when it has one). */
export function describeError(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? String(error);
}

// --- internal ---

const FORMAT = 'toolsift-vector-index';
const VERSION = 2;

function manifestProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'not an object';
  const m = value as Record<string, unknown>;
  if (m.format !== FORMAT) return `format is ${JSON.stringify(m.format)}, expected "${FORMAT}"`;
  if (m.version !== VERSION)
    return `version ${JSON.stringify(m.version)} is not supported (expected ${VERSION})`;
  if (m.kind !== 'exact' && m.kind !== 'hnsw') return `unknown kind ${JSON.stringify(m.kind)}`;
  if (!isCount(m.dimensions) || m.dimensions === 0) return 'dimensions is not a positive integer';
  if (!isCount(m.count)) return 'count is not a non-negative integer';
  if (m.endianness !== 'LE' && m.endianness !== 'BE') return 'endianness is missing';
  if (typeof m.params !== 'object' || m.params === null) return 'params is missing';
  if (!Object.values(m.params).every((param) => typeof param === 'number')) return 'params must be numbers';
  if (typeof m.files !== 'object' || m.files === null) return 'files is missing';
  for (const [role, entry] of Object.entries(m.files)) {
    const e = entry as Record<string, unknown> | null;
    if (typeof e?.file !== 'string' || !VECTOR_INDEX_PAYLOAD_NAME.test(e.file))
      return `files.${role}.file is invalid`;
    if (!isCount(e.bytes)) return `files.${role}.bytes is invalid`;
    if (!isCount(e.crc32) || e.crc32 > 0xffff_ffff) return `files.${role}.crc32 is invalid`;
  }
  return undefined;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
