import { readFile } from 'node:fs/promises';
import { endianness } from 'node:os';
import path from 'node:path';
import { ErrorCode, type Tool, ToolsiftError } from '@toolsift/core';
import type { Embedder } from '../embedding/embedder.js';
import { loadLexicalIndex } from '../lexical/create-lexical-index.js';
import { loadVectorIndex } from '../vector-index/load-vector-index.js';
import { parseViewKey, type ToolView } from '../views/tool-view.js';
import { type FileEntry, sha256 } from './atomic-file.js';
import {
  INDEX_FORMAT_VERSION,
  INDEX_MANIFEST,
  type IndexManifest,
  manifestProblem,
} from './index-manifest.js';
import { decodeRuleVectors } from './rule-vectors-file.js';
import { ToolIndex } from './tool-index.js';

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
 * dimensions, byte order, lexical options, every file's size and sha256, and that the vector index holds the
 * listed views. Any problem throws INDEX_CORRUPT (the caller rebuilds). Views of removed or changed tools are
 * dropped from the loaded indexes.
 */
export async function loadToolIndex(options: {
  dir: string;
  tools: readonly Tool[];
  embedder: Embedder;
  lexicalOptions: string;
}): Promise<LoadedToolIndex> {
  const { dir, embedder } = options;
  const manifest = await readManifest(dir);
  if (manifest.version !== INDEX_FORMAT_VERSION) {
    throw corrupt(dir, `format version ${manifest.version}, expected ${INDEX_FORMAT_VERSION}`, 'version');
  }
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

  // Read every payload at once: the disk works while checksums and parsing use the CPU.
  const [lexicalBytes, textBytes, ruleBytes, vectorIndex] = await Promise.all([
    readChecked(dir, manifest.files.lexical),
    readChecked(dir, manifest.files.texts),
    readChecked(dir, manifest.files.ruleVectors),
    loadVectorIndex(path.join(dir, manifest.files.vectorIndex), { dimensions: manifest.embedder.dimensions }),
  ]);
  const lexical = loadLexicalIndex(lexicalBytes);
  if (vectorIndex.size !== manifest.views.length) {
    throw corrupt(
      dir,
      `the vector index holds ${vectorIndex.size} vectors, the manifest ${manifest.views.length}`,
      'count',
    );
  }

  const texts = parseJson(dir, textBytes);
  if (
    !Array.isArray(texts) ||
    texts.length !== manifest.views.length ||
    !texts.every((text) => typeof text === 'string')
  ) {
    throw corrupt(dir, 'the texts file does not match the view table', 'texts');
  }
  const dimensions = manifest.embedder.dimensions;
  const saved = new Map<string, ToolView[]>();
  for (const [row, key] of manifest.views.entries()) {
    const parsed = parseViewKey(key);
    if (parsed === undefined) throw corrupt(dir, `"${key}" is not a view key`, 'views');
    if (!vectorIndex.has(key)) throw corrupt(dir, `the vector index holds no vector for "${key}"`, 'views');
    const list = saved.get(parsed.toolId);
    const view = { key, ...parsed, text: texts[row] as string };
    if (list === undefined) saved.set(parsed.toolId, [view]);
    else list.push(view);
  }

  const ruleVectors = decodeRuleVectors(ruleBytes, dimensions);
  if (typeof ruleVectors === 'string') throw corrupt(dir, ruleVectors, 'rule-vectors');

  const index = new ToolIndex({ embedderId: embedder.id, dimensions, vectorIndex, lexical });
  index.setRuleVectors(ruleVectors);
  for (const [toolId, prompts] of Object.entries(manifest.learned)) index.setLearned(toolId, prompts);
  const changed = index.restore({
    tools: options.tools,
    toolHashes: new Map(Object.entries(manifest.tools)),
    saved,
  });
  const staleKeys = manifest.views.filter((key) => index.view(key) === undefined);
  // The vectors of removed views stay reusable (by text hash) for the changed tools about to be re-indexed.
  const staleVectors = new Map(staleKeys.map((key) => [key, vectorIndex.vector(key)!.slice()]));
  vectorIndex.remove(staleKeys);
  const liveIds = new Set(options.tools.map((tool) => tool.id));
  const goneIds = Object.keys(manifest.tools).filter((id) => !liveIds.has(id));
  lexical.remove(goneIds);
  let rowOfHash: Map<string, number> | undefined;
  return {
    index,
    changed,
    reuse: (textHash) => {
      rowOfHash ??= new Map(manifest.viewHashes.map((hash, row) => [hash, row]));
      const row = rowOfHash.get(textHash);
      if (row === undefined) return undefined;
      const key = manifest.views[row]!;
      return staleVectors.get(key) ?? vectorIndex.vector(key);
    },
    isCurrent: changed.length === 0 && staleKeys.length === 0 && goneIds.length === 0,
  };
}

// --- internal ---

async function readManifest(dir: string): Promise<IndexManifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, INDEX_MANIFEST), 'utf8');
  } catch (error) {
    throw corrupt(dir, `cannot read ${INDEX_MANIFEST}`, 'missing', error);
  }
  const parsed = parseJson(dir, Buffer.from(text));
  const problem = manifestProblem(parsed);
  if (problem !== undefined) throw corrupt(dir, `${INDEX_MANIFEST}: ${problem}`, 'manifest');
  return parsed as IndexManifest;
}

async function readChecked(dir: string, entry: FileEntry): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path.join(dir, entry.file));
  } catch (error) {
    throw corrupt(dir, `cannot read ${entry.file}`, 'missing', error);
  }
  if (bytes.length !== entry.bytes) {
    throw corrupt(dir, `${entry.file} is ${bytes.length < entry.bytes ? 'truncated' : 'too long'}`, 'size');
  }
  if (sha256(bytes) !== entry.sha256) throw corrupt(dir, `${entry.file} fails its checksum`, 'checksum');
  return bytes;
}

function parseJson(dir: string, bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw corrupt(dir, 'a file is not valid JSON', 'json', error);
  }
}

function corrupt(dir: string, what: string, reason: string, cause?: unknown): ToolsiftError {
  return new ToolsiftError(
    ErrorCode.IndexCorrupt,
    `index in ${dir} cannot be used: ${what}`,
    { dir, reason },
    cause === undefined ? undefined : { cause },
  );
}
