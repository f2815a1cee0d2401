import path from 'node:path';
import { run } from '@toolsift/cli';

/** The repository's root folder. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** Run the CLI in-process with captured output; `isTTY` makes stdout and stderr look like a terminal. */
export async function runToolsift(
  argv: readonly string[],
  options: { cwd: string; isTTY?: boolean; env?: NodeJS.ProcessEnv },
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const isTTY = options.isTTY ?? false;
  const io = {
    stdout: { write: (text: string) => (stdout += text), isTTY },
    stderr: { write: (text: string) => (stderr += text), isTTY },
    cwd: options.cwd,
    env: options.env ?? {},
  };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

/** Run the CLI over the project's `metadata/` catalog with the hash embedder, its index in `root/index`. */
export function runOnProjectCatalog(
  argv: readonly string[],
  root: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return runToolsift(
    [
      ...argv,
      '--catalog',
      path.join(REPO_ROOT, 'metadata'),
      '--embedder',
      'hash',
      '--index-dir',
      path.join(root, 'index'),
    ],
    { cwd: root },
  );
}

/** Run the CLI over `root/catalog` with the hash embedder, its index in `root/index`, from `root`. */
export function runOnCatalog(
  argv: readonly string[],
  root: string,
  options: { isTTY?: boolean } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return runToolsift(
    [...argv, '--catalog', 'catalog', '--embedder', 'hash', '--index-dir', path.join(root, 'index')],
    { cwd: root, ...options },
  );
}
