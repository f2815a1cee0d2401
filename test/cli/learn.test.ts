import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
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

  test('keeps every prompt it is given, past the bound on call-learned prompts', async () => {
    await writeFile(path.join(root, 'many.jsonl'), usage(150, 'convert_currency', 'swap my quokka dollars'));
    expect((await toolsift('learn', 'many.jsonl')).stdout).toBe(
      'learned 150 prompt(s) for 1 tool(s); 0 already known\n',
    );
    const learned = JSON.parse(await readFile(path.join(root, 'index', 'learned.json'), 'utf8')).learned;
    expect(learned.convert_currency).toHaveLength(150);
    expect(learned.convert_currency[0]).toEqual({ prompt: 'swap my quokka dollars', source: 'labelled' });
  });

  test('a prompt for an unknown tool is an input error', async () => {
    await writeFile(path.join(root, 'bad.jsonl'), '{"id":"1","query":"x","gold":["no_such_tool"]}\n');
    const result = await toolsift('learn', 'bad.jsonl');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('[UNKNOWN_TOOL]');
  });

  test('skips prompts that hold a secret, says how many and why, and writes none of them', async () => {
    // Written out in pieces so that no secret scanner mistakes the test for a leak.
    const password = ['hun', 'ter2'].join('');
    const key = ['sk', 'proj', 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'].join('-');
    await writeFile(
      path.join(root, 'secret.jsonl'),
      `${[
        {
          id: '1',
          query: `mail it via smtp://mailer:${password}@mail.example.com`,
          gold: ['send_email_smtp'],
        },
        { id: '2', query: `convert 30 GBP to EUR, my key is ${key}`, gold: ['convert_currency'] },
        { id: '3', query: 'how many euros is 30 pounds sterling today', gold: ['convert_currency'] },
      ]
        .map((line) => JSON.stringify(line))
        .join('\n')}\n`,
    );
    expect(await toolsift('learn', 'secret.jsonl')).toEqual({
      code: 0,
      stdout: 'learned 1 prompt(s) for 1 tool(s); 0 already known; 2 skipped\n',
      stderr:
        'toolsift: warning: 2 prompt(s) not learned: they hold what looks like a secret (an API key, a token, a password in a URL) [PROMPT_HAS_SECRET]\n',
    });
    for (const file of await readdir(path.join(root, 'index'))) {
      if (file.endsWith('vector-index')) continue;
      const text = await readFile(path.join(root, 'index', file), 'latin1');
      expect(text).not.toContain(password);
      expect(text).not.toContain(key);
    }
    const evaluated = await toolsift('eval', '--queries', 'usage.jsonl', '--learn', 'secret.jsonl', '--json');
    expect(evaluated.stderr).toMatch(
      /^toolsift: warning: 2 prompt\(s\) not learned: .* \[PROMPT_HAS_SECRET\]$/m,
    );
  });

  test('a blank prompt is an input error of one line, without the usage screen', async () => {
    await writeFile(path.join(root, 'blank.jsonl'), '{"id":"7","query":"   ","gold":["convert_currency"]}\n');
    expect(await toolsift('learn', 'blank.jsonl')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'toolsift: query "7" has a blank prompt: there is nothing to learn from it [PARSE_ERROR]\n',
    });
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

describe('toolsift eval --learn', () => {
  // With 100 kept per tool (the bound on call-learned prompts), the first prompt is dropped and top-1 is 0.
  test('keeps every prompt it is given: the first of 101 for one tool still answers its query', async () => {
    const first = 'which coat for the quokka parade';
    // A tool that needs no credentials: eval passes no environment, and a tool missing its key is not selected.
    await writeFile(path.join(root, 'learn.jsonl'), usage(101, 'convert_time_zone', first));
    const query = { id: 'q', query: first, gold: ['convert_time_zone'] };
    await writeFile(path.join(root, 'queries.jsonl'), `${JSON.stringify(query)}\n`);
    const result = await toolsift('eval', '--queries', 'queries.jsonl', '--learn', 'learn.jsonl', '--json');
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toMatchObject({ queries: 1, top1: 1 });
  });
});

// --- internal ---

/** `count` distinct prompts for one tool, as queries JSONL, the oldest first: `first`, then numbered ones. */
function usage(count: number, tool: string, first: string): string {
  const prompts = [first, ...Array.from({ length: count - 1 }, (_, item) => `${tool} question ${item + 1}`)];
  const lines = prompts.map((query, id) => JSON.stringify({ id: String(id), query, gold: [tool] }));
  return `${lines.join('\n')}\n`;
}
