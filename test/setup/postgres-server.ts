import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A real PostgreSQL server for the tests that need one: a private cluster made with Debian's `initdb` in a
 * temporary folder, listening on 127.0.0.1 at a free port (password login) and on a Unix socket in that folder
 * (no login). PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user.
 *
 * Without PostgreSQL installed a test skips with one printed line, unless `TOOLSIFT_REQUIRE_POSTGRES=1` (as
 * `.ci/run` sets after installing it), where a missing server fails the test instead.
 */

/** A running test cluster. */
export interface TestPostgres {
  /** `postgres://postgres:<password>@127.0.0.1:<port>/postgres`. */
  readonly url: string;
  readonly port: number;
  readonly password: string;
  /** A URL to a new, empty database of its own on this server. */
  createDatabase(): Promise<string>;
  /** Stops the server (fast shutdown) and keeps its data; `start()` brings it back on the same port. */
  stopServer(): void;
  start(): void;
  /** Stops the server and deletes its folder. */
  close(): void;
}

/**
 * Starts a private cluster, or returns `undefined` after one printed line naming `label` when PostgreSQL is not
 * installed (and not required).
 * @example const pg = await startTestPostgres('postgres store'); describe.skipIf(!pg)(...)
 */
export async function startTestPostgres(label: string): Promise<TestPostgres | undefined> {
  const bin = findPostgresBin();
  if (bin === undefined) {
    if (process.env.TOOLSIFT_REQUIRE_POSTGRES === '1') {
      throw new Error(
        'TOOLSIFT_REQUIRE_POSTGRES=1 but no PostgreSQL server binaries (initdb, pg_ctl) were found',
      );
    }
    // Straight to the runner's output: console output fails a test (test/setup/fail-on-console.ts).
    process.stdout.write(`skipped ${label}: needs PostgreSQL's server (Debian package postgresql)\n`);
    return undefined;
  }
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolsift-pg-'));
  const data = path.join(dir, 'data');
  const password = randomBytes(12).toString('hex');
  writeFileSync(path.join(dir, 'pw'), password);
  if (asRoot) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
    chownSync(path.join(dir, 'pw'), uid, gid);
  }
  chmodSync(dir, 0o700);
  const run = (tool: string, args: string[]): void => {
    const command = path.join(bin, tool);
    const result = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
      : spawnSync(command, args, { encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(`${tool} failed (${result.status}): ${result.stderr || result.stdout}`);
    }
  };
  run('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--no-sync',
    '--auth-local=trust',
    '--auth-host=scram-sha-256',
    `--pwfile=${path.join(dir, 'pw')}`,
  ]);
  const port = await freePort();
  // fsync off: a test cluster lives for one test file; crash-safety of the store is tested with kill -9 of the
  // client processes, not of the server.
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=200`;
  const start = (): void =>
    run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const stopServer = (): void => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    process.off('exit', close);
    spawnSync(asRoot ? 'runuser' : path.join(bin, 'pg_ctl'), [
      ...(asRoot ? ['-u', 'postgres', '--', path.join(bin, 'pg_ctl')] : []),
      '-D',
      data,
      '-m',
      'immediate',
      'stop',
    ]);
    rmSync(dir, { recursive: true, force: true });
  };
  // A test process that dies must not leave a server behind.
  process.on('exit', close);
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    password,
    async createDatabase() {
      const name = `t_${randomBytes(6).toString('hex')}`;
      execFileSync(
        path.join(bin, 'psql'),
        ['-h', dir, '-p', String(port), '-U', 'postgres', '-c', `CREATE DATABASE ${name}`],
        {
          stdio: 'pipe',
        },
      );
      return `postgres://postgres:${password}@127.0.0.1:${port}/${name}`;
    },
    stopServer,
    start,
    close,
  };
}

// --- internal ---

function findPostgresBin(): string | undefined {
  const fromEnv = process.env.TOOLSIFT_PG_BINDIR;
  if (fromEnv) return existsSync(path.join(fromEnv, 'initdb')) ? fromEnv : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : path.join(root, versions[0], 'bin');
}

function postgresUser(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
