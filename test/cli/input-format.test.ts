import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { beforeAll, describe, expect, test } from 'vitest';
import { runOnCatalog, runToolsift } from './run-toolsift.js';

const root = tempFolder('toolsift-input-format-cli-');
const FORMATS = 'shinkai, matimo, paularlott, self-describing, extension-info, mcp, openai';

beforeAll(async () => {
  // One tool object with no key of any format's own: detection cannot tell what it is, --input-format mcp can.
  await mkdir(path.join(root, 'catalog'));
  await writeFile(
    path.join(root, 'catalog', 'weather.json'),
    JSON.stringify({ name: 'get_weather', description: 'Current weather for a city' }),
  );
  await writeFile(
    path.join(root, 'prompts.jsonl'),
    `${JSON.stringify({ id: '1', query: 'is it raining in Oslo', gold: ['get_weather'] })}\n`,
  );
});

const toolsift = (...argv: string[]) => runOnCatalog(argv, root);

describe('--input-format on every command that reads a catalog', () => {
  test('without it, the undetectable file leaves an empty catalog', async () => {
    const result = await toolsift('query', 'weather in Oslo');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('UNKNOWN_FORMAT');
  });

  test.each([
    [
      'query',
      ['query', 'weather in Oslo', '--input-format', 'mcp', '--abstain', 'never'],
      '"id": "get_weather"',
    ],
    ['index', ['index', '--input-format', 'mcp', '--json'], '"tools": 1,'],
    ['inspect', ['inspect', 'get_weather', '--input-format', 'mcp', '--json'], '"format": "mcp"'],
    ['eval', ['eval', '--queries', 'prompts.jsonl', '--input-format', 'mcp', '--json'], '"queries":1,'],
    ['learn', ['learn', 'prompts.jsonl', '--input-format', 'mcp', '--json'], '"get_weather"'],
  ])('%s reads the file as the format given', async (_command, argv, expected) => {
    const result = await toolsift(...argv);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    expect(result.stdout).toContain(expected);
  });

  test.each([
    ['validate', ['validate', 'catalog', '--input-format', 'mcp'], '1 file, 1 tool: 0 errors, 0 warnings'],
    [
      'convert',
      ['convert', 'catalog/weather.json', '--to', 'openai', '--input-format', 'mcp'],
      '"get_weather"',
    ],
  ])('%s (no --catalog) reads the file as the format given', async (_command, argv, expected) => {
    const result = await runToolsift(argv, { cwd: root });
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    expect(result.stdout).toContain(expected);
  });

  test.each([
    ['query', ['query', 'weather']],
    ['index', ['index']],
    ['inspect', ['inspect', 'get_weather']],
    ['eval', ['eval', '--queries', 'prompts.jsonl']],
    ['learn', ['learn', 'prompts.jsonl']],
    ['serve', ['serve', '--mcp']],
    ['validate', ['validate', 'catalog']],
    ['convert', ['convert', 'catalog/weather.json', '--to', 'openai']],
  ])('%s refuses an unknown format, listing the formats', async (_command, argv) => {
    const result = await runToolsift([...argv, '--input-format', 'csv'], { cwd: root });
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')[0]).toBe(
      `toolsift: --input-format must be one of ${FORMATS}; got "csv". [USAGE_ERROR]`,
    );
  });

  test('--help says what it does', async () => {
    const help = await runToolsift(['query', '--help'], { cwd: root });
    expect(help.stdout).toContain(
      `--input-format=<FORMAT>    Read every catalog file as this format instead of detecting it: ${FORMATS}`,
    );
  });
});
