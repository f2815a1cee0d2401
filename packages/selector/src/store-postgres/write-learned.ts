import type { Sql } from 'postgres';
import { LEARNED_CHANNEL, learnedPayload } from './follow-learned.js';
import type { LearnedWrite } from './learned-table.js';

/** Vectors to write with a learn: those of its new learned views that the store did not have. */
export interface EmbeddingRows {
  embedderId: string;
  hashes: Buffer[];
  vectors: Buffer[];
}

/**
 * Write a learn or forget as one statement (so one transaction, all or nothing): the rows of `write`, the new views'
 * vectors, the namespace's revision bumped (and the call bound recorded), and a NOTIFY on `LEARNED_CHANNEL` — only
 * if the namespace is still at revision `expected`, the one its rows were read at. Returns the new revision, or
 * undefined when another process changed the namespace since (read again and redo the change on what it holds then).
 *
 * One statement, not a transaction of several: a process killed, or a connection lost, between statements of a
 * transaction leaves the server to roll it back, but postgres.js 3.4.9 writes the ROLLBACK of a transaction whose
 * connection closed to the closed connection from a timer, which kills the process (test/store/store-restart.test.ts).
 */
export async function writeLearnedChange(options: {
  sql: Sql;
  namespace: string;
  expected: number;
  write: LearnedWrite;
  /** The call bound to record (undefined keeps the recorded one). */
  callBound: number | undefined;
  embeddings: EmbeddingRows;
}): Promise<number | undefined> {
  const { sql, namespace, expected, write, embeddings } = options;
  const next = expected + 1;
  const rows = await sql`
    with revised as (
      insert into toolsift_namespaces as n (namespace, revision, call_bound, updated_at)
      values (${namespace}, 1, ${options.callBound ?? null}::float8, now())
      on conflict (namespace) do update
      set revision = n.revision + 1, call_bound = coalesce(excluded.call_bound, n.call_bound), updated_at = now()
      where n.revision = ${expected}
      returning revision
    ),
    deleted as (
      delete from toolsift_learned
      where id = any(${sql.array(write.deleted, INT8)}) and exists (select from revised)
    ),
    updated as (
      update toolsift_learned l set source = u.source
      from unnest(
        ${sql.array(
          write.updated.map((entry) => entry.id),
          INT8,
        )},
        ${sql.array(
          write.updated.map((entry) => entry.source),
          TEXT,
        )}
      ) as u (id, source)
      where l.id = u.id and exists (select from revised)
    ),
    inserted as (
      insert into toolsift_learned (namespace, tool_id, prompt, source)
      select ${namespace}, tool_id, prompt, source
      from unnest(
        ${sql.array(
          write.inserted.map((entry) => entry.toolId),
          TEXT,
        )},
        ${sql.array(
          write.inserted.map((entry) => entry.prompt),
          TEXT,
        )},
        ${sql.array(
          write.inserted.map((entry) => entry.source),
          TEXT,
        )}
      ) with ordinality as i (tool_id, prompt, source, position)
      where exists (select from revised)
      order by position
    ),
    embedded as (
      insert into toolsift_embeddings (embedder_id, text_hash, vector)
      select ${embeddings.embedderId}, * from unnest(
        ${sql.array(embeddings.hashes, BYTEA)},
        ${sql.array(embeddings.vectors, BYTEA)}
      )
      on conflict (embedder_id, text_hash) do nothing
    )
    select revision::text as revision, pg_notify(${LEARNED_CHANNEL}, ${learnedPayload(namespace, next)})
    from revised`;
  const revision = rows[0]?.revision;
  return revision === undefined ? undefined : Number(revision);
}

// --- internal ---

/** PostgreSQL's type ids of the array elements sent (arrays of them are sent as arrays of that type). */
const INT8 = 20;
const TEXT = 25;
const BYTEA = 17;
