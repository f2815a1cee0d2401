import { type ChildProcess, spawn } from 'node:child_process';
import { repoRoot, serveEnv } from '@toolsift/test-support/serve-mcp-process';

/** `toolsift ui` from source: the command line the page's tests start it with. */
export const UI_ARGS = [
  '--import',
  'tsx/esm',
  '--conditions=@toolsift/source',
  'packages/cli/src/bin.ts',
  'ui',
];

/** A `toolsift ui` process serving its page. */
export interface UiProcess {
  /** The URL it printed, with the token in its fragment. */
  pageUrl: string;
  /** The page's origin, e.g. `http://127.0.0.1:41234`. */
  origin: string;
  token: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Start `toolsift ui` with `args`; resolves once it prints the URL to open. */
export async function startUiProcess(args: readonly string[]): Promise<UiProcess> {
  const child = spawn(process.execPath, [...UI_ARGS, ...args], {
    cwd: repoRoot,
    env: serveEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const pageUrl = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /toolsift ui: open (\S+)/.exec(output);
      if (found?.[1] !== undefined) resolve(found[1]);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) =>
      reject(new Error(`toolsift ui exited (${code}) before serving:\n${output}`)),
    );
  });
  const url = new URL(pageUrl);
  return {
    pageUrl,
    origin: url.origin,
    token: decodeURIComponent(url.hash.replace(/^#token=/, '')),
    process: child,
    stop: () => stopProcess(child),
  };
}

/** End a child process with SIGTERM and wait for it. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
