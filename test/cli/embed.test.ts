import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '@toolsift/cli';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';

// Shared with the selector's embedding tests, so use-lite is converted once per machine.

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'toolsift-embed-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function toolsift(argv: string[], cacheDir = SHARED_TEST_CACHE_DIR) {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    cwd: root,
    env: { TOOLSIFT_CACHE_DIR: cacheDir },
  };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

const cosineOf = (stdout: string) => Number(/^cosine (\S+)$/m.exec(stdout)?.[1]);

describe('toolsift embed', () => {
  test('prints a 512-d vector per text and a cosine that ranks a paraphrase above an unrelated text', async () => {
    const paraphrase = await toolsift(['embed', 'book a flight', 'reserve airline tickets']);
    expect(paraphrase.code).toBe(0);
    expect(paraphrase.stdout).toMatch(
      /^embedder use-lite, 512 dimensions\n"book a flight"\n {2}512 dims, norm 1\.0000, \[(-?\d\.\d{4}, ){6}\.\.\.\]\n"reserve airline tickets"\n {2}512 dims, norm 1\.0000, .*\ncosine \d\.\d{4}\n$/,
    );
    const unrelated = await toolsift(['embed', 'book a flight', 'send an email']);
    expect(cosineOf(paraphrase.stdout)).toBeGreaterThan(cosineOf(unrelated.stdout) + 0.1);
  });

  test('--json prints one JSON line per text, then the cosine', async () => {
    const { code, stdout } = await toolsift([
      'embed',
      '--json',
      '--embedder',
      'hash',
      'send mail',
      'send an email',
    ]);
    expect(code).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ text: 'send mail', vector: expect.any(Array) });
    expect(lines[0].vector).toHaveLength(256);
    expect(lines[1].text).toBe('send an email');
    expect(lines[2]).toEqual({ cosine: expect.any(Number) });
  });

  test('one text prints no cosine', async () => {
    const { stdout } = await toolsift(['embed', '--embedder', 'hash', 'alone']);
    expect(stdout).not.toMatch(/cosine/);
  });

  test('reports a first-use conversion on stderr, not stdout', async () => {
    const { code, stdout, stderr } = await toolsift(['embed', 'hello'], root);
    expect(code).toBe(0);
    expect(stderr).toMatch(
      /^toolsift: Converting the Universal Sentence Encoder lite model to ONNX \(first use\)/,
    );
    expect(stderr).toMatch(/toolsift: Converted use-lite in \d+\.\d s\.\n$/);
    expect(stdout).not.toMatch(/Convert/);
  });

  test('an unknown embedder is an input error that lists the valid forms', async () => {
    const { code, stdout, stderr } = await toolsift(['embed', '--embedder', 'word2vec', 'hello']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatchInlineSnapshot(`
      "toolsift: Unknown embedder "word2vec". Valid forms: use-lite, hf:<model id or folder>, openai:<model>, hash[:<dimensions>]. [UNKNOWN_EMBEDDER]
      "
    `);
  });

  test('no text is a usage error', async () => {
    const { code } = await toolsift(['embed']);
    expect(code).toBe(1);
  });
});
