import { ErrorCode, ToolsiftError } from '@toolsift/core';
import type { Sql } from 'postgres';
import type { Embedder } from '../embedding/embedder.js';
import { isUnreachable } from './connect-store.js';
import { decodeVector, encodeVector, textHashBytes } from './vector-bytes.js';
import type { EmbeddingRows } from './write-learned.js';

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
   * Have the vectors of `texts` ready for the next `embed` of them (read from the store, or embedded here), and return
   * those the store lacks, for the caller to write with the change that needs them (`writeLearnedChange`), so that
   * other processes find them as soon as the change.
   */
  prepare(texts: readonly string[]): Promise<EmbeddingRows>;
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
  /** Whether to try the database at all (not while it is known to be unreachable: texts are embedded here). */
  isReachable: () => boolean;
  /**
   * Called before texts the store lacks are embedded; true when it waited for another process (which may have
   * embedded them meanwhile: they are looked up again). See `openPostgresStore`'s build lock.
   */
  claim?: () => Promise<boolean>;
}): PostgresEmbeddingCache {
  const { sql, embedder, onUnreachable, isReachable: isStoreReachable } = options;
  const { id, dimensions } = embedder;
  // Vectors a `prepare` made ready, kept for the `embed` that follows it.
  const prepared = new Map<string, Float32Array>();
  let embedded = 0;

  /** Move the texts of `wanted` whose vectors the store holds to `found` (one statement for all). */
  const lookUp = async (
    wanted: Map<string, { hash: Buffer; text: string }>,
    found: Map<string, Float32Array>,
  ): Promise<void> => {
    const hashes = [...wanted.values()].map((entry) => entry.hash);
    const rows = await sql`
      select text_hash, vector from toolsift_embeddings
      where embedder_id = ${id} and text_hash = any(${sql.array(hashes, BYTEA)})`;
    for (const row of rows) {
      const key = (row.text_hash as Buffer).toString('hex');
      const vector = decodeVector(row.vector as Buffer, dimensions);
      if (vector === undefined) continue; // another size under the same id: embedded again, and replaced
      found.set(key, vector);
      wanted.delete(key);
    }
  };

  /** The vectors of `texts` by hex hash (read from the store, or embedded), and those the store lacked. */
  const resolve = async (
    texts: readonly string[],
    onFailure: (error: unknown) => boolean,
  ): Promise<{ found: Map<string, Float32Array>; made: EmbeddingRows; isReachable: boolean }> => {
    const found = new Map<string, Float32Array>();
    const wanted = new Map<string, { hash: Buffer; text: string }>();
    for (const text of texts) {
      const hash = textHashBytes(text);
      const key = hash.toString('hex');
      const known = prepared.get(key);
      if (known !== undefined) found.set(key, known);
      else wanted.set(key, { hash, text });
    }
    let isReachable = isStoreReachable();
    if (wanted.size > 0 && isReachable) {
      try {
        await lookUp(wanted, found);
        if (wanted.size > 0 && (await options.claim?.()) === true) await lookUp(wanted, found);
      } catch (error) {
        if (!onFailure(error)) throw error;
        isReachable = false;
      }
    }
    const missing = [...wanted.entries()];
    const made: EmbeddingRows = { embedderId: id, hashes: [], vectors: [] };
    for (let start = 0; start < missing.length; start += EMBED_BATCH) {
      const batch = missing.slice(start, start + EMBED_BATCH);
      const vectors = await embedder.embed(batch.map(([, entry]) => entry.text));
      batch.forEach(([key, entry], position) => {
        const vector = vectors[position];
        if (vector === undefined) return;
        found.set(key, vector);
        made.hashes.push(entry.hash);
        made.vectors.push(encodeVector(vector));
      });
      embedded += batch.length;
    }
    return { found, made, isReachable };
  };

  /** Carry on without the store when the caller says so (after the load), else fail. */
  const carryOn = (error: unknown): boolean => isUnreachable(error) && onUnreachable(error);

  return {
    embedder: {
      id,
      dimensions,
      async embed(texts) {
        const { found, made, isReachable } = await resolve(texts, carryOn);
        if (made.hashes.length > 0 && isReachable) {
          try {
            await sql`
              insert into toolsift_embeddings (embedder_id, text_hash, vector)
              select ${id}, * from unnest(${sql.array(made.hashes, BYTEA)}, ${sql.array(made.vectors, BYTEA)})
              on conflict (embedder_id, text_hash) do update set vector = excluded.vector
              where length(toolsift_embeddings.vector) <> length(excluded.vector)`;
          } catch (error) {
            if (!carryOn(error)) throw error;
          }
        }
        return texts.map((text) => {
          const key = textHashBytes(text).toString('hex');
          prepared.delete(key);
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
    async prepare(texts) {
      prepared.clear();
      const { found, made } = await resolve(texts, () => false);
      for (const [key, vector] of found) prepared.set(key, vector);
      return made;
    },
  };
}

// --- internal ---

/** Texts per call of the embedder (what the index asks for in one call may be many more: it reads in bulk here). */
const EMBED_BATCH = 32;
/** PostgreSQL's type id of bytea (arrays of it are sent as bytea[]). */
const BYTEA = 17;
