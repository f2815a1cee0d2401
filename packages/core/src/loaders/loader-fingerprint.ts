import crypto from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A digest of this package's own code (every module of `src/` or `dist/`, by content), computed once per process.
 * Results remembered by a `CatalogMemo` are keyed with it: any change to how files are loaded (an upgrade, a
 * local edit while developing) makes earlier results unreachable, with no version number to remember to bump.
 * Reading the ~100 modules takes a few milliseconds, once.
 */
export function loaderFingerprint(): string {
  fingerprint ??= digestCode(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
  return fingerprint;
}

// --- internal ---

let fingerprint: string | undefined;

function digestCode(root: string): string {
  const hash = crypto.createHash('sha256');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(js|ts|mjs|cjs)$/.test(file) && !file.endsWith('.d.ts'))
    .sort();
  for (const file of files) {
    hash.update(`${file.split(path.sep).join('/')}\n`);
    hash.update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}
