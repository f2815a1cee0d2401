import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from './run-toolsift.js';

// The real CLI as a process, from source: colour depends on what stdout and stderr are, and on the environment.
const BIN = ['--import', 'tsx/esm', '--conditions=@toolsift/source', 'packages/cli/src/bin.ts'];
const ESCAPE = '\u001b[';

/** A user's environment: none of the variables that decide colour unless given (vitest itself sets TEST). */
function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? REPO_ROOT,
    TERM: 'xterm-256color',
    ...extra,
  };
}

/** `toolsift ...args` with stdout and stderr piped. */
async function piped(args: readonly string[], extra?: NodeJS.ProcessEnv) {
  return promisify(execFile)(process.execPath, [...BIN, ...args], {
    cwd: REPO_ROOT,
    env: userEnv(extra),
  }).catch((error: { stdout: string; stderr: string }) => error);
}

/** `toolsift ...args` on a terminal (a pseudo-terminal from util-linux `script`): what it showed. */
async function onTerminal(args: readonly string[], extra?: NodeJS.ProcessEnv): Promise<string> {
  const command = [process.execPath, ...BIN, ...args].join(' ');
  const { stdout } = await promisify(execFile)('script', ['-qc', command, '/dev/null'], {
    cwd: REPO_ROOT,
    env: userEnv(extra),
  });
  return stdout;
}

describe('colour in the usage screens', () => {
  test.each(['--help', 'query --help'])('`toolsift %s | cat` has no colour escapes', async (line) => {
    const { stdout } = await piped(line.split(' '));
    expect(stdout).toContain('USAGE');
    expect(stdout).not.toContain(ESCAPE);
  });

  test('a usage error on a piped stderr has none either', async () => {
    const { stderr } = await piped(['query']);
    expect(stderr).toContain('Missing required positional argument: PROMPT');
    expect(stderr).toContain('USAGE');
    expect(stderr).not.toContain(ESCAPE);
  });

  test('FORCE_COLOR keeps colour in a pipe', async () => {
    expect((await piped(['--help'], { FORCE_COLOR: '1' })).stdout).toContain(ESCAPE);
  });

  test('a terminal gets colour, unless NO_COLOR or FORCE_COLOR=0 says otherwise', async () => {
    expect(await onTerminal(['--help'])).toContain(ESCAPE);
    for (const extra of [{ NO_COLOR: 'true' }, { FORCE_COLOR: '0' }, { TERM: 'dumb' }]) {
      const shown = await onTerminal(['--help'], extra);
      expect(shown).toContain('USAGE');
      expect(shown, JSON.stringify(extra)).not.toContain(ESCAPE);
    }
  });
});
