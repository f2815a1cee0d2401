import crypto from 'node:crypto';
import type { ToolFormat } from '../model/tool.js';
import type { LoadedFile } from './load-document.js';
import { loaderFingerprint } from './loader-fingerprint.js';

/**
 * Remembers what catalog files loaded to, by content, so that a file read again with the same bytes is not
 * parsed and validated again (at 10k tools that is ~0.5 s of every cold `toolsift query`). `loadCatalog` asks
 * for a file's key once its text is read; a key covers the text, the file's name (tools and diagnostics carry
 * it), how it is read (format, leniency) and the loader code itself (`loaderFingerprint`), so a changed file, a
 * changed option or another toolsift version never meets an old result.
 */
export interface CatalogMemo {
  /** The result remembered under `key`, as a fresh object the caller owns; undefined when unknown. */
  get(key: string): LoadedFile | undefined;
  /** Remember a result; only results that survive JSON unchanged are given (`isJsonExact`). */
  set(key: string, loaded: LoadedFile): void;
}

/**
 * The key a file's result is remembered under (64 hex digits); undefined when the loader code cannot be
 * fingerprinted (then no result is remembered or reused).
 */
export function catalogMemoKey(options: {
  file: string;
  format: ToolFormat | undefined;
  isLenient: boolean;
  text: string;
}): string | undefined {
  const fingerprint = loaderFingerprint();
  if (fingerprint === undefined) return undefined;
  const header = JSON.stringify([
    MEMO_KEY_VERSION,
    fingerprint,
    options.file,
    options.format ?? null,
    options.isLenient,
  ]);
  return crypto.createHash('sha256').update(header).update('\n').update(options.text).digest('hex');
}

// --- internal ---

/** Bump when the meaning of a key changes. */
const MEMO_KEY_VERSION = 1;
