import { access } from 'node:fs/promises';
import path from 'node:path';
import { type Tool, ToolsiftError } from '@toolsift/core';
import type { Embedder } from '../embedding/embedder.js';
import { createLexicalIndex } from '../lexical/create-lexical-index.js';
import type { LexicalIndexOptions } from '../lexical/lexical-index.js';
import { createVectorIndex } from '../vector-index/create-vector-index.js';
import { buildToolViews } from '../views/build-tool-views.js';
import { hashText } from './content-hash.js';
import { INDEX_MANIFEST } from './index-manifest.js';
import { loadToolIndex } from './load-tool-index.js';
import { saveToolIndex } from './save-tool-index.js';
import { type IndexProgress, type IndexUpdateStats, ToolIndex } from './tool-index.js';

/** How an index was obtained: reloaded as is, reloaded and updated, built from scratch, or kept in memory only. */
export type IndexStatus = 'loaded' | 'updated' | 'built' | 'memory';

/** Options of `openToolIndex`. */
export interface OpenToolIndexOptions {
  tools: readonly Tool[];
  embedder: Embedder;
  /** Index folder; without it the index lives in memory only. */
  dir?: string | undefined;
  lexical?: LexicalIndexOptions | undefined;
  vectorIndex?: 'auto' | 'hnsw' | 'exact' | undefined;
  onProgress?: ((progress: IndexProgress) => void) | undefined;
}

/** An opened index, how it was obtained, what was embedded, and advisories (e.g. why it was rebuilt). */
export interface OpenedToolIndex {
  index: ToolIndex;
  status: IndexStatus;
  stats: IndexUpdateStats;
  warnings: string[];
}

/**
 * Open the index of a catalog: reload the saved folder when it is sound and current; update it incrementally
 * when tools changed (only changed views are embedded); rebuild it, with a warning, when it is corrupt,
 * truncated or made by another embedder or version. Saves whatever changed.
 */
export async function openToolIndex(options: OpenToolIndexOptions): Promise<OpenedToolIndex> {
  const lexicalOptions = lexicalOptionsHash(options.lexical);
  const warnings: string[] = [];
  const { dir } = options;
  if (dir !== undefined && (await exists(path.join(dir, INDEX_MANIFEST)))) {
    try {
      const loaded = await loadToolIndex({
        dir,
        tools: options.tools,
        embedder: options.embedder,
        lexicalOptions,
      });
      // Rule texts whose vectors are missing (e.g. a changed `when_prefer_*`: conflicts do not change a
      // tool's content hash) are embedded now rather than at query time.
      const ruleTexts = await loaded.index.embedRuleTexts({ embedder: options.embedder });
      if (loaded.isCurrent) {
        if (ruleTexts > 0) await persist(loaded.index, dir, lexicalOptions, warnings);
        return {
          index: loaded.index,
          status: ruleTexts > 0 ? 'updated' : 'loaded',
          stats: { embedded: 0, reused: loaded.index.viewCount },
          warnings,
        };
      }
      const stats = await loaded.index.upsertTools({
        tools: loaded.changed,
        embedder: options.embedder,
        reuse: loaded.reuse,
        ...(options.onProgress !== undefined ? { onProgress: options.onProgress } : {}),
      });
      await persist(loaded.index, dir, lexicalOptions, warnings);
      return { index: loaded.index, status: 'updated', stats, warnings };
    } catch (error) {
      if (!(error instanceof ToolsiftError)) throw error;
      warnings.push(`rebuilt the index: ${error.message}`);
    }
  }
  const index = createEmptyToolIndex(options, warnings);
  const stats = await index.upsertTools({
    tools: options.tools,
    embedder: options.embedder,
    ...(options.onProgress !== undefined ? { onProgress: options.onProgress } : {}),
  });
  if (dir !== undefined) await persist(index, dir, lexicalOptions, warnings);
  return { index, status: dir === undefined ? 'memory' : 'built', stats, warnings };
}

/** An empty index sized for the given tools; vector index advisories (e.g. no HNSW here) go to `warnings`. */
export function createEmptyToolIndex(
  options: Pick<OpenToolIndexOptions, 'tools' | 'embedder' | 'lexical' | 'vectorIndex'>,
  warnings: string[] = [],
): ToolIndex {
  const expectedSize = options.tools.reduce((sum, tool) => sum + buildToolViews(tool).length, 0);
  const created = createVectorIndex({
    dimensions: options.embedder.dimensions,
    kind: options.vectorIndex ?? 'auto',
    expectedSize,
  });
  warnings.push(...created.warnings);
  const vectorIndex = created.index;
  return new ToolIndex({
    embedderId: options.embedder.id,
    dimensions: options.embedder.dimensions,
    vectorIndex,
    lexical: createLexicalIndex(options.lexical ?? {}),
  });
}

/** Save an index, turning a write failure into a warning (the index still works in memory). */
export async function persist(
  index: ToolIndex,
  dir: string,
  lexicalOptions: string,
  warnings: string[],
): Promise<void> {
  try {
    await saveToolIndex({ index, dir, lexicalOptions });
  } catch (error) {
    warnings.push(`could not save the index in ${dir}: ${(error as Error).message}`);
  }
}

/** Hash of the lexical options, recorded in the manifest: other options mean another lexical index. */
export function lexicalOptionsHash(options: LexicalIndexOptions | undefined): string {
  return hashText(JSON.stringify(options ?? {}));
}

// --- internal ---

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}
