import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { runOnProjectCatalog } from './run-toolsift.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'toolsift-learn-cli-'));
  await writeFile(
    path.join(root, 'usage.jsonl'),
    `${[
      { id: '1', query: 'how many euros is 30 pounds sterling today', gold: ['convert_currency'] },
      { id: '2', query: 'is it going to snow in Denver this weekend', gold: ['get_weather_forecast'] },
      { id: '3', query: 'no tool for this one', gold: [] },
    ]
      .map((line) => JSON.stringify(line))
      .join('\n')}\n`,
  );
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const toolsift = (...argv: string[]) => runOnProjectCatalog(argv, root);

describe('toolsift learn', () => {
  test('learns prompts into the index, shows them in inspect, and forgets them', async () => {
    expect(await toolsift('learn', 'usage.jsonl')).toEqual({
      code: 0,
      stdout: 'learned 2 prompt(s) for 2 tool(s); 0 already known\n',
      stderr: '',
    });
    expect((await toolsift('learn', 'usage.jsonl')).stdout).toBe(
      'learned 0 prompt(s) for 0 tool(s); 2 already known\n',
    );

    const inspected = JSON.parse((await toolsift('inspect', 'convert_currency', '--json')).stdout);
    expect(inspected.views.filter((view: { kind: string }) => view.kind === 'learned')).toEqual([
      expect.objectContaining({ text: 'how many euros is 30 pounds sterling today' }),
    ]);

    const forgotten = await toolsift('learn', 'usage.jsonl', '--forget', '--json');
    expect(JSON.parse(forgotten.stdout)).toEqual({
      changed: 2,
      unchanged: 0,
      tools: ['convert_currency', 'get_weather_forecast'],
    });
  });

  test('a prompt for an unknown tool is an input error', async () => {
    await writeFile(path.join(root, 'bad.jsonl'), '{"id":"1","query":"x","gold":["no_such_tool"]}\n');
    const result = await toolsift('learn', 'bad.jsonl');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('[UNKNOWN_TOOL]');
  });

  test('inspect of an unknown id suggests similar ids', async () => {
    const result = await toolsift('inspect', 'weather');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Similar ids: get_current_weather');
    // A misspelt id is close by edit distance, not by a shared substring.
    const misspelt = await toolsift('inspect', 'convert_curency');
    expect(misspelt.code).toBe(1);
    expect(misspelt.stderr).toMatch(/Similar ids: convert_currency\b/);
  });
});
