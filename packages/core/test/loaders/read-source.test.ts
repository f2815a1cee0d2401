import { mkdir, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readSource } from '../../src/loaders/read-source.js';
import { useTempDirs } from './helpers/temp-dir.js';

const makeTempDir = useTempDirs();

describe('readSource', () => {
  test('returns the text of a UTF-8 file without its BOM', async () => {
    const dir = await makeTempDir();
    const path = join(dir, 'tool.json');
    await writeFile(path, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"name": "café"}')]));
    expect(await readSource(path)).toEqual({ text: '{"name": "café"}' });
  });

  test.each([
    { case: 'an empty file', bytes: Buffer.alloc(0), code: 'EMPTY_FILE', message: 'File is empty.' },
    {
      case: 'only whitespace',
      bytes: Buffer.from(' \n\t\n'),
      code: 'EMPTY_FILE',
      message: 'File contains only whitespace.',
    },
    {
      case: 'a NUL byte',
      bytes: Buffer.from([0x7b, 0x00, 0x7d]),
      code: 'BINARY_FILE',
      message: 'File is binary (NUL byte at offset 1); expected UTF-8 text.',
    },
    {
      case: 'invalid UTF-8',
      bytes: Buffer.from([0x61, 0x62, 0xc3, 0x28, 0x63]),
      code: 'INVALID_ENCODING',
      message: 'File is not valid UTF-8 (first bad byte at offset 2).',
    },
    {
      case: 'Latin-1 text',
      bytes: Buffer.from('name: caf\xe9', 'latin1'),
      code: 'INVALID_ENCODING',
      message: 'File is not valid UTF-8 (first bad byte at offset 9).',
    },
    {
      case: 'a UTF-16 BOM',
      bytes: Buffer.from([0xff, 0xfe, 0x7b, 0x00]),
      code: 'INVALID_ENCODING',
      message: 'File is UTF-16 encoded; expected UTF-8.',
    },
  ])('refuses $case with $code', async ({ bytes, code, message }) => {
    const dir = await makeTempDir();
    const path = join(dir, 'bad.json');
    await writeFile(path, bytes);
    expect(await readSource(path, { file: 'bad.json' })).toEqual({
      diagnostic: { code, severity: 'error', file: 'bad.json', message },
    });
  });

  test('refuses a 50 MB file without reading it', async () => {
    const dir = await makeTempDir();
    const path = join(dir, 'huge.json');
    await writeFile(path, '');
    await truncate(path, 50 * 1024 * 1024); // sparse: nothing is written
    expect(await readSource(path)).toEqual({
      diagnostic: {
        code: 'FILE_TOO_LARGE',
        severity: 'error',
        file: path,
        message: 'File is larger than the limit of 10 MB (it has 50 MB); it was not read.',
      },
    });
  });

  test('honours a smaller maxFileBytes', async () => {
    const dir = await makeTempDir();
    const path = join(dir, 'tool.json');
    await writeFile(path, '{"a": 1}');
    const result = await readSource(path, { maxFileBytes: 4 });
    expect(result.diagnostic?.code).toBe('FILE_TOO_LARGE');
    expect(result.diagnostic?.message).toBe(
      'File is larger than the limit of 4 bytes (it has 8 bytes); it was not read.',
    );
    expect(await readSource(path, { maxFileBytes: 8 })).toEqual({ text: '{"a": 1}' });
  });

  test.each([
    { case: 'a missing file', make: async () => {}, message: 'Cannot read file: no such file.' },
    {
      case: 'a folder',
      make: async (path: string) => mkdir(path),
      message: 'Cannot read file: it is a directory.',
    },
  ])('reports $case as FILE_UNREADABLE', async ({ make, message }) => {
    const dir = await makeTempDir();
    const path = join(dir, 'x.json');
    await make(path);
    expect(await readSource(path, { file: 'x.json' })).toEqual({
      diagnostic: { code: 'FILE_UNREADABLE', severity: 'error', file: 'x.json', message },
    });
  });
});
