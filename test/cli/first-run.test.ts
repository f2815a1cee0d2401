import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { SHARED_TEST_CACHE_DIR } from '../../packages/selector/test/embedding/test-cache-dir.js';
import { REPO_ROOT, runToolsift } from './run-toolsift.js';
import { tempFolder } from './temp-folder.js';

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
});
