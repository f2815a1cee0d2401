import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/** A temp folder for the tests of a file, made now and removed after them all; call at module level. */
export function tempFolder(prefix: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  afterAll(() => rm(folder, { recursive: true, force: true }));
  return folder;
}
