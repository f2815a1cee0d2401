import { ErrorCode, ToolsiftError } from '@toolsift/core';
import type { Sql, TransactionSql } from 'postgres';
import type { Embedder } from '../embedding/embedder.js';
import { isUnreachable } from './connect-store.js';
import { decodeVector, encodeVector, textHashBytes } from './vector-bytes.js';

/** An embedder behind the store's table of embeddings, and what it embedded itself. */
export interface PostgresEmbeddingCache {
  /**
   * Embeds through the store: the vectors of texts any process embedded before are read (only those asked for), the
   * others embedded and written for every other process. When the store cannot be reached it embeds them itself.
   */
  readonly embedder: Embedder;
  /** Texts this cache had the embedder embed (none were in the store), since it was made. */
  readonly embedded: number;
  /**
   * Embed `texts` within a transaction, their new vectors written by it (so other processes find them as soon as what
   * it commits): the next `embed` of these texts takes them from memory.
   */
  embedIn(transaction: TransactionSql, texts: readonly string[]): Promise<void>;
}

/**
 * Put the store's embeddings (`toolsift_embeddings`, keyed by embedder id and SHA-256 of the text) in front of
 * `embedder`, so that no process embeds a text another already embedded. When the database cannot be reached and
 * `onUnreachable` says to carry on, the texts are embedded here and not written.
 */
export function createPostgresEmbeddingCache(options: {
  sql: Sql;
  embedder: Embedder;
  /** Hears of a database that cannot be reached: true carries on without it, false fails the embedding. */
  onUnreachable: (error: unknown) => boolean;
}): PostgresEmbeddingCache {
  const { sql, embedder, onUnreachable } = options;
  const { id, dimensions } = embedder;
  // Vectors embedded in a transaction, kept for the `embed` that follows it (then dropped).
  const fresh = new Map<string, Float32Array>();
  let embedded = 0;

  /** The vectors of `texts`, read from the store or embedded (and written) through `connection`. */
  const resolve = async (
    connection: Sql | TransactionSql,
    texts: readonly string[],
    isInTransaction: boolean,
  ): Promise<Map<string, Float32Array>> => {
    const found = new Map<string, Float32Array>();
    const wanted = new Map<string, { hash: Buffer; text: string }>();
    for (const text of texts) {
      const hash = textHashBytes(text);
      const key = hash.toString('hex');
      const known = fresh.get(key);
      if (known !== undefined) found.set(key, known);
      else wanted.set(key, { hash, text });
    }
    let isReachable = true;
    if (wanted.size > 0) {
      try {
        const hashes = [...wanted.values()].map((entry) => entry.hash);
        const rows = await connection`
          select text_hash, vector from toolsift_embeddings
          where embedder_id = ${id} and text_hash = any(${connection.array(hashes, BYTEA)})`;
        for (const row of rows) {
          const key = (row.text_hash as Buffer).toString('hex');
          const vector = decodeVector(row.vector as Buffer, dimensions);
          if (vector === undefined) continue; // another size under the same id: embedded again, and replaced
          found.set(key, vector);
          wanted.delete(key);
        }
      } catch (error) {
        if (isInTransaction || !isUnreachable(error) || !onUnreachable(error)) throw error;
        isReachable = false;
      }
    }
    const missing = [...wanted.entries()];
    const made: Array<{ hash: Buffer; vector: Float32Array }> = [];
    for (let start = 0; start < missing.length; start += EMBED_BATCH) {
      const batch = missing.slice(start, start + EMBED_BATCH);
      const vectors = await embedder.embed(batch.map(([, entry]) => entry.text));
      batch.forEach(([key, entry], position) => {
        const vector = vectors[position];
        if (vector === undefined) return;
        found.set(key, vector);
        made.push({ hash: entry.hash, vector });
      });
      embedded += batch.length;
    }
    if (made.length > 0 && isReachable) {
      try {
        await connection`
          insert into toolsift_embeddings (embedder_id, text_hash, vector)
          select ${id}, * from unnest(
            ${connection.array(
              made.map((entry) => entry.hash),
              BYTEA,
            )},
            ${connection.array(
              made.map((entry) => encodeVector(entry.vector)),
              BYTEA,
            )}
          )
          on conflict (embedder_id, text_hash) do update set vector = excluded.vector
          where length(toolsift_embeddings.vector) <> length(excluded.vector)`;
      } catch (error) {
        if (isInTransaction || !isUnreachable(error) || !onUnreachable(error)) throw error;
      }
    }
    return found;
  };

  return {
    embedder: {
      id,
      dimensions,
      async embed(texts) {
        const found = await resolve(sql, texts, false);
        return texts.map((text) => {
          const key = textHashBytes(text).toString('hex');
          fresh.delete(key);
          const vector = found.get(key);
          if (vector === undefined) {
            throw new ToolsiftError(
              ErrorCode.EmbeddingRequestFailed,
              `Embedder "${id}" returned fewer vectors than texts.`,
              { embedder: id },
            );
          }
          return vector;
        });
      },
    },
    get embedded() {
      return embedded;
    },
    async embedIn(transaction, texts) {
      fresh.clear();
      for (const [key, vector] of await resolve(transaction, texts, true)) fresh.set(key, vector);
    },
  };
}

// --- internal ---

/** Texts per call of the embedder (what the index asks for in one call may be many more: it reads in bulk here). */
const EMBED_BATCH = 32;
/** PostgreSQL's type id of bytea (arrays of it are sent as bytea[]). */
const BYTEA = 17;
