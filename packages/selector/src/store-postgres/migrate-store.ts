import { ErrorCode, ToolsiftError } from '@toolsift/core';
import type { Sql } from 'postgres';
import { type StoreConnection, storeErrorOf } from './connect-store.js';
import { STORE_MIGRATIONS } from './store-migrations.js';

/** The schema version this code writes and reads: the number of migrations it knows. */
export const STORE_SCHEMA_VERSION = STORE_MIGRATIONS.length;

/**
 * Bring the store's schema to `STORE_SCHEMA_VERSION`: the migrations not yet applied run as one statement (a `DO`
 * block, so one transaction) under an advisory lock, so processes opening a new database at once apply each exactly
 * once (the others wait, then find it done). A schema already current costs one query. A schema newer than this
 * code is refused (STORE_SCHEMA_TOO_NEW): this code would not know what the newer one keeps.
 */
export async function migrateStore(connection: StoreConnection): Promise<void> {
  const { sql, storeUrl } = connection;
  try {
    const seen = await schemaVersion(sql);
    if (seen === STORE_SCHEMA_VERSION) return;
    if (seen > STORE_SCHEMA_VERSION) throw tooNew(seen, storeUrl.masked);
    await sql.unsafe(MIGRATE);
  } catch (error) {
    if ((error as { code?: unknown }).code === TOO_NEW_STATE)
      throw tooNew(await schemaVersion(sql), storeUrl.masked);
    throw storeErrorOf(error, storeUrl, `the store's schema (version ${STORE_SCHEMA_VERSION})`);
  }
}

// --- internal ---

/** The advisory lock of migrations: "toolsift" in ASCII, as a bigint. */
const MIGRATION_LOCK = '8389759086915479924';
/** The SQLSTATE the migration raises on a schema newer than this code. */
const TOO_NEW_STATE = 'TS001';

/**
 * One statement, not a transaction of several: postgres.js 3.4.9 writes the ROLLBACK of a transaction whose
 * connection closed to the closed connection from a timer, which kills the process (see `writeLearnedChange`).
 */
const MIGRATE = `
do $migrate$
declare
  applied integer;
begin
  perform pg_advisory_xact_lock(${MIGRATION_LOCK});
  create table if not exists toolsift_schema (
    version integer primary key,
    applied_at timestamptz not null default now()
  );
  select coalesce(max(version), 0) into applied from toolsift_schema;
  if applied > ${STORE_MIGRATIONS.length} then
    raise exception 'the store has schema version %', applied using errcode = '${TOO_NEW_STATE}';
  end if;
${STORE_MIGRATIONS.map(
  (migration, position) => `  if applied < ${position + 1} then
    execute $step$${migration}$step$;
    insert into toolsift_schema (version) values (${position + 1});
  end if;`,
).join('\n')}
end
$migrate$`;

/** The highest migration applied (0 on a database without the store's tables). */
async function schemaVersion(sql: Sql): Promise<number> {
  const [table] = await sql`select to_regclass('toolsift_schema') is not null as "exists"`;
  if (table?.exists !== true) return 0;
  const [row] = await sql`select coalesce(max(version), 0)::int as version from toolsift_schema`;
  return Number(row?.version ?? 0);
}

function tooNew(version: number, masked: string): ToolsiftError {
  return new ToolsiftError(
    ErrorCode.StoreSchemaTooNew,
    `the store ${masked} has schema version ${version}, made by a newer toolsift; this one knows version ${STORE_SCHEMA_VERSION} and does not write over it: upgrade toolsift`,
    { url: masked, version, expected: STORE_SCHEMA_VERSION },
  );
}
