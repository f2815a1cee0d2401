import { ErrorCode, ToolsiftError } from '@toolsift/core';
import type { Sql, TransactionSql } from 'postgres';
import { type StoreConnection, storeErrorOf } from './connect-store.js';
import { STORE_MIGRATIONS } from './store-migrations.js';

/** The schema version this code writes and reads: the number of migrations it knows. */
export const STORE_SCHEMA_VERSION = STORE_MIGRATIONS.length;

/**
 * Bring the store's schema to `STORE_SCHEMA_VERSION`: the migrations not yet applied run in one transaction under an
 * advisory lock, so processes opening a new database at once apply each exactly once (the others wait, then find it
 * done). A schema already current costs one query. A schema newer than this code is refused (STORE_SCHEMA_TOO_NEW):
 * this code would not know what the newer one keeps.
 */
export async function migrateStore(connection: StoreConnection): Promise<void> {
  const { sql, storeUrl } = connection;
  try {
    const seen = await schemaVersion(sql);
    if (seen === STORE_SCHEMA_VERSION) return;
    if (seen > STORE_SCHEMA_VERSION) throw tooNew(seen, storeUrl.masked);
    await sql.begin(async (transaction) => {
      await transaction`select pg_advisory_xact_lock(${MIGRATION_LOCK}::bigint)`;
      await transaction.unsafe(SCHEMA_TABLE);
      const now = await schemaVersion(transaction);
      if (now > STORE_SCHEMA_VERSION) throw tooNew(now, storeUrl.masked);
      for (let version = now + 1; version <= STORE_SCHEMA_VERSION; version++) {
        await transaction.unsafe(STORE_MIGRATIONS[version - 1]!);
        await transaction`insert into toolsift_schema (version) values (${version})`;
      }
    });
  } catch (error) {
    throw storeErrorOf(error, storeUrl, `the store's schema (version ${STORE_SCHEMA_VERSION})`);
  }
}

// --- internal ---

/** The advisory lock of migrations: "toolsift" in ASCII, as a bigint. */
const MIGRATION_LOCK = '8389759086915479924';

/** One row per migration applied, numbered from 1. */
const SCHEMA_TABLE = `
  create table if not exists toolsift_schema (
    version integer primary key,
    applied_at timestamptz not null default now()
  )`;

/** The highest migration applied (0 on a database without the store's tables). */
async function schemaVersion(sql: Sql | TransactionSql): Promise<number> {
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
