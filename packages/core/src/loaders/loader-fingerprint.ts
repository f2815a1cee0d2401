import crypto from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A digest of the code that loads catalog files, computed once per process: every module of this package (`src/`
 * or `dist/`, by content) and the installed version of each of its dependencies (the YAML, TOML and schema
 * libraries). Results remembered by a `CatalogMemo` are keyed with it, so any change to how files are loaded (an
 * upgrade, a local edit while developing) makes earlier results unreachable, with no version number to remember to
 * bump. Reading the ~100 modules takes a few milliseconds, once. Undefined where the code does not sit in its
 * package folder (bundled into an application, say): then nothing is remembered.
 */
export function loaderFingerprint(): string | undefined {
  if (fingerprint === undefined) {
    try {
      fingerprint = digestCode(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')) ?? null;
    } catch {
      fingerprint = null;
    }
  }
  return fingerprint ?? undefined;
}

// --- internal ---

/** Undefined until computed; null when there is none. */
let fingerprint: string | null | undefined;

/**
 * The digest of the package whose code folder (`src` or `dist`) is `codeRoot`; undefined when the folder above is
 * not this package's (a digest of someone else's folder would be slow and would not cover the loaders).
 */
function digestCode(codeRoot: string): string | undefined {
  const packageRoot = path.dirname(codeRoot);
  const manifest = readJson(path.join(packageRoot, 'package.json'));
  if (manifest?.name !== '@toolsift/core') return undefined;
  const hash = crypto.createHash('sha256');
  const files = readdirSync(codeRoot, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(js|ts|mjs|cjs)$/.test(file) && !file.endsWith('.d.ts'))
    .sort();
  for (const file of files) {
    hash.update(`${file.split(path.sep).join('/')}\n`);
    hash.update(readFileSync(path.join(codeRoot, file)));
  }
  for (const name of Object.keys(manifest.dependencies ?? {}).sort())
    hash.update(`\n${name}@${installedVersion(name, packageRoot) ?? '?'}`);
  return hash.digest('hex');
}

/** The version of the package `name` as Node would find it from `from` (the nearest node_modules up the tree). */
function installedVersion(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const version = readJson(path.join(dir, 'node_modules', name, 'package.json'))?.version;
    if (typeof version === 'string') return version;
    if (path.dirname(dir) === dir) return undefined;
  }
}

function readJson(
  file: string,
): { name?: unknown; version?: unknown; dependencies?: Record<string, string> } | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}
