import { spawnSync } from 'node:child_process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from './run-toolsift.js';

// `pnpm toolsift ... --json | jq .` through the real pnpm: stdout is the JSON document and nothing else. pnpm prints
// `$ <script>` before a script, on stderr, unless its loglevel is warn or lower; `--silent` sets that. In pnpm 12
// `-s` is `--sequential` for `run`, not `--silent`: `pnpm -s toolsift` still prints the line (on stderr).
const indexDir = tempFolder('toolsift-pnpm-script-');

function pnpm(before: string[]): { status: number | null; stdout: string; stderr: string } {
  const argv = [...before, 'toolsift', 'query', 'what is the weather in Paris', '--json', '--k', '2'];
  const result = spawnSync(
    'pnpm',
    [...argv, '--catalog', 'metadata', '--embedder', 'hash', '--index-dir', indexDir],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, TOOLSIFT_CACHE_DIR: SHARED_TEST_CACHE_DIR, OPENWEATHER_API_KEY: 'set' },
      timeout: 60_000,
    },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('pnpm toolsift', () => {
  test.each([[[]], [['-s']], [['--silent']]])(
    'pnpm %j toolsift query --json prints one JSON document on stdout',
    (before) => {
      const result = pnpm(before);
      expect(result.status).toBe(0);
      expect(result.stdout.startsWith('{')).toBe(true);
      expect(JSON.parse(result.stdout).tools[0]).toMatchObject({ id: 'get_current_weather' });
    },
  );

  test('pnpm --silent toolsift prints nothing of its own: no "$ node ..." line on stderr', () => {
    const result = pnpm(['--silent']);
    expect(result.status).toBe(0);
    expect(result.stderr).not.toMatch(/^\$ /m);
  });
});
