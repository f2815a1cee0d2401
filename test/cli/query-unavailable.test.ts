import { tempFolder } from '@toolsift/test-support/temp-folder';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT, runToolsift } from './run-toolsift.js';

const indexDir = tempFolder('toolsift-unavailable-cli-');

// The project catalog with the real default encoder and no credentials set: mail, SMS, Slack and weather tools
// cannot run here.
const query = async (prompt: string) => {
  const result = await runToolsift(['query', prompt, '--json', '--index-dir', indexDir], {
    cwd: REPO_ROOT,
    env: { TOOLSIFT_CACHE_DIR: SHARED_TEST_CACHE_DIR },
  });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as {
    tools: Array<{ id: string }>;
    unavailable: Array<{ id: string }>;
    suggestions: Array<{ id: string }>;
    warnings: Array<{ code: string }>;
  };
};

describe('toolsift query: "unavailable" lists tools that fit but cannot run here', () => {
  test('a greeting fits no tool: nothing is selected and nothing is listed as unavailable', async () => {
    const selection = await query('hello');
    expect(selection.tools).toEqual([]);
    expect(selection.unavailable).toEqual([]);
    expect(selection.suggestions).toEqual([]);
    expect(selection.warnings.map((warning) => warning.code)).toEqual(['ABSTAINED']);
  });

  test('a prompt the weather tools fit lists them, and no more than would have been selected', async () => {
    const selection = await query("what's the weather in Paris tomorrow?");
    const unavailable = selection.unavailable.map((tool) => tool.id);
    expect(unavailable).toContain('get_weather_forecast');
    expect(unavailable.length + selection.tools.length).toBeLessThanOrEqual(5 + unavailable.length);
    expect(unavailable.length).toBeLessThanOrEqual(5);
  });
});
