import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestPostgres } from '../setup/postgres-server.js';

const server = await startTestPostgres('the CLI on a PostgreSQL store');
const repoRoot = path.resolve(import.meta.dirname, '../..');
const SOURCE = ['--import', 'tsx/esm', '--conditions=@toolsift/source'];

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'toolsift-cli-store-'));
  const usage = { id: '1', query: 'how many euros is 30 pounds', gold: ['convert_currency'] };
  await writeFile(path.join(root, 'usage.jsonl'), `${JSON.stringify(usage)}\n`);
});
afterAll(async () => {
  server?.close();
  await rm(root, { recursive: true, force: true });
});

/** A process's exit code and output; it must end by itself (a store left open would keep it waiting). */
function run(
  args: readonly string[],
  env: Record<string, string> = {},
  cwd = repoRoot,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...SOURCE, ...args], {
    cwd,
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    // A guard against a hang, not a timing assertion.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`did not end: ${args.join(' ')}\n${stderr}`));
    }, 90_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const toolsift = (args: readonly string[], env: Record<string, string> = {}) =>
  run(['packages/cli/src/bin.ts', ...args, '--catalog', 'metadata', '--embedder', 'hash'], env);

describe.skipIf(server === undefined)('the CLI on a PostgreSQL store', () => {
  test('index, learn and query with --store or TOOLSIFT_STORE: one index, learned prompts shared', async () => {
    const url = await server!.createDatabase();
    const first = await toolsift(['index', '--store', url, '--json']);
    expect(first.code).toBe(0);
    const built = JSON.parse(first.stdout);
    expect(built).toMatchObject({ status: 'built', reused: 0 });
    // Where the index is: the store, its password masked (and the CLI's JSON redacts what looks like one).
    expect(built.dir).toMatch(
      /^postgres:\/\/postgres:(\*\*\*|\[REDACTED\])@127\.0\.0\.1:\d+\/t_\w+ \(namespace default\)$/,
    );
    expect(first.stdout + first.stderr).not.toContain(server!.password);
    const again = JSON.parse((await toolsift(['index', '--json'], { TOOLSIFT_STORE: url })).stdout);
    expect(again).toMatchObject({ status: 'loaded', embedded: 0 });

    const learned = await toolsift(['learn', path.join(root, 'usage.jsonl'), '--json', '--store', url]);
    expect(JSON.parse(learned.stdout)).toMatchObject({ changed: 1 });
    const query = await toolsift(['query', 'how many euros is 30 pounds', '--json'], { TOOLSIFT_STORE: url });
    expect(query.code).toBe(0);
    // The store holds the prompt: learned again, it is known.
    const relearned = await toolsift(['learn', path.join(root, 'usage.jsonl'), '--json'], {
      TOOLSIFT_STORE: url,
    });
    expect(JSON.parse(relearned.stdout)).toMatchObject({ changed: 0, unchanged: 1 });
    // Another namespace has learned nothing.
    const other = await toolsift(['learn', path.join(root, 'usage.jsonl'), '--json', '--store', url], {
      TOOLSIFT_STORE_NAMESPACE: 'staging',
    });
    expect(JSON.parse(other.stdout)).toMatchObject({ changed: 1 });
  });

  test('--store with --index-dir is a usage error; a refused login says so without the password', async () => {
    const url = await server!.createDatabase();
    const both = await toolsift(['index', '--store', url, '--index-dir', root]);
    expect(both.code).toBe(1);
    expect(both.stderr).toContain('[USAGE_ERROR]');
    const refused = await toolsift(['query', 'weather'], {
      TOOLSIFT_STORE: url.replace(server!.password, 'wrong'),
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr.split('\n')[0]).toMatch(
      /^toolsift: the store postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/t_\w+ refused the login: password authentication failed for user "postgres"; check the user name and password in the URL \[STORE_AUTH_FAILED\]$/,
    );
    expect(refused.stderr).not.toContain('wrong');
  });

  test('a script that never closes its selector still ends', async () => {
    const url = await server!.createDatabase();
    const script = [
      "const { createSelector } = await import('@toolsift/selector');",
      `const selector = await createSelector({ catalog: ${JSON.stringify(path.join(repoRoot, 'metadata'))}, embedder: 'hash', store: ${JSON.stringify(url)} });`,
      "await selector.learn([{ prompt: 'left open', tool: 'convert_currency' }]);",
      "await selector.select('left open');",
      'process.stdout.write(JSON.stringify(selector.learned()));',
    ].join('\n');
    // From test/, where @toolsift/selector resolves.
    const result = await run(['--input-type=module', '-e', script], {}, path.join(repoRoot, 'test'));
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([
      { prompt: 'left open', tool: 'convert_currency', source: 'labelled' },
    ]);
  });
});
