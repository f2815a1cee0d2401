import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { makeDirectory, writeFileAtomic } from '../shared/atomic-file.js';
import type { VectorIndex } from './vector-index.js';
import { describeError, indexCorrupt } from './vector-index-manifest.js';

/** The file beside a saved vector index that names its kind, so `loadVectorIndex` knows which factory reads it. */
export const VECTOR_INDEX_KIND_FILE = 'vector-index-kind.json';

/**
 * Save any vector index into a folder: its own files (`index.save`), then the kind file, which `loadVectorIndex`
 * reads first; a folder whose save did not finish has none and is not loaded.
 */
export async function saveVectorIndex(index: VectorIndex, dir: string): Promise<void> {
  await makeDirectory(dir);
  await index.save(dir);
  const kind = Buffer.from(`${JSON.stringify({ kind: index.kind })}\n`);
  await writeFileAtomic(path.join(dir, VECTOR_INDEX_KIND_FILE), kind);
}

/** The kind a folder was saved with (see `saveVectorIndex`); INDEX_CORRUPT when the kind file is missing or bad. */
export async function readVectorIndexKind(dir: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(path.join(dir, VECTOR_INDEX_KIND_FILE), 'utf8');
  } catch (error) {
    const what = `cannot read ${VECTOR_INDEX_KIND_FILE} (${describeError(error)})`;
    throw indexCorrupt(dir, what, 'missing-kind', error);
  }
  let kind: unknown;
  try {
    kind = (JSON.parse(text) as { kind?: unknown } | null)?.kind;
  } catch (error) {
    throw indexCorrupt(dir, `${VECTOR_INDEX_KIND_FILE} is not valid JSON`, 'invalid-kind', error);
  }
  if (typeof kind !== 'string' || kind === '')
    throw indexCorrupt(dir, `${VECTOR_INDEX_KIND_FILE} names no kind`, 'invalid-kind');
  return kind;
}
