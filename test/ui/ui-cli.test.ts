import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT, runToolsift } from '../cli/run-toolsift.js';

// `toolsift ui` and `gateway --ui`: bad options are exit 1 with a message saying what to give, before anything is
// loaded or served.
const CATALOG = path.join(REPO_ROOT, 'test/support/fixtures/ui/catalog');

describe('toolsift ui: bad input', () => {
  test.each([
    [['ui', '--port', 'http'], '--port must be a port number from 0 to 65535, written in digits; got "http"'],
    [
      ['ui', '--port', '70000'],
      '--port must be a port number from 0 to 65535, written in digits; got "70000"',
    ],
    [['gateway', '--config', 'mcp.json', '--ui-port', '8700'], '--ui-port applies to --ui only'],
    [
      ['gateway', '--config', 'mcp.json', '--ui', '--ui-port', 'x'],
      '--ui-port must be a port number from 0 to 65535, written in digits; got "x"',
    ],
  ])('%j', async (argv, message) => {
    const result = await runToolsift(argv, { cwd: REPO_ROOT });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')[0]).toBe(`toolsift: ${message} [USAGE_ERROR]`);
  });

  test('a port in use is exit 1 saying so', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    const root = await mkdtemp(path.join(tmpdir(), 'toolsift-ui-cli-'));
    try {
      const result = await runToolsift(
        [
          'ui',
          '--catalog',
          CATALOG,
          '--embedder',
          'hash',
          '--index-dir',
          path.join(root, 'index'),
          '--port',
          String(port),
        ],
        {
          cwd: REPO_ROOT,
        },
      );
      expect(result.code).toBe(1);
      expect(result.stderr.split('\n')[0]).toBe(
        `toolsift: cannot serve HTTP on 127.0.0.1:${port} (EADDRINUSE): the port is in use; pick another with --port, or 0 for a free one [USAGE_ERROR]`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
      await rm(root, { recursive: true, force: true });
    }
  });
});
