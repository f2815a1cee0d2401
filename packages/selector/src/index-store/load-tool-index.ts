import { open } from 'node:fs/promises';
import { endianness } from 'node:os';
import path from 'node:path';
import { ErrorCode, type Tool, ToolsiftError } from '@toolsift/core';
import type { Embedder } from '../embedding/embedder.js';
import { loadLexicalIndex } from '../lexical/create-lexical-index.js';
import { restoreExactNameMatcher } from '../ranking/exact-name-matcher.js';
import type { FileEntry } from '../shared/atomic-file.js';
import { crc32 } from '../shared/checksum.js';
import type { VectorIndexChoice } from '../vector-index/built-in-vector-indexes.js';
import { loadVectorIndex } from '../vector-index/load-vector-index.js';
import { hashTool } from './content-hash.js';
import {
  INDEX_FORMAT_VERSION,
  INDEX_MANIFEST,
  type IndexManifest,
  manifestProblem,
} from './index-manifest.js';
import { parseJsonBytes } from './json-section.js';
import { decodeRuleVectors } from './rule-vectors-file.js';
import { ToolIndex } from './tool-index.js';
import { decodeViewTable } from './view-table-file.js';

/** A saved index read back: the index with every unchanged tool restored, and what still needs indexing. */
export interface LoadedToolIndex {
  index: ToolIndex;
  /** Tools of the catalog that are new or changed since the save. */
  changed: Tool[];
  /** A saved vector by text hash, reusable for the changed tools' unchanged views. */
  reuse(textHash: string): Float32Array | undefined;
  /** True when the saved index holds exactly the catalog (nothing to embed, remove or save). */
  isCurrent: boolean;
}

/**
 * Read an index folder and check everything before trusting it: manifest shape and version, embedder id and
 * dimensions, byte order, lexical options, every file's size and CRC-32, and that the vector index holds exactly
 * the listed views. Any problem throws INDEX_CORRUPT (the caller rebuilds). Views of removed or changed tools
 * are dropped from the loaded indexes.
 */
export async function loadToolIndex(options: {
  dir: string;
  /** The bytes of the folder's manifest, as the caller read them. */
  manifest: Buffer;
  tools: readonly Tool[];
  embedder: Embedder;
  lexicalOptions: string;
  /** The vector index wanted (see `loadVectorIndex`): a folder saved by another kind is refused. */
  vectorIndex?: VectorIndexChoice | undefined;
}): Promise<LoadedToolIndex> {
  const { dir, embedder, tools } = options;
  const manifest = parseManifest(dir, options.manifest);
  if (manifest.embedder.id !== embedder.id || manifest.embedder.dimensions !== embedder.dimensions) {
    throw corrupt(
      dir,
      `built with embedder ${manifest.embedder.id} (${manifest.embedder.dimensions}-d), not ${embedder.id} (${embedder.dimensions}-d)`,
      'embedder',
    );
  }
  if (manifest.endianness !== endianness())
    throw corrupt(dir, `written on a ${manifest.endianness} machine`, 'endianness');
  if (manifest.lexicalOptions !== options.lexicalOptions)
    throw corrupt(dir, 'built with other lexical options', 'lexical');
  const dimensions = manifest.embedder.dimensions;

  // The vector index starts loading first (hnswlib parses its graph on a worker thread while its bytes are read
  // for the checksum) and is awaited last, once the other payloads are checked and decoded and the catalog is
  // hashed. The rejection handlers only keep an earlier failure from leaving a promise unobserved; `await`
  // still throws.
  const vectorLoad = loadVectorIndex(path.join(dir, manifest.files.vectorIndex), {
    dimensions,
    vectorIndex: options.vectorIndex,
  });
  vectorLoad.catch(() => undefined);
  const reads = Promise.all([
    readChecked(dir, manifest.files.views),
    readChecked(dir, manifest.files.lexical),
    readChecked(dir, manifest.files.ruleVectors),
    readChecked(dir, manifest.files.names),
  ]);
  reads.catch(() => undefined);
  const [tableBytes, lexicalBytes, ruleBytes, namesBytes] = await reads;
  const table = decodeViewTable(tableBytes);
  if (typeof table === 'string') throw corrupt(dir, table, 'views');
  const ruleVectors = decodeRuleVectors(ruleBytes, dimensions);
  if (typeof ruleVectors === 'string') throw corrupt(dir, ruleVectors, 'rule-vectors');
  const lexical = loadLexicalIndex(lexicalBytes);
  const savedTools = table.toolIds.length;
  const rowOfTool = new Map<string, number>();
  for (let row = 0; row < savedTools; row++) rowOfTool.set(table.toolIds[row]!, row);
  if (rowOfTool.size !== savedTools) throw corrupt(dir, 'the view table repeats a tool', 'views');
  // Per catalog tool: its content hash, and the saved tool it may be restored from (-1: none, or changed).
  const hashes = tools.map(hashTool);
  const sources = new Int32Array(tools.length).fill(-1);
  const isInCatalog = new Uint8Array(savedTools);
  tools.forEach((tool, position) => {
    const row = rowOfTool.get(tool.id);
    if (row === undefined) return;
    isInCatalog[row] = 1;
    if (table.toolHashes[row] === hashes[position]) sources[position] = row;
  });

  const vectorIndex = await vectorLoad;
  const viewCount = table.keys.length;
  if (vectorIndex.size !== viewCount) {
    throw corrupt(
      dir,
      `the vector index holds ${vectorIndex.size} vectors, the view table ${viewCount}`,
      'count',
    );
  }
  const missing = (key: string) => corrupt(dir, `the vector index holds no vector for "${key}"`, 'views');
  const index = new ToolIndex({ embedderId: embedder.id, dimensions, vectorIndex, lexical });
  index.setRuleVectors(ruleVectors);
  const changed: Tool[] = [];
  const isRestored = new Uint8Array(savedTools);
  let restoredViews = 0;
  tools.forEach((tool, position) => {
    const row = sources[position]!;
    if (row < 0) {
      changed.push(tool);
      return;
    }
    const views = table.views(row);
    const missingKey = index.restoreTool(tool, views, hashes[position]!);
    if (missingKey !== undefined) throw missing(missingKey);
    if (isRestored[row] === 1) return; // a catalog that repeats an id
    isRestored[row] = 1;
    restoredViews += views.length;
    // The prompts its learned views were built with; the learned prompts' file says which to keep, and their sources.
    const learned = views.filter((view) => view.kind === 'learned');
    if (learned.length > 0)
      index.setLearned(
        tool.id,
        learned.map((view) => ({ prompt: view.text, source: 'labelled' })),
      );
  });
  // Distinct keys, each with a vector, as many as the vector index holds: the two hold the same views.
  if (index.viewCount !== restoredViews) throw corrupt(dir, 'the view table repeats a view', 'views');
  const staleKeys: string[] = [];
  const goneIds: string[] = [];
  for (let row = 0; row < savedTools; row++) {
    if (isRestored[row] === 1) continue;
    if (isInCatalog[row] === 0) goneIds.push(table.toolIds[row]!);
    for (let view = table.starts[row]!; view < table.starts[row + 1]!; view++)
      staleKeys.push(table.keys[view]!);
  }
  for (const key of staleKeys) if (!vectorIndex.has(key)) throw missing(key);
  if (staleKeys.some((key) => index.view(key) !== undefined) || new Set(staleKeys).size !== staleKeys.length)
    throw corrupt(dir, 'the view table repeats a view', 'views');
  // The vectors of removed views stay reusable (by text hash) for the changed tools about to be re-indexed.
  const staleVectors = new Map(staleKeys.map((key) => [key, vectorIndex.vector(key)!.slice()]));
  vectorIndex.remove(staleKeys);
  lexical.remove(goneIds);
  // The saved name matcher fits only the very tools it was built from; it is decoded on first use.
  if (changed.length === 0 && goneIds.length === 0)
    index.useSavedNames(() => restoreExactNameMatcher(parseJsonBytes(namesBytes)));
  let rowOfHash: Map<string, number> | undefined;
  return {
    index,
    changed,
    reuse: (textHash) => {
      rowOfHash ??= new Map(table.keys.map((_, row) => [table.textHash(row), row]));
      const row = rowOfHash.get(textHash);
      if (row === undefined) return undefined;
      const key = table.keys[row]!;
      return staleVectors.get(key) ?? vectorIndex.vector(key);
    },
    isCurrent: changed.length === 0 && staleKeys.length === 0 && goneIds.length === 0,
  };
}

// --- internal ---

function parseManifest(dir: string, bytes: Buffer): IndexManifest {
  const parsed = parseJsonBytes(bytes);
  if (parsed === undefined) throw corrupt(dir, `${INDEX_MANIFEST} is not valid JSON`, 'json');
  // The version first: an index of another version is rebuilt for that reason, whatever else differs.
  const version = (parsed as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version !== INDEX_FORMAT_VERSION) {
    throw corrupt(
      dir,
      `saved in index format ${version}, and this toolsift reads format ${INDEX_FORMAT_VERSION} only`,
      'version',
    );
  }
  const problem = manifestProblem(parsed);
  if (problem !== undefined) throw corrupt(dir, `${INDEX_MANIFEST}: ${problem}`, 'manifest');
  return parsed as IndexManifest;
}

async function readChecked(dir: string, entry: FileEntry): Promise<Buffer> {
  let bytes = Buffer.alloc(0);
  let size: number;
  try {
    // One read of the recorded size (readFile takes 512 KiB per trip through the event loop, which the vector
    // index keeps busy meanwhile).
    const handle = await open(path.join(dir, entry.file), 'r');
    try {
      size = (await handle.stat()).size;
      if (size === entry.bytes) {
        bytes = Buffer.allocUnsafe(size);
        for (size = 0; size < bytes.length; ) {
          const { bytesRead } = await handle.read(bytes, size, bytes.length - size, size);
          if (bytesRead === 0) break;
          size += bytesRead;
        }
      }
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw corrupt(dir, `cannot read ${entry.file}`, 'missing', error);
  }
  if (size !== entry.bytes) {
    throw corrupt(dir, `${entry.file} is ${size < entry.bytes ? 'truncated' : 'too long'}`, 'size');
  }
  if (crc32(bytes) !== entry.crc32) throw corrupt(dir, `${entry.file} fails its checksum`, 'checksum');
  return bytes;
}

function corrupt(dir: string, what: string, reason: string, cause?: unknown): ToolsiftError {
  return new ToolsiftError(
    ErrorCode.IndexCorrupt,
    `index in ${dir} cannot be used: ${what}`,
    { dir, reason },
    cause === undefined ? undefined : { cause },
  );
}
