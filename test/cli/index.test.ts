import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { runToolsift } from './run-toolsift.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'toolsift-index-cli-'));
  await writeFile(
    path.join(root, 'tools.json'),
    JSON.stringify({
      tools: [
        { name: 'get_weather', description: 'Current weather for a city.', inputSchema: { type: 'object' } },
        { name: 'send_email', description: 'Send an email to someone.', inputSchema: { type: 'object' } },
      ],
    }),
  );
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('toolsift index', () => {
  test('builds the index in .toolsift/ beside the catalog, then reloads it', async () => {
    const first = await runToolsift(['index', '--catalog', 'tools.json', '--embedder', 'hash', '--json'], {
      cwd: root,
    });
    expect(first.code).toBe(0);
    const report = JSON.parse(first.stdout);
    expect(report).toMatchObject({ status: 'built', tools: 2, embedded: 2, reused: 0, warnings: [] });
    expect(path.dirname(report.dir)).toBe(path.join(root, '.toolsift'));
    await access(path.join(report.dir, 'manifest.json'));

    const second = await runToolsift(['index', '--catalog', 'tools.json', '--embedder', 'hash'], {
      cwd: root,
    });
    expect(second).toMatchObject({ code: 0, stderr: '' });
    expect(second.stdout).toMatch(
      /^loaded index of 2 tools with hash: 0 views embedded, 2 reused, in [\d.]+s\n/,
    );
  });

  test('shows a progress bar on a terminal, cleared when done', async () => {
    const result = await runToolsift(['index', '--catalog', 'tools.json', '--embedder', 'hash'], {
      cwd: root,
      isTTY: true,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('embedding views [');
    expect(result.stderr).toContain('2/2');
    expect(result.stdout).toMatch(/^built index of 2 tools/);
  });

  test('shows no progress bar when stderr is not a terminal', async () => {
    const result = await runToolsift(['index', '--catalog', 'tools.json', '--embedder', 'hash'], {
      cwd: root,
    });
    expect(result.stderr).toBe('');
  });

  test('an unknown embedder is an input error', async () => {
    const result = await runToolsift(['index', '--catalog', 'tools.json', '--embedder', 'nope:x'], {
      cwd: root,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('[UNKNOWN_EMBEDDER]');
  });

  test('a catalog without tools is an input error', async () => {
    await writeFile(path.join(root, 'empty.json'), '{"tools": []}');
    const result = await runToolsift(['index', '--catalog', 'empty.json', '--embedder', 'hash'], {
      cwd: root,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('[EMPTY_CATALOG]');
  });
});
