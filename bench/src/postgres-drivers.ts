// The PostgreSQL driver of the shared store, chosen by measurement: node-postgres (`pg`) against postgres.js
// (`postgres`) on what the store does: connect, write 10,000 embeddings in one transaction, read them all back,
// point reads, and LISTEN/NOTIFY round trips (how a learned prompt reaches other processes). Each driver runs
// twice, alternating, on a private cluster (test/setup/postgres-server.ts). `pnpm bench:postgres-drivers`.
import pg from 'pg';
import postgres from 'postgres';
import { startTestPostgres } from '../../test/setup/postgres-server.js';
import { percentile } from './bench-process.js';
import { benchLog } from './bench-results.js';
import { seededRandom } from './seeded-random.js';

const ROWS = 10_000;
const DIMENSIONS = 512;
const BATCH = 500;
const POINT_READS = 500;
const NOTIFICATIONS = 200;

interface Row {
  id: string;
  hash: string;
  vector: Buffer;
}

type Figures = Record<
  'connect' | 'write' | 'readAll' | 'pointP50' | 'pointP99' | 'notifyP50' | 'notifyP99',
  number
>;

const server = await startTestPostgres('postgres drivers bench');
if (server === undefined) process.exit(1);
const random = seededRandom(7);
const rows: Row[] = Array.from({ length: ROWS }, (_, index) => {
  const vector = new Float32Array(DIMENSIONS).map(() => random());
  return { id: `tool_${index}`, hash: `h${index}`, vector: Buffer.from(vector.buffer) };
});

const results: Array<{ driver: string; figures: Figures }> = [];
try {
  for (let round = 0; round < 2; round++) {
    results.push({ driver: 'pg', figures: await measurePg(await server.createDatabase()) });
    results.push({ driver: 'postgres', figures: await measurePostgresJs(await server.createDatabase()) });
  }
} finally {
  server.close();
}
benchLog(`measured on ${new Date().toISOString().slice(0, 10)}: ms, ${ROWS} rows of ${DIMENSIONS} float32`);
for (const { driver, figures } of results) {
  const cells = Object.entries(figures).map(([name, value]) => `${name} ${value.toFixed(2)}`);
  process.stdout.write(`${driver.padEnd(9)} ${cells.join('  ')}\n`);
}

// --- internal ---

async function measurePg(url: string): Promise<Figures> {
  let started = performance.now();
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  await pool.query('select 1');
  const connect = performance.now() - started;
  await pool.query('create table embeddings (id text primary key, hash text, vector bytea)');
  started = performance.now();
  const client = await pool.connect();
  await client.query('begin');
  for (let start = 0; start < ROWS; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    await client.query('insert into embeddings select * from unnest($1::text[], $2::text[], $3::bytea[])', [
      batch.map((row) => row.id),
      batch.map((row) => row.hash),
      batch.map((row) => row.vector),
    ]);
  }
  await client.query('commit');
  client.release();
  const write = performance.now() - started;
  started = performance.now();
  const all = await pool.query('select id, hash, vector from embeddings');
  const readAll = performance.now() - started;
  if (all.rows.length !== ROWS) throw new Error(`pg read ${all.rows.length} rows`);
  const point = await timeEach(POINT_READS, (index) =>
    pool.query('select hash from embeddings where id = $1', [`tool_${index}`]),
  );
  const listener = await pool.connect();
  await listener.query('listen bench');
  const notify = await timeNotifications(
    (onNotification) => listener.on('notification', onNotification),
    () => pool.query("select pg_notify('bench', 'x')"),
  );
  listener.release();
  await pool.end();
  return figuresOf(connect, write, readAll, point, notify);
}

async function measurePostgresJs(url: string): Promise<Figures> {
  let started = performance.now();
  const sql = postgres(url, { max: 4, onnotice: () => {} });
  await sql`select 1`;
  const connect = performance.now() - started;
  await sql`create table embeddings (id text primary key, hash text, vector bytea)`;
  started = performance.now();
  await sql.begin(async (transaction) => {
    for (let start = 0; start < ROWS; start += BATCH) {
      await transaction`insert into embeddings ${transaction(rows.slice(start, start + BATCH), 'id', 'hash', 'vector')}`;
    }
  });
  const write = performance.now() - started;
  started = performance.now();
  const all = await sql`select id, hash, vector from embeddings`;
  const readAll = performance.now() - started;
  if (all.length !== ROWS) throw new Error(`postgres read ${all.length} rows`);
  const point = await timeEach(
    POINT_READS,
    (index) => sql`select hash from embeddings where id = ${`tool_${index}`}`,
  );
  let onNotification: () => void = () => {};
  await sql.listen('bench', () => onNotification());
  const notify = await timeNotifications(
    (handler) => {
      onNotification = handler;
    },
    () => sql`select pg_notify('bench', 'x')`,
  );
  await sql.end();
  return figuresOf(connect, write, readAll, point, notify);
}

async function timeEach(count: number, run: (index: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    await run(index);
    times.push(performance.now() - started);
  }
  return times;
}

/** From a NOTIFY sent to its delivery on the listening connection, one at a time. */
async function timeNotifications(
  listen: (handler: () => void) => void,
  send: () => Promise<unknown>,
): Promise<number[]> {
  const times: number[] = [];
  let sentAt = 0;
  let delivered: () => void = () => {};
  listen(() => {
    times.push(performance.now() - sentAt);
    delivered();
  });
  for (let index = 0; index < NOTIFICATIONS; index++) {
    const arrived = new Promise<void>((resolve) => {
      delivered = resolve;
    });
    sentAt = performance.now();
    await send();
    await arrived;
  }
  return times;
}

function figuresOf(
  connect: number,
  write: number,
  readAll: number,
  point: number[],
  notify: number[],
): Figures {
  return {
    connect,
    write,
    readAll,
    pointP50: percentile(point, 0.5),
    pointP99: percentile(point, 0.99),
    notifyP50: percentile(notify, 0.5),
    notifyP99: percentile(notify, 0.99),
  };
}
