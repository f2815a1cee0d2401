import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CatalogMemo, LoadedFile } from '@toolsift/core';
import { makeDirectory, writeFileAtomic } from '../shared/atomic-file.js';
import { crc32 } from '../shared/checksum.js';

/** The file an index folder keeps its catalog memo in. */
export const CATALOG_MEMO_FILE = 'catalog-memo';

/** A `CatalogMemo` kept in an index folder: read once, written back when a load used other entries than it holds. */
export interface CatalogMemoFile {
  memo: CatalogMemo;
  /**
   * Keep in `dir` exactly the entries this load used (new ones in, those of removed or changed files out).
   * Writes only when that differs from what was read; a folder that cannot be written is left as it is (the
   * memo only saves time).
   */
  save(dir: string): Promise<void>;
}

/**
 * Open the catalog memo of an index folder (no folder: an empty memo). A missing, damaged or older file is an empty
 * memo too, replaced on save: entries are trusted only after the file's size and CRC-32 check out, like the index's
 * own files.
 * Layout: a header line `toolsift-catalog-memo <version> <bytes> <crc32>` for the rest, then one line per file
 * loaded, its key (64 hex digits), a space and the loaded file as JSON.
 */
export async function openCatalogMemo(dir: string | undefined): Promise<CatalogMemoFile> {
  const from = dir === undefined ? undefined : path.join(dir, CATALOG_MEMO_FILE);
  const saved = from === undefined ? new Map<string, string>() : await readEntries(from);
  const used = new Map<string, string>();
  return {
    memo: {
      get(key) {
        const json = saved.get(key);
        if (json === undefined) return undefined;
        let loaded: LoadedFile;
        try {
          loaded = JSON.parse(json) as LoadedFile;
        } catch {
          return undefined;
        }
        used.set(key, json);
        return loaded;
      },
      set(key, loaded) {
        used.set(key, JSON.stringify(loaded));
      },
    },
    async save(to) {
      const file = path.join(to, CATALOG_MEMO_FILE);
      const isUnchanged =
        file === from &&
        used.size === saved.size &&
        [...used].every(([key, json]) => saved.get(key) === json);
      if (isUnchanged) return;
      const body = Buffer.from([...used].map(([key, json]) => `${key} ${json}\n`).join(''));
      const header = Buffer.from(`${MAGIC} ${VERSION} ${body.byteLength} ${crc32(body)}\n`);
      try {
        await makeDirectory(to);
        await writeFileAtomic(file, Buffer.concat([header, body]));
      } catch {
        // Read-only or vanished folder: the next load parses the catalog again.
      }
    },
  };
}

// --- internal ---

const MAGIC = 'toolsift-catalog-memo';
const VERSION = 1;
const KEY_LENGTH = 64;

async function readEntries(file: string): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return entries;
  }
  const headerEnd = bytes.indexOf(0x0a);
  if (headerEnd < 0) return entries;
  const [magic, version, size, checksum] = bytes.subarray(0, headerEnd).toString('latin1').split(' ');
  const body = bytes.subarray(headerEnd + 1);
  if (
    magic !== MAGIC ||
    version !== String(VERSION) ||
    size !== String(body.byteLength) ||
    checksum !== String(crc32(body))
  )
    return entries;
  for (const line of body.toString('utf8').split('\n')) {
    if (line.length > KEY_LENGTH + 1 && line.charCodeAt(KEY_LENGTH) === 0x20)
      entries.set(line.slice(0, KEY_LENGTH), line.slice(KEY_LENGTH + 1));
  }
  return entries;
}
