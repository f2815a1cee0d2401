import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The page's files, by the path they are served at (`/` is `index.html`), each with its content type. */
export interface UiAssets {
  get(pathname: string): Promise<{ body: Buffer; contentType: string } | undefined>;
}

/**
 * The page's plain files, shipped in the package's `ui/` folder (nothing is built at install). Only the files there
 * when the server starts are served, by name: no path a request gives reaches the file system.
 */
export async function loadUiAssets(dir: string = UI_ASSETS_DIR): Promise<UiAssets> {
  const names = new Set(
    (await readdir(dir, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && CONTENT_TYPES[path.extname(entry.name)] !== undefined)
      .map((entry) => entry.name),
  );
  return {
    async get(pathname) {
      const name = pathname === '/' ? 'index.html' : pathname.slice(1);
      if (!names.has(name)) return undefined;
      const contentType = CONTENT_TYPES[path.extname(name)]!;
      return { body: await readFile(path.join(dir, name)), contentType };
    },
  };
}

/** The `ui/` folder of the cli package, from `src/ui/` and `dist/ui/` alike. */
export const UI_ASSETS_DIR = fileURLToPath(new URL('../../ui/', import.meta.url));

// --- internal ---

const CONTENT_TYPES: Partial<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};
