import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { runOnProjectCatalog } from './run-toolsift.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const SOURCE = ['--import', 'tsx/esm', '--conditions=@toolsift/source'];

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'toolsift-learned-cli-'));
  await writeFile(path.join(root, 'usage.jsonl'), jsonl(['how many euros is 30 pounds', 'convert_currency']));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const toolsift = (...argv: string[]) => runOnProjectCatalog(argv, root);
const indexDir = () => path.join(root, 'index');

/** Run the CLI from source as a process over the project catalog with the hash embedder. */
function spawnToolsift(
  argv: readonly string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const args = [
    ...argv,
    '--catalog',
    path.join(repoRoot, 'metadata'),
    '--embedder',
    'hash',
    '--index-dir',
    indexDir(),
  ];
  return collect(spawn(process.execPath, [...SOURCE, 'packages/cli/src/bin.ts', ...args], { cwd: repoRoot }));
}

describe('learned prompts, through the CLI', () => {
  test('survive a damaged .views file, and query says the index was rebuilt', async () => {
    expect((await toolsift('learn', 'usage.jsonl')).code).toBe(0);
    const manifest = JSON.parse(await readFile(path.join(indexDir(), 'manifest.json'), 'utf8'));
    const handle = await open(path.join(indexDir(), manifest.files.views.file), 'r+');
    await handle.write(Buffer.from([0xde, 0xad, 0xbe, 0xef]), 0, 4, 32);
    await handle.close();
    const query = await toolsift('query', 'euros for 30 pounds');
    expect(query.code).toBe(0);
    expect(query.stderr).toMatch(
      /warning: rebuilt the index: .*fails its checksum; its 1 learned prompt\(s\) were kept/,
    );
    expect(JSON.parse((await toolsift('learn', 'usage.jsonl', '--json')).stdout)).toMatchObject({
      changed: 0,
      unchanged: 1,
    });
  });

  test('eval --learn leaves the catalog index as it was', async () => {
    await writeFile(path.join(root, 'queries.jsonl'), jsonl(['weather in Oslo', 'get_current_weather']));
    expect((await toolsift('eval', '--queries', 'queries.jsonl', '--learn', 'usage.jsonl')).code).toBe(0);
    expect(JSON.parse((await toolsift('learn', 'usage.jsonl', '--json')).stdout)).toMatchObject({
      changed: 1,
    });
  });

  test('index into a folder that cannot be made is an INDEX_NOT_SAVED error, at once', async () => {
    const result = await collect(
      spawn(
        process.execPath,
        [
          ...SOURCE,
          'packages/cli/src/bin.ts',
          'index',
          '--catalog',
          'metadata',
          '--embedder',
          'hash',
          '--index-dir',
          '/proc/nope',
        ],
        { cwd: repoRoot },
      ),
      30_000,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^toolsift: the index of \d+ tools was not saved: could not save the index in \/proc\/nope: ENOENT.* \[INDEX_NOT_SAVED\]$/m,
    );
  }, 40_000);

  test('4 learn processes at once, with queries running, keep all 20 prompts (2 trials)', async () => {
    for (let writer = 0; writer < 4; writer++) {
      const lines = Array.from({ length: 5 }, (_, item) => [
        `weather question ${writer} ${item}`,
        'get_current_weather',
      ]);
      await writeFile(path.join(root, `usage-${writer}.jsonl`), jsonl(...lines));
    }
    for (let trial = 0; trial < 2; trial++) {
      await rm(indexDir(), { recursive: true, force: true });
      expect((await toolsift('index')).code).toBe(0);
      const runs = await Promise.all([
        ...[0, 1, 2, 3].map((writer) =>
          spawnToolsift(['learn', path.join(root, `usage-${writer}.jsonl`), '--json']),
        ),
        spawnToolsift(['query', 'weather in Oslo']),
        spawnToolsift(['query', 'convert 30 pounds to euros']),
      ]);
      for (const run of runs) expect(run).toMatchObject({ code: 0 });
      expect(runs.slice(0, 4).map((run) => JSON.parse(run.stdout).changed)).toEqual([5, 5, 5, 5]);
      expect(runs.map((run) => run.stderr).join('')).not.toMatch(/rebuilt/);
      const learned = JSON.parse(await readFile(path.join(indexDir(), 'learned.json'), 'utf8')).learned;
      expect(learned.get_current_weather).toHaveLength(20);
      // And the saved index itself holds them (no rebuild, nothing to re-embed).
      const reopened = await toolsift('learn', path.join(root, 'usage-3.jsonl'), '--json');
      expect(JSON.parse(reopened.stdout)).toMatchObject({ changed: 0, unchanged: 5 });
    }
  }, 120_000);

  test('kill -9 of a writer mid-save leaves a loadable index with every prompt it had saved', async () => {
    expect((await toolsift('index')).code).toBe(0);
    const writer = spawn(process.execPath, [...SOURCE, 'test/cli/learn-writer.ts', indexDir()], {
      cwd: repoRoot,
    });
    const saved = await new Promise<number>((resolve, reject) => {
      let out = '';
      writer.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const done = out.split('\n').filter(Boolean).length;
        // Killed at an arbitrary point of a later save (each save takes a few ms).
        if (done >= 5) {
          writer.kill('SIGKILL');
          resolve(done);
        }
      });
      writer.on('error', reject);
      writer.on('close', () => reject(new Error(`writer ended early: ${out}`)));
    }).catch((error) => {
      writer.kill('SIGKILL');
      throw error;
    });
    await new Promise((resolve) => writer.on('close', resolve));
    // A later writer takes the dead writer's lock, and sees what it saved.
    await writeFile(
      path.join(root, 'more.jsonl'),
      jsonl(['writer prompt number 0', 'convert_currency'], ['30 GBP in EUR', 'convert_currency']),
    );
    const after = await toolsift('learn', 'more.jsonl', '--json');
    expect(after.code).toBe(0);
    expect(after.stderr).not.toMatch(/rebuilt/);
    expect(JSON.parse(after.stdout)).toMatchObject({ changed: 1, unchanged: 1 });
    const learned = JSON.parse(await readFile(path.join(indexDir(), 'learned.json'), 'utf8')).learned;
    const prompts = learned.convert_currency.map((entry: { prompt: string }) => entry.prompt);
    for (let count = 0; count < saved; count++) expect(prompts).toContain(`writer prompt number ${count}`);
    const query = await toolsift('query', 'writer prompt number 1');
    expect(query.code).toBe(0);
    expect(query.stderr).not.toMatch(/rebuilt/);
  }, 60_000);
});

// --- internal ---

function jsonl(...examples: string[][]): string {
  return (
    examples.map(([query, tool], id) => JSON.stringify({ id: String(id), query, gold: [tool] })).join('\n') +
    '\n'
  );
}

function collect(
  child: ChildProcess,
  timeoutMs = 90_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
