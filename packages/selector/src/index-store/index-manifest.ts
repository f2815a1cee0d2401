import { isRecord } from '@toolsift/core';
import type { FileEntry } from '../shared/atomic-file.js';

/**
 * Bumped whenever the index layout or the way views are built changes; an index of another format is rebuilt (no
 * older format is read before 1.0). 8: learned prompts only in the learned prompts' file, not in the manifest.
 */
export const INDEX_FORMAT_VERSION = 8;

/** Name of the manifest inside an index folder; it is renamed into place last, so it commits a save. */
export const INDEX_MANIFEST = 'manifest.json';

/** The manifest of a saved index folder. */
export interface IndexManifest {
  format: 'toolsift-index';
  version: number;
  embedder: { id: string; dimensions: number };
  /** Byte order of the binary payloads. */
  endianness: 'LE' | 'BE';
  /** Hash of the lexical options the lexical snapshot was built with. */
  lexicalOptions: string;
  /**
   * Payloads: the view table (tools, content hashes, views; see `encodeViewTable`), the lexical snapshot, the
   * rule-text vectors, the exact-name matcher's phrase table (JSON), and the folder of the vector index (which
   * checks its own files).
   */
  files: {
    views: FileEntry;
    lexical: FileEntry;
    ruleVectors: FileEntry;
    names: FileEntry;
    vectorIndex: string;
  };
}

/** What is wrong with a parsed manifest, or `undefined` when its shape is right. */
export function manifestProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return 'not an object';
  if (value.format !== 'toolsift-index') return 'not a toolsift index manifest';
  if (typeof value.version !== 'number') return 'no version';
  const embedder = value.embedder;
  if (!isRecord(embedder) || typeof embedder.id !== 'string' || typeof embedder.dimensions !== 'number') {
    return 'no embedder id and dimensions';
  }
  if (value.endianness !== 'LE' && value.endianness !== 'BE') return 'no byte order';
  if (typeof value.lexicalOptions !== 'string') return 'no lexical options hash';
  const files = value.files;
  if (
    !isRecord(files) ||
    !isFileEntry(files.views) ||
    !isFileEntry(files.lexical) ||
    !isFileEntry(files.ruleVectors) ||
    !isFileEntry(files.names)
  ) {
    return 'bad file table';
  }
  if (typeof files.vectorIndex !== 'string' || !SAFE_NAME.test(files.vectorIndex))
    return 'bad vector index folder';
  return undefined;
}

/** Names of generation files and folders inside an index folder: `index.<generation>.<role>`. */
export const GENERATION_NAME = /^index\.[0-9a-f]+\.[a-z-]+$/;

// --- internal ---

const SAFE_NAME = /^[A-Za-z0-9._-]+$/;

function isFileEntry(value: unknown): value is FileEntry {
  return (
    isRecord(value) &&
    typeof value.file === 'string' &&
    SAFE_NAME.test(value.file) &&
    Number.isSafeInteger(value.bytes) &&
    Number.isInteger(value.crc32) &&
    (value.crc32 as number) >= 0 &&
    (value.crc32 as number) <= 0xffff_ffff
  );
}
