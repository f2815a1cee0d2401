import { describe, expect, test } from 'vitest';
import {
  detectFormat,
  isPlainlyNotMetadata,
  SUPPORTED_EXTENSIONS,
  unsupportedExtensionMessage,
} from '../../src/loaders/detect-format.js';
import type { FormatLoader, ParsedDocument } from '../../src/loaders/types.js';

function loader(format: FormatLoader['format'], confidence: number): FormatLoader {
  return { format, detect: () => confidence, load: () => [] };
}

const document: ParsedDocument = { file: 'x.json', syntax: 'json', data: {}, locate: () => undefined };

describe('detectFormat', () => {
  test('picks the most confident loader at or above the threshold; earlier wins ties', () => {
    const loaders = [loader('shinkai', 0.6), loader('matimo', 0.8), loader('mcp', 0.8)];
    expect(detectFormat(document, { loaders })?.loader.format).toBe('matimo');
    expect(detectFormat(document, { loaders })?.confidence).toBe(0.8);
  });

  test('nothing at or above 0.5 means no format', () => {
    expect(detectFormat(document, { loaders: [loader('shinkai', 0.49), loader('mcp', 0)] })).toBeUndefined();
  });

  test('--format overrides detection', () => {
    const loaders = [loader('shinkai', 1), loader('mcp', 0)];
    expect(detectFormat(document, { loaders, format: 'mcp' })).toEqual({ loader: loaders[1], confidence: 1 });
  });

  test('a format with no loader is UNSUPPORTED_FORMAT listing the known ones', () => {
    const call = () => detectFormat(document, { loaders: [loader('shinkai', 1)], format: 'mcp' });
    expect(call).toThrowError(expect.objectContaining({ code: 'UNSUPPORTED_FORMAT' }));
    expect(call).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: Unknown format "mcp". Supported formats: shinkai.]`,
    );
  });
});

describe('SUPPORTED_EXTENSIONS', () => {
  test('is frozen and lists every syntax', () => {
    expect(Object.isFrozen(SUPPORTED_EXTENSIONS)).toBe(true);
    expect(SUPPORTED_EXTENSIONS).toEqual(['.json', '.jsonl', '.ndjson', '.toml', '.yaml', '.yml']);
  });

  test('the unsupported-extension message lists them', () => {
    expect(unsupportedExtensionMessage('notes.txt')).toMatchInlineSnapshot(
      `"Unsupported file type ".txt". Supported extensions: .json, .jsonl, .ndjson, .toml, .yaml, .yml (or pass --input-format)."`,
    );
    expect(unsupportedExtensionMessage('Makefile')).toMatch(/^Unsupported file type \(no extension\)\./);
  });
});

describe('isPlainlyNotMetadata', () => {
  test.each([
    'LICENSE',
    'LICENSE.txt',
    'LICENCE-MIT',
    'extension-demography.LICENSE',
    'README',
    'README.md',
    'SOURCES.txt',
    '_SOURCES.tsv',
    'notes.md',
    'data.csv',
    'logo.png',
    '.DS_Store',
    '.gitignore',
    'index.ts',
  ])('skips %s', (name) => {
    expect(isPlainlyNotMetadata(name)).toBe(true);
  });

  test.each([
    'tool.json',
    'definition.yaml',
    'README-example.execute_command.toml',
    'tools.jsonl',
    'manifest',
    'x.bin',
  ])('tries %s', (name) => {
    expect(isPlainlyNotMetadata(name)).toBe(false);
  });
});
