import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadFile } from '../../src/loaders/load-file.js';
import { useTempDirs, writeFiles } from './helpers/temp-dir.js';
import { tinyLoader } from './helpers/tiny-loader.js';

const makeTempDir = useTempDirs();
const loaders = [tinyLoader];

async function load(files: Record<string, string | Uint8Array>, name: string, isExplicit = false) {
  const root = await makeTempDir();
  await writeFiles(root, files);
  return loadFile(join(root, name), { loaders, file: name, isExplicit });
}

describe('loadFile', () => {
  test('loads the tools a loader yields, with their line, and locates what the loader reports', async () => {
    const text =
      '{"tiny": [\n  {"name": "a", "description": "A."},\n  {"name": "b", "description": "B.", "report": "odd"}\n]}\n';
    const result = await load({ 't.json': text }, 't.json');
    expect(result.tools.map((tool) => [tool.id, tool.source.line])).toEqual([
      ['a', 2],
      ['b', 3],
    ]);
    expect(result.diagnostics).toEqual([
      {
        code: 'NOT_A_TOOL',
        severity: 'warning',
        file: 't.json',
        pointer: '/tiny/1',
        line: 3,
        column: 3,
        message: 'odd',
      },
    ]);
  });

  test('a document no loader recognises is UNKNOWN_FORMAT', async () => {
    const result = await load({ 'x.yaml': 'services:\n  web: {}\nvolumes: []\n' }, 'x.yaml');
    expect(result.diagnostics).toEqual([
      {
        code: 'UNKNOWN_FORMAT',
        severity: 'error',
        file: 'x.yaml',
        pointer: '',
        message:
          'No metadata format recognises this YAML document (top-level keys: services, volumes). Known formats: openai; pass --input-format to choose one.',
      },
    ]);
  });

  test('a recognised document without tools is NOT_A_TOOL', async () => {
    expect((await load({ 'x.json': '{"tiny": 3}' }, 'x.json')).diagnostics).toEqual([
      {
        code: 'NOT_A_TOOL',
        severity: 'warning',
        file: 'x.json',
        pointer: '',
        message: 'Read as openai metadata, but it defines no tools.',
      },
    ]);
  });

  test('an explicit file with an unsupported extension is UNSUPPORTED_FORMAT, unread', async () => {
    const result = await load({ 'tool.txt': '{"tiny": []}' }, 'tool.txt', true);
    expect(result.diagnostics).toEqual([
      {
        code: 'UNSUPPORTED_FORMAT',
        severity: 'error',
        file: 'tool.txt',
        message:
          'Unsupported file type ".txt". Supported extensions: .json, .jsonl, .ndjson, .toml, .yaml, .yml (or pass --input-format).',
      },
    ]);
  });

  test.each([
    { case: 'an unrecognised document', content: 'all: build\n' },
    { case: 'unparseable text', content: '#!/bin/sh\nexec "$@" [\n' },
    { case: 'an empty file', content: '' },
  ])('a walked file without a metadata extension holding $case is skipped quietly', async ({ content }) => {
    expect(await load({ Makefile: content }, 'Makefile')).toEqual({
      tools: [],
      diagnostics: [],
      isSkipped: true,
    });
  });

  test('a walked file without a metadata extension is loaded when a loader recognises it', async () => {
    const result = await load(
      { 'tools.conf': '{"tiny": [{"name": "a", "description": "A."}]}' },
      'tools.conf',
    );
    expect(result.tools.map((tool) => tool.id)).toEqual(['a']);
  });

  test('a walked binary file without a metadata extension is a BINARY_FILE warning', async () => {
    const result = await load({ 'blob.bin': new Uint8Array([1, 0, 2]) }, 'blob.bin');
    expect(result.diagnostics).toEqual([
      {
        code: 'BINARY_FILE',
        severity: 'warning',
        file: 'blob.bin',
        message: 'File is binary (NUL byte at offset 1); expected UTF-8 text.',
      },
    ]);
  });
});
