import { symlink, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadCatalog } from '../../src/loaders/load-catalog.js';
import { useTempDirs, writeFiles } from './helpers/temp-dir.js';

const makeTempDir = useTempDirs();

/** A good MCP tools/list file that must load whatever else the folder holds. */
const GOOD = JSON.stringify({
  tools: [
    {
      name: 'get_weather',
      description: 'Current weather for a city.',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  ],
});

function aliasBomb(): string {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];
  for (let index = 1; index < names.length; index += 1) {
    lines.push(
      `${names[index]}: &${names[index]} [${Array(9)
        .fill(`*${names[index - 1]}`)
        .join(',')}]`,
    );
  }
  return `${lines.join('\n')}\n`;
}

interface BadInputCase {
  case: string;
  files?: Record<string, string | Uint8Array>;
  /** Extra set-up in the catalog folder (links, sparse files). */
  setUp?: (root: string) => Promise<void>;
  expected: Array<{ code: string; file: string; severity: 'error' | 'warning' }>;
  /** Tools of the bad files that still load (a loader reports a bad field and keeps the tool). */
  alsoLoaded?: string[];
}

const cases: BadInputCase[] = [
  {
    case: 'malformed YAML',
    files: { 'bad.yaml': 'name: x\ndescription: [unclosed\nparameters: {}\n' },
    expected: [{ code: 'PARSE_ERROR', file: 'bad.yaml', severity: 'error' }],
  },
  {
    case: 'malformed JSON',
    files: { 'bad.json': '{"tools": [{"name": "x",}]}' },
    expected: [{ code: 'PARSE_ERROR', file: 'bad.json', severity: 'error' }],
  },
  {
    case: 'malformed TOML',
    files: { 'bad.toml': 'description = "x\nkeywords = [\n' },
    expected: [{ code: 'PARSE_ERROR', file: 'bad.toml', severity: 'error' }],
  },
  {
    case: 'a wrong type in a known field',
    files: {
      'typed.json': JSON.stringify({
        tools: [{ name: 'x', description: 'X.', inputSchema: 'not a schema' }],
      }),
    },
    expected: [{ code: 'METADATA_INVALID', file: 'typed.json', severity: 'error' }],
    alsoLoaded: ['x@typed.json'],
  },
  {
    case: 'an unknown format',
    files: { 'compose.yaml': 'services:\n  web:\n    image: nginx\n' },
    expected: [{ code: 'UNKNOWN_FORMAT', file: 'compose.yaml', severity: 'error' }],
  },
  {
    case: 'an empty file',
    files: { 'empty.json': '' },
    expected: [{ code: 'EMPTY_FILE', file: 'empty.json', severity: 'error' }],
  },
  {
    case: 'a directory of binary files',
    files: {
      'bin/a.json': new Uint8Array([0x7b, 0x00, 0x01, 0x02]),
      'bin/b.yaml': new Uint8Array([0x00, 0xff, 0xfe]),
      'bin/c.dat': new Uint8Array([0x89, 0x50, 0x00, 0x0d]),
      'bin/d.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00]),
    },
    expected: [
      { code: 'BINARY_FILE', file: 'bin/a.json', severity: 'error' },
      { code: 'BINARY_FILE', file: 'bin/b.yaml', severity: 'error' },
      { code: 'BINARY_FILE', file: 'bin/c.dat', severity: 'warning' },
    ],
  },
  {
    case: 'a YAML alias bomb',
    files: { 'bomb.yaml': aliasBomb() },
    expected: [{ code: 'ALIAS_LIMIT', file: 'bomb.yaml', severity: 'error' }],
  },
  {
    case: 'a 50 MB file',
    setUp: async (root) => {
      await writeFile(join(root, 'huge.json'), '');
      await truncate(join(root, 'huge.json'), 50 * 1024 * 1024);
    },
    expected: [{ code: 'FILE_TOO_LARGE', file: 'huge.json', severity: 'error' }],
  },
  {
    case: '1,000-deep nesting',
    files: {
      'deep.json': `{"tools": ${'['.repeat(1000)}${']'.repeat(1000)}}`,
      'deep.yaml': `tools: ${'['.repeat(1000)}${']'.repeat(1000)}\n`,
    },
    expected: [
      { code: 'NESTING_TOO_DEEP', file: 'deep.json', severity: 'error' },
      { code: 'NESTING_TOO_DEEP', file: 'deep.yaml', severity: 'error' },
    ],
  },
  {
    case: '__proto__ keys',
    files: {
      'proto.json': '{"tools": [{"name": "p", "description": "P.", "__proto__": {"polluted": true}}]}',
      'proto.toml': 'description = "x"\n[__proto__]\npolluted = true\n',
    },
    expected: [
      { code: 'FORBIDDEN_KEY', file: 'proto.json', severity: 'error' },
      { code: 'FORBIDDEN_KEY', file: 'proto.toml', severity: 'error' },
    ],
  },
  {
    case: 'invalid UTF-8',
    files: { 'latin1.yaml': Buffer.from('name: caf\xe9\ndescription: x\n', 'latin1') },
    expected: [{ code: 'INVALID_ENCODING', file: 'latin1.yaml', severity: 'error' }],
  },
  {
    case: 'a symlink loop',
    setUp: async (root) => {
      await writeFiles(root, { 'nested/inner/.keep': '' });
      await symlink('../..', join(root, 'nested/inner/loop'));
    },
    expected: [{ code: 'SYMLINK_LOOP', file: 'nested/inner/loop', severity: 'warning' }],
  },
];

describe('bad input never stops the catalog', () => {
  test.each(cases)('$case', async ({ files, setUp, expected, alsoLoaded = [] }) => {
    const root = await makeTempDir();
    await writeFiles(root, { 'good/weather.json': GOOD, ...files });
    await setUp?.(root);

    const result = await loadCatalog(['.'], { cwd: root });

    expect(result.diagnostics.map(({ code, file, severity }) => ({ code, file, severity }))).toEqual(
      expected,
    );
    for (const diagnostic of result.diagnostics) expect(diagnostic.message).not.toMatch(/\n\s+at /);
    expect(result.tools.map((tool) => `${tool.id}@${tool.source.file}`)).toEqual([
      'get_weather@good/weather.json',
      ...alsoLoaded,
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
