import { cp, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT, runToolsift } from './run-toolsift.js';

const indexDir = tempFolder('toolsift-first-run-');

// The README's first command, as a newcomer runs it: the project catalog, the real use-lite encoder, and no
// credentials in the environment (only the model cache folder is set, so the test does not convert it again).
const FIRST_RUN_PROMPT = 'what is 3pm in London in New York time?';

describe("the README's first run", () => {
  test('the README runs this prompt', async () => {
    const readme = await readFile(path.join(REPO_ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`pnpm toolsift query "${FIRST_RUN_PROMPT}"`);
  });

  test('with no credentials set, the first tool is the right one and can run here', async () => {
    const result = await runToolsift(['query', FIRST_RUN_PROMPT, '--json', '--index-dir', indexDir], {
      cwd: REPO_ROOT,
      env: { TOOLSIFT_CACHE_DIR: SHARED_TEST_CACHE_DIR },
    });
    expect(result.code, result.stderr).toBe(0);
    const selection = JSON.parse(result.stdout) as {
      tools: Array<{ id: string; score: number; confidence: number }>;
      unavailable: Array<{ id: string }>;
      warnings: Array<{ code: string }>;
    };
    expect(selection.tools[0]?.id).toBe('convert_time_zone');
    expect(selection.tools[0]?.score).toBe(1);
    expect(selection.unavailable.map((tool) => tool.id)).not.toContain('convert_time_zone');
    expect(selection.warnings.map((warning) => warning.code)).not.toContain('ABSTAINED');
  });

  test('the index is built where the README says', async () => {
    const readme = await readFile(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const said = /The first run .*? builds the\s+index[^`]*`([^`]+)`/s.exec(readme)?.[1];
    expect(said).toBeDefined();
    // A folder holding a catalog named metadata/, as the repository does; no --index-dir, as in the README. (The
    // index command builds the same index a first query does, and nothing else.)
    const project = tempFolder('toolsift-first-run-index-');
    await cp(path.join(REPO_ROOT, 'metadata', 'mcp'), path.join(project, 'metadata'), { recursive: true });
    const result = await runToolsift(['index', '--embedder', 'hash'], {
      cwd: project,
      env: { TOOLSIFT_CACHE_DIR: path.join(project, 'cache') },
    });
    expect(result.code, result.stderr).toBe(0);
    const built = (await readdir(path.join(project, '.toolsift'))).map((name) => `.toolsift/${name}/`);
    expect(built).toHaveLength(1);
    const pattern = (said ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('<hash>', '[0-9a-f]+');
    expect(built[0]).toMatch(new RegExp(`^${pattern}$`));
  });
});
