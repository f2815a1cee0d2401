import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { runToolsift } from './run-toolsift.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'toolsift-validate-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const toolsift = (...argv: string[]) => runToolsift(argv, { cwd: root });

const GOOD = JSON.stringify(
  { tools: [{ name: 'get_weather', description: 'Weather for a city.', inputSchema: { type: 'object' } }] },
  null,
  2,
);

describe('toolsift validate', () => {
  test('a clean catalog: summary only, exit 0', async () => {
    await writeFile(join(root, 'weather.json'), GOOD);
    expect(await toolsift('validate', '.')).toEqual({
      code: 0,
      stdout: '1 file, 1 tool: 0 errors, 0 warnings\n',
      stderr: '',
    });
  });

  test('prints file:line:col CODE message per diagnostic and exits 1 on errors', async () => {
    await writeFile(join(root, 'weather.json'), GOOD);
    await writeFile(join(root, 'broken.json'), '{\n  "tools": [\n    {"name": "x",}\n  ]\n}\n');
    await writeFile(join(root, 'empty.yaml'), '');
    await writeFile(join(root, 'README.md'), '# skipped quietly');
    const { code, stdout, stderr } = await toolsift('validate', '.');
    expect(code).toBe(1);
    expect(stderr).toBe('');
    expect(stdout).toBe(
      [
        `broken.json:3:18 PARSE_ERROR Invalid JSON: expected a double-quoted property name, found '}'.`,
        'empty.yaml EMPTY_FILE File is empty.',
        '3 files, 1 tool: 2 errors, 0 warnings',
        '',
      ].join('\n'),
    );
  });

  test('warnings alone exit 0, and 1 with --strict', async () => {
    const noDescription = { tools: [{ name: 'quiet', inputSchema: { type: 'object' } }] };
    await writeFile(join(root, 'quiet.json'), JSON.stringify(noDescription));
    const relaxed = await toolsift('validate', 'quiet.json');
    expect(relaxed.code).toBe(0);
    expect(relaxed.stdout).toBe(
      'quiet.json:1 MISSING_DESCRIPTION Tool "quiet" has no description; selection relies on it, so add one.\n' +
        '1 file, 1 tool: 0 errors, 1 warning\n',
    );
    expect((await toolsift('validate', 'quiet.json', '--strict')).code).toBe(1);
  });

  test('--json prints exactly {files, tools, diagnostics} with nulls for unknown parts', async () => {
    await writeFile(join(root, 'weather.json'), GOOD);
    await writeFile(join(root, 'bad.toml'), 'description = \n');
    await writeFile(join(root, 'empty.json'), ' ');
    const { code, stdout } = await toolsift('validate', 'weather.json', 'bad.toml', 'empty.json', '--json');
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({
      files: 3,
      tools: 1,
      diagnostics: [
        {
          code: 'PARSE_ERROR',
          severity: 'error',
          file: 'bad.toml',
          line: 1,
          column: 15,
          pointer: null,
          message: expect.stringMatching(/^Invalid TOML: /),
        },
        {
          code: 'EMPTY_FILE',
          severity: 'error',
          file: 'empty.json',
          line: null,
          column: null,
          pointer: null,
          message: 'File contains only whitespace.',
        },
      ],
    });
  });

  test('several paths, a missing one included', async () => {
    await writeFile(join(root, 'weather.json'), GOOD);
    const { code, stdout } = await toolsift('validate', 'weather.json', 'missing');
    expect(code).toBe(1);
    expect(stdout).toBe(
      'missing FILE_UNREADABLE Cannot read: no such file or folder.\n1 file, 1 tool: 1 error, 0 warnings\n',
    );
  });

  test('an explicit file of an unsupported type lists the supported extensions', async () => {
    await writeFile(join(root, 'notes.txt'), 'hello');
    const { code, stdout } = await toolsift('validate', 'notes.txt');
    expect(code).toBe(1);
    expect(stdout.split('\n')[0]).toBe(
      'notes.txt UNSUPPORTED_FORMAT Unsupported file type ".txt". Supported extensions: .json, .jsonl, .ndjson, .toml, .yaml, .yml (or pass --input-format).',
    );
  });

  test('--input-format (or its alias --format) forces a format; an unknown one is a usage error', async () => {
    await writeFile(join(root, 'weather.json'), GOOD);
    expect((await toolsift('validate', 'weather.json', '--input-format', 'mcp')).code).toBe(0);
    expect((await toolsift('validate', 'weather.json', '--format', 'mcp')).code).toBe(0);
    const wrong = await toolsift('validate', 'weather.json', '--input-format', 'xml');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.split('\n')[0]).toBe(
      'toolsift: --input-format must be one of shinkai, matimo, paularlott, self-describing, extension-info, mcp, openai; got "xml". [USAGE_ERROR]',
    );
    const alias = await toolsift('validate', 'weather.json', '--format', 'xml');
    expect(alias.stderr.split('\n')[0]).toBe(
      'toolsift: --format must be one of shinkai, matimo, paularlott, self-describing, extension-info, mcp, openai; got "xml". [USAGE_ERROR]',
    );
    const both = await toolsift('validate', 'weather.json', '--input-format', 'mcp', '--format', 'openai');
    expect(both.stderr.split('\n')[0]).toBe(
      'toolsift: --input-format "mcp" and its alias --format "openai" disagree; give one. [USAGE_ERROR]',
    );
  });

  test('no path is a usage error', async () => {
    const { code, stderr } = await toolsift('validate');
    expect(code).toBe(1);
    expect(stderr).toMatch(/^toolsift: Missing required positional argument: PATH/);
  });
});
