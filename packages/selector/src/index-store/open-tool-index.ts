import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode, isToolsiftError, type Tool, ToolsiftError } from '@toolsift/core';
import { DEFAULT_MAX_LEARNED_PER_TOOL } from '../learning/learned-bound.js';
import { createLexicalIndex } from '../lexical/create-lexical-index.js';
import type { LexicalIndex, LexicalIndexOptions } from '../lexical/lexical-index.js';
import { resolveLexicalOptions } from '../lexical/resolve-lexical-options.js';
import {
  checkVectorIndexChoice,
  isVectorIndex,
  type VectorIndexChoice,
} from '../vector-index/built-in-vector-indexes.js';
import { createVectorIndex } from '../vector-index/create-vector-index.js';
import type { VectorIndex } from '../vector-index/vector-index.js';
import { buildToolViews } from '../views/build-tool-views.js';
import { hashText } from './content-hash.js';
import { withIndexLock } from './index-lock.js';
import { INDEX_MANIFEST } from './index-manifest.js';
import type { LoadedIndex, LoadIndexOptions } from './index-store.js';
import { type IndexWarning, IndexWarningCode } from './index-warning.js';
import {
  countLearned,
  LEARNED_FILE,
  type LearnedPrompts,
  type ReadLearnedPrompts,
  readLearnedPrompts,
} from './learned-prompts-file.js';
import { loadToolIndex } from './load-tool-index.js';
import { saveToolIndex } from './save-tool-index.js';
import { type IndexProgress, ToolIndex } from './tool-index.js';

/** Options of `openToolIndex`. */
export interface OpenToolIndexOptions extends LoadIndexOptions {
  /** Index folder; without it the index lives in memory only (as it must with a component instance: USAGE_ERROR). */
  dir?: string | undefined;
}

/**
 * Open the index of a catalog: reload the saved folder when it is sound and current; update it incrementally
 * when tools changed (only changed views are embedded); rebuild it, with a warning, when it is corrupt,
 * truncated or made by another embedder or version. Learned prompts come from their own file (`LEARNED_FILE`),
 * which no rebuild touches. Saves whatever changed, under the folder's lock; a rebuild is not saved over an index
 * another process saved meanwhile.
 */
export async function openToolIndex(options: OpenToolIndexOptions): Promise<LoadedIndex> {
  const warnings: IndexWarning[] = [];
  const { dir } = options;
  // Checked before any saved index is reused: an unknown or out-of-range option is a USAGE_ERROR either way.
  if (!isLexicalIndex(options.lexical)) resolveLexicalOptions(options.lexical ?? {});
  if (!isVectorIndex(options.vectorIndex)) checkVectorIndexChoice(options.vectorIndex ?? 'auto');
  if (dir !== undefined) requireNoComponentInstance(dir, options);
  if (dir === undefined) {
    const index = createEmptyToolIndex(options, warnings);
    const stats = await index.upsertTools({
      tools: options.tools,
      embedder: options.embedder,
      ...progressOf(options),
    });
    return { index, status: 'memory', stats, warnings };
  }
  const lexicalOptions = lexicalOptionsHash(options.lexical);
  const learnedFile = await readLearnedPrompts(dir);
  warnings.push(...learnedFileWarnings(dir, learnedFile));
  // The learned prompts are those of their file, whatever the index's learned views were built with.
  const learned: LearnedPrompts = learnedFile.prompts ?? new Map();
  let seen = await readManifestBytes(dir);
  let rebuildReason: string | undefined;
  // Twice at most: a load that fails because another process saved meanwhile (its files replaced the ones the
  // manifest read first named) is tried again from the new manifest rather than rebuilt.
  for (let attempt = 0; seen !== undefined && attempt < 2; attempt++) {
    try {
      const loaded = await loadToolIndex({
        dir,
        manifest: seen,
        tools: options.tools,
        embedder: options.embedder,
        lexicalOptions,
        // Never an instance here: a folder with one was refused above.
        vectorIndex: options.vectorIndex as VectorIndexChoice | undefined,
      });
      const relearned = adoptLearned(loaded.index, learned);
      const changed = [...new Map([...loaded.changed, ...relearned].map((tool) => [tool.id, tool])).values()];
      // Rule texts whose vectors are missing (e.g. a changed `when_prefer_*`: conflicts do not change a
      // tool's content hash) are embedded now rather than at query time.
      const ruleTexts = await loaded.index.embedRuleTexts({ embedder: options.embedder });
      if (loaded.isCurrent && changed.length === 0) {
        const saved =
          ruleTexts === 0 ? 'kept' : await persist({ index: loaded.index, dir, lexicalOptions, warnings });
        return {
          index: loaded.index,
          status: saved === 'failed' ? 'memory' : ruleTexts > 0 ? 'updated' : 'loaded',
          stats: { embedded: 0, reused: loaded.index.viewCount },
          warnings,
        };
      }
      const stats = await loaded.index.upsertTools({
        tools: changed,
        embedder: options.embedder,
        reuse: loaded.reuse,
        ...progressOf(options),
      });
      const saved = await persist({ index: loaded.index, dir, lexicalOptions, warnings });
      return { index: loaded.index, status: saved === 'failed' ? 'memory' : 'updated', stats, warnings };
    } catch (error) {
      if (!isToolsiftError(error)) throw error;
      const now = await readManifestBytes(dir);
      rebuildReason = error.message;
      if (now === undefined || now.equals(seen)) break;
      seen = now;
    }
  }
  const index = createEmptyToolIndex(options, warnings);
  adoptLearned(index, learned);
  const stats = await index.upsertTools({
    tools: options.tools,
    embedder: options.embedder,
    ...progressOf(options),
  });
  if (rebuildReason !== undefined) {
    const count = countLearned(index.learned());
    warnings.push({
      code: IndexWarningCode.IndexRebuilt,
      message: `rebuilt the index: ${rebuildReason}${count > 0 ? `; its ${count} learned prompt(s) were kept` : ''}`,
      dir,
      reason: rebuildReason,
      count,
    });
  }
  // A rebuild another process saved first is not saved over: theirs is as good, and this one works in memory.
  const saved = await persist({ index, dir, lexicalOptions, warnings, ifManifest: seen ?? null });
  return { index, status: saved === 'failed' ? 'memory' : 'built', stats, warnings };
}

/**
 * Make an index's learned prompts those of `prompts` (the learned prompts' file): returns the catalog tools whose
 * prompt texts differ, whose views the caller must re-index (`upsertTools`). Sources are taken over either way.
 */
export function adoptLearned(index: ToolIndex, prompts: LearnedPrompts): Tool[] {
  const current = index.learned();
  const changed: Tool[] = [];
  for (const toolId of new Set([...current.keys(), ...prompts.keys()])) {
    const wanted = prompts.get(toolId) ?? [];
    const had = current.get(toolId) ?? [];
    const isSameLength = wanted.length === had.length;
    const isSameText =
      isSameLength && wanted.every((entry, position) => entry.prompt === had[position]!.prompt);
    if (isSameText && wanted.every((entry, position) => entry.source === had[position]!.source)) continue;
    index.setLearned(toolId, wanted);
    const tool = index.tool(toolId);
    if (tool !== undefined && !isSameText) changed.push(tool);
  }
  return changed;
}

/**
 * An empty index sized for the given tools, on the vector and lexical index instances given, else on new built-in
 * ones; vector index advisories (e.g. no HNSW here) go to `warnings`. An instance given must be empty
 * (USAGE_ERROR) and a vector index must have the embedder's dimensions (EMBEDDING_DIMENSION_MISMATCH).
 */
export function createEmptyToolIndex(
  options: Pick<LoadIndexOptions, 'tools' | 'embedder' | 'lexical' | 'vectorIndex'>,
  warnings: IndexWarning[] = [],
): ToolIndex {
  const { dimensions } = options.embedder;
  let vectorIndex: VectorIndex;
  if (isVectorIndex(options.vectorIndex)) {
    vectorIndex = options.vectorIndex;
    if (vectorIndex.dimensions !== dimensions) {
      throw new ToolsiftError(
        ErrorCode.EmbeddingDimensionMismatch,
        `the vector index given has ${vectorIndex.dimensions} dimensions, the embedder "${options.embedder.id}" ${dimensions}`,
        { expected: dimensions, actual: vectorIndex.dimensions },
      );
    }
    requireEmpty('vector', vectorIndex.size);
  } else {
    const expectedSize = options.tools.reduce((sum, tool) => sum + buildToolViews(tool).length, 0);
    const created = createVectorIndex({ dimensions, kind: options.vectorIndex ?? 'auto', expectedSize });
    for (const message of created.warnings)
      warnings.push({ code: IndexWarningCode.ExactIndexFallback, message });
    vectorIndex = created.index;
  }
  let lexical: LexicalIndex;
  if (isLexicalIndex(options.lexical)) {
    lexical = options.lexical;
    requireEmpty('lexical', lexical.size);
  } else {
    lexical = createLexicalIndex(options.lexical ?? {});
  }
  return new ToolIndex({ embedderId: options.embedder.id, dimensions, vectorIndex, lexical });
}

/** Whether a vector or lexical index instance was given (rather than options of the built-in ones). */
export function hasComponentInstance(options: Pick<LoadIndexOptions, 'lexical' | 'vectorIndex'>): boolean {
  return isVectorIndex(options.vectorIndex) || isLexicalIndex(options.lexical);
}

/** How a save ended: saved, kept as it was (another process saved a rebuilt index first), or failed (a warning). */
export type SaveOutcome = 'saved' | 'kept' | 'failed';

/**
 * Save an index under the folder's lock, turning a failure into a warning (the index still works in memory).
 * `ifManifest` (the manifest bytes seen, `null` for none) keeps the folder as it is when another process saved
 * meanwhile; `isLocked` says the caller holds the lock already.
 */
export async function persist(options: {
  index: ToolIndex;
  dir: string;
  lexicalOptions: string;
  warnings: IndexWarning[];
  ifManifest?: Buffer | null;
  isLocked?: boolean;
}): Promise<SaveOutcome> {
  const { index, dir, lexicalOptions, warnings, ifManifest } = options;
  const save = async (): Promise<SaveOutcome> => {
    if (ifManifest !== undefined) {
      const now = await readManifestBytes(dir);
      if (ifManifest === null ? now !== undefined : now === undefined || !now.equals(ifManifest)) {
        warnings.push({
          code: IndexWarningCode.RebuiltIndexNotSaved,
          message: `did not save the rebuilt index in ${dir}: another process saved one meanwhile`,
          dir,
        });
        return 'kept';
      }
    }
    await saveToolIndex({ index, dir, lexicalOptions });
    return 'saved';
  };
  try {
    return options.isLocked === true ? await save() : await withIndexLock(dir, save);
  } catch (error) {
    const reason = (error as Error).message;
    warnings.push({
      code: IndexWarningCode.IndexNotSaved,
      message: `could not save the index in ${dir}: ${reason}`,
      dir,
      reason,
    });
    return 'failed';
  }
}

/**
 * USAGE_ERROR when the index is to be kept in a folder but is built on a vector or lexical index instance, which no
 * store could reload (a `VectorIndexFactory` can be).
 */
export function requireNoComponentInstance(
  dir: string,
  options: Pick<LoadIndexOptions, 'lexical' | 'vectorIndex'>,
): void {
  if (!hasComponentInstance(options)) return;
  throw new ToolsiftError(
    ErrorCode.UsageError,
    `cannot keep the index in ${dir}: an index built on a VectorIndex or LexicalIndex instance lives in memory only (the store could not reload it: a VectorIndexFactory can); leave indexDir out or set it to false`,
    { dir },
  );
}

/**
 * Hash of the lexical options, recorded in the manifest: other options mean another lexical index. An instance
 * hashes as no options (an index on one is never saved). The options are hashed as given (not with defaults filled
 * in), so the hash of no options is the one every saved default index recorded: keep it stable.
 */
export function lexicalOptionsHash(options: LexicalIndexOptions | LexicalIndex | undefined): string {
  return hashText(JSON.stringify(options === undefined || isLexicalIndex(options) ? {} : options));
}

/** Whether the `lexical` option is an index instance rather than options of the built-in one. */
export function isLexicalIndex(value: LexicalIndexOptions | LexicalIndex | undefined): value is LexicalIndex {
  return typeof (value as Partial<LexicalIndex> | undefined)?.search === 'function';
}

// --- internal ---

/** Bad items of the learned prompts' file reported one by one, up to this many (then one warning for the rest). */
const SHOWN_BAD_ITEMS = 10;

/** What reading the learned prompts' file found wrong: the file, its bad items, the prompts beyond the bound. */
function learnedFileWarnings(dir: string, read: ReadLearnedPrompts): IndexWarning[] {
  const file = path.join(dir, LEARNED_FILE);
  const warnings: IndexWarning[] = [];
  if (read.problem !== undefined) {
    warnings.push({
      code: IndexWarningCode.LearnedPromptsUnreadable,
      message: `${read.problem} (in ${dir}); no learned prompt is used until it is repaired, and the next learn moves it aside`,
      dir,
      reason: read.problem,
      file,
    });
  }
  const invalid = read.invalid ?? [];
  const count = invalid.length;
  for (const item of invalid.slice(0, SHOWN_BAD_ITEMS)) {
    warnings.push({
      code: IndexWarningCode.LearnedPromptInvalid,
      message: `${file}: ${item.pointer}: ${item.message}; the item is left out (the others are used), and the next learn moves the file aside`,
      dir,
      file,
      pointer: item.pointer,
      count,
    });
  }
  if (count > SHOWN_BAD_ITEMS) {
    warnings.push({
      code: IndexWarningCode.LearnedPromptInvalid,
      message: `${file}: ${count - SHOWN_BAD_ITEMS} more bad item(s) left out`,
      dir,
      file,
      count,
    });
  }
  if (read.overBound !== undefined) {
    const bound = read.callBound ?? DEFAULT_MAX_LEARNED_PER_TOOL;
    warnings.push({
      code: IndexWarningCode.LearnedPromptsOverBound,
      message: `${file}: ${read.overBound} call-learned prompt(s) beyond the bound of ${bound} per tool left out, the oldest first (the next learn drops them from the file)`,
      dir,
      file,
      count: read.overBound,
    });
  }
  return warnings;
}

function requireEmpty(what: 'vector' | 'lexical', size: number): void {
  if (size === 0) return;
  throw new ToolsiftError(
    ErrorCode.UsageError,
    `the ${what} index given holds ${size} entries: give an empty one, which the selector fills with the catalog`,
    { size },
  );
}

function progressOf(options: OpenToolIndexOptions): { onProgress?: (progress: IndexProgress) => void } {
  return options.onProgress !== undefined ? { onProgress: options.onProgress } : {};
}

async function readManifestBytes(dir: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path.join(dir, INDEX_MANIFEST));
  } catch {
    return undefined;
  }
}
