import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';

/** Makes temp folders for the tests of a file and removes them after each test; call at module level. */
export function useTempDirs(): () => Promise<string> {
  const created: string[] = [];
  afterEach(async () => {
    await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });
  return async () => {
    const dir = await mkdtemp(join(tmpdir(), 'toolsift-loaders-'));
    created.push(dir);
    return dir;
  };
}

/** Write `files` (relative path -> text or bytes) under `root`, creating folders. */
export async function writeFiles(root: string, files: Record<string, string | Uint8Array>): Promise<void> {
  for (const [relative, content] of Object.entries(files)) {
    const path = join(root, relative);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content);
  }
}
