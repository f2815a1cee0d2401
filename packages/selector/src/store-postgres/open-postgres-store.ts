import { ErrorCode, ToolsiftError } from '@toolsift/core';
import type { Sql } from 'postgres';
import type {
  ChangedLearned,
  ChangeLearnedOptions,
  IndexStore,
  LearnedChange,
  LoadedIndex,
  LoadIndexOptions,
} from '../index-store/index-store.js';
import { type IndexWarning, IndexWarningCode } from '../index-store/index-warning.js';
import { adoptLearned, createEmptyToolIndex, isLexicalIndex } from '../index-store/open-tool-index.js';
import type { ToolIndex } from '../index-store/tool-index.js';
import { LearnWarningCode } from '../learning/learn-warning.js';
import { resolveLexicalOptions } from '../lexical/resolve-lexical-options.js';
import { checkVectorIndexChoice, isVectorIndex } from '../vector-index/built-in-vector-indexes.js';
import { saveCatalogSnapshot } from './catalog-snapshot.js';
import { connectStore, isUnreachable, storeErrorOf } from './connect-store.js';
import { followLearned } from './follow-learned.js';
import { loadIndexSnapshot, saveIndexSnapshot } from './index-snapshot.js';
import { planLearnedWrite, readLearned } from './learned-table.js';
import { migrateStore } from './migrate-store.js';
import { newLearnedTexts } from './new-learned-texts.js';
import { createPostgresEmbeddingCache, type PostgresEmbeddingCache } from './postgres-embedding-cache.js';
import { createStoreReachability } from './store-reachability.js';
import { parseStoreUrl } from './store-url.js';
import { writeLearnedChange } from './write-learned.js';

/** Options of `openPostgresStore`. */
export interface PostgresStoreOptions {
  /** `postgres://user:password@host:5432/database` (or `postgresql://`); the password is never printed. */
  url: string;
  /**
   * The deployment whose learned prompts and catalog these are (default `TOOLSIFT_STORE_NAMESPACE`, else `default`):
   * processes of one deployment share one; embeddings are shared by all.
   */
  namespace?: string | undefined;
  /** Where `TOOLSIFT_STORE_NAMESPACE` is read (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>> | undefined;
}

/** The environment variable that names the namespace when the options do not. */
export const STORE_NAMESPACE_ENV = 'TOOLSIFT_STORE_NAMESPACE';

/**
 * Open the PostgreSQL store (docs/store.md): connect, apply the schema's migrations, and return an `IndexStore`
 * whose index is built in memory from the store's embeddings (only texts no process embedded are embedded, and
 * written for the others), whose learns are transactions, and which adopts the learns of other processes within
 * about a second (LISTEN/NOTIFY, with a poll behind it). STORE_URL_INVALID, STORE_UNREACHABLE, STORE_AUTH_FAILED,
 * STORE_SCHEMA_TOO_NEW or STORE_FAILED when it cannot be opened; once loaded, a database that goes away is a warning
 * (`currentWarnings`) and the index serves on from memory.
 * @example const store = await openPostgresStore({ url: process.env.DATABASE_URL!, namespace: 'support-agents' });
 */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<IndexStore> {
  const storeUrl = parseStoreUrl(options.url);
  const namespace = checkNamespace(options.namespace ?? (options.env ?? process.env)[STORE_NAMESPACE_ENV]);
  const connection = await connectStore(storeUrl);
  try {
    await migrateStore(connection);
  } catch (error) {
    await connection.end().catch(() => undefined);
    throw error;
  }
  const { sql } = connection;
  const reachability = createStoreReachability(storeUrl);
  const pending: Array<{ change: LearnedChange; callBound: number | undefined }> = [];
  let loaded: { index: ToolIndex; cache: PostgresEmbeddingCache; queue: Queue } | undefined;
  let revision = 0;
  let follower: { stop(): Promise<void> } | undefined;
  let isClosed = false;

  /**
   * Learn or forget as one statement of the store: read what the namespace holds, apply the change, have the vectors
   * of its new learned views ready, and write the difference with them, the new revision and a NOTIFY, if no other
   * process changed the namespace meanwhile (else again, from what it holds then).
   */
  const commit = async (
    index: ToolIndex,
    cache: PostgresEmbeddingCache,
    change: LearnedChange,
    callBound: number | undefined,
  ): Promise<ReturnType<LearnedChange> & { revision: number }> => {
    for (let attempt = 1; ; attempt++) {
      const state = await readLearned(sql, namespace);
      const outcome = runChange(change, state.prompts);
      const embeddings = await cache.prepare(newLearnedTexts(index, outcome.prompts));
      const written = await writeLearnedChange({
        sql,
        namespace,
        expected: state.revision,
        write: planLearnedWrite(state.rows, outcome.prompts),
        callBound,
        embeddings,
      });
      if (written !== undefined) return { ...outcome, revision: written };
      if (attempt === MAX_WRITE_ATTEMPTS) {
        throw new ToolsiftError(
          ErrorCode.StoreFailed,
          `the store ${storeUrl.masked} changed under ${MAX_WRITE_ATTEMPTS} attempts to write a learn in namespace ${namespace}: other processes learn faster than this one can write`,
          { url: storeUrl.masked, namespace },
        );
      }
      // Another process wrote first: wait a little (more each time, at random) so that writers spread out.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 2 ** attempt)));
    }
  };

  /** Write the learns made while the store was unreachable, each as its own transaction on what it holds now. */
  const flushPending = async (index: ToolIndex, cache: PostgresEmbeddingCache): Promise<void> => {
    while (pending.length > 0) {
      const next = pending[0]!;
      try {
        await commit(index, cache, next.change, next.callBound);
      } catch (error) {
        if (isUnreachable(error)) throw error;
        // A change that no longer applies (its tool left the catalog): it is dropped, as a learn now would fail.
      }
      pending.shift();
    }
  };

  /** Adopt what the namespace holds now (after writing what waits), unless this process is at its revision. */
  const refresh = async (): Promise<void> => {
    if (loaded === undefined || isClosed) return;
    const { index, cache, queue } = loaded;
    try {
      await queue(async () => {
        await flushPending(index, cache);
        const state = await readLearned(sql, namespace);
        reachability.found();
        if (state.revision <= revision) return;
        revision = state.revision;
        const changed = adoptLearned(index, state.prompts);
        if (changed.length > 0) await index.upsertTools({ tools: changed, embedder: cache.embedder });
      });
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      reachability.lost(error);
    }
  };

  /** While the store cannot be reached: the change holds in memory, and waits to be written. */
  const changeInMemory = async (
    options: ChangeLearnedOptions,
    cache: PostgresEmbeddingCache,
  ): Promise<ChangedLearned> => {
    const { index, change, callBound } = options;
    const { prompts, report } = change(index.learned());
    pending.push({ change, callBound });
    const changed = adoptLearned(index, prompts);
    await index.upsertTools({ tools: changed, embedder: cache.embedder });
    const warning = {
      code: LearnWarningCode.StoreUnreachable,
      message: `the store ${storeUrl.masked} cannot be reached: this change holds in this process only, and is written to the store when it is reachable again (lost if the process ends first)`,
    };
    return { report: { ...report, warnings: [...(report.warnings ?? []), warning] }, warnings: [] };
  };

  return {
    location: `${storeUrl.masked} (namespace ${namespace})`,
    catalogMemo: undefined,
    async load(loadOptions) {
      checkComponents(loadOptions);
      const queue = loadOptions.queue ?? createQueue();
      // While the index is built, the texts the store lacks are embedded by one process of the namespace at a time:
      // processes that start together (serverless functions) wait for the first, then read what it embedded.
      let buildLock: Sql | undefined;
      const cache = createPostgresEmbeddingCache({
        sql,
        embedder: loadOptions.embedder,
        // Until the index is loaded, a database that goes away fails the load.
        onUnreachable: (error) => {
          if (loaded === undefined) return false;
          reachability.lost(error);
          return true;
        },
        isReachable: () => loaded === undefined || reachability.isReachable,
        claim: async () => {
          if (loaded !== undefined || buildLock !== undefined) return false;
          buildLock = connection.session();
          const key = `${loadOptions.embedder.id}\n${namespace}`;
          await buildLock`select pg_advisory_lock(${BUILD_LOCK_CLASS}::int, hashtext(${key}))`;
          return true;
        },
      });
      const result = await loadFromStore({ ...loadOptions, cache, namespace, sql })
        .catch((error: unknown) => {
          throw storeErrorOf(error, storeUrl, 'a read of the learned prompts and embeddings');
        })
        .finally(() => buildLock?.end({ timeout: 5 }));
      revision = result.revision;
      loaded = { index: result.index, cache, queue };
      follower = followLearned({
        background: connection.background,
        namespace,
        revision: () => revision,
        reachability,
        onChange: refresh,
        pollMs: POLL_MS,
        retryMs: RETRY_MS,
      });
      return { ...result.loaded, indexEmbedder: cache.embedder };
    },
    async save(index) {
      // Written by the next save once the store is back (a gateway saves at every change of its upstreams).
      if (!reachability.isReachable) return [];
      try {
        await saveCatalogSnapshot({ sql, namespace, index });
        return [];
      } catch (error) {
        if (isUnreachable(error)) {
          reachability.lost(error);
          return [];
        }
        const reason = storeErrorOf(error, storeUrl, 'the catalog snapshot').message;
        return [
          { code: IndexWarningCode.IndexNotSaved, message: `could not save the catalog: ${reason}`, reason },
        ];
      }
    },
    async changeLearned(options) {
      const cache = loaded?.cache;
      if (cache === undefined) {
        throw new ToolsiftError(ErrorCode.UsageError, 'changeLearned before load: load the index first');
      }
      if (!reachability.isReachable) return changeInMemory(options, cache);
      try {
        await flushPending(options.index, cache);
        const outcome = await commit(options.index, cache, options.change, options.callBound);
        revision = Math.max(revision, outcome.revision);
        const changed = adoptLearned(options.index, outcome.prompts);
        await options.index.upsertTools({ tools: changed, embedder: cache.embedder });
        return { report: outcome.report, warnings: [] };
      } catch (error) {
        if (error instanceof ChangeFailed) throw error.cause;
        if (!isUnreachable(error)) throw storeErrorOf(error, storeUrl, 'the learned prompts');
        reachability.lost(error);
        return changeInMemory(options, cache);
      }
    },
    currentWarnings: (): IndexWarning[] => reachability.warnings(pending.length),
    async close() {
      if (isClosed) return;
      isClosed = true;
      // The listening connection does not keep the process alive, and the others may have closed idle: without this
      // timer, a script awaiting close() would end while the listener stops, before the rest of it ran.
      const keepAlive = setInterval(() => undefined, 60_000);
      try {
        await follower?.stop();
        await connection.end();
      } finally {
        clearInterval(keepAlive);
      }
    },
  };
}

// --- internal ---

/** How often a process checks the namespace's revision, for a notification it missed (see docs/store.md). */
const POLL_MS = 10_000;
/** How often a process whose database went away tries it again. */
const RETRY_MS = 1_000;
/** The first key of the advisory lock of a namespace's index builds (the second: a hash of embedder id and namespace). */
const BUILD_LOCK_CLASS = 0x7473;
/** Writes of one learn tried before it fails (each after another process wrote first). */
const MAX_WRITE_ATTEMPTS = 50;
/** Texts read from the store per statement while an index is built. */
const LOAD_BATCH = 512;
const MAX_NAMESPACE_LENGTH = 200;

type Queue = NonNullable<LoadIndexOptions['queue']>;

/** An error thrown by the change itself (USAGE_ERROR, UNKNOWN_TOOL...), passed on as it is. */
class ChangeFailed extends Error {
  constructor(override readonly cause: unknown) {
    super('the learned change failed', { cause });
  }
}

function runChange(change: LearnedChange, prompts: Parameters<LearnedChange>[0]): ReturnType<LearnedChange> {
  try {
    return change(prompts);
  } catch (error) {
    throw new ChangeFailed(error);
  }
}

/** The index of the catalog built in memory, its vectors read from the store (or embedded and written there). */
async function loadFromStore(
  options: LoadIndexOptions & { cache: PostgresEmbeddingCache; namespace: string; sql: Sql },
): Promise<{ index: ToolIndex; loaded: LoadedIndex; revision: number }> {
  const { cache, namespace, sql } = options;
  const state = await readLearned(sql, namespace);
  const warnings: IndexWarning[] = [];
  // The index another process built and saved, when there is one: its vector and lexical indexes are not built again.
  const learned = state.prompts;
  const snapshot = await loadIndexSnapshot({
    ...options,
    embedder: cache.embedder,
    learned,
    batchSize: LOAD_BATCH,
  });
  const index = snapshot.restored?.index ?? createEmptyToolIndex(options, warnings);
  let views = snapshot.restored?.views ?? 0;
  if (snapshot.restored === undefined) {
    adoptLearned(index, state.prompts);
    const stats = await index.upsertTools({
      tools: options.tools,
      embedder: cache.embedder,
      batchSize: LOAD_BATCH,
      ...(options.onProgress !== undefined ? { onProgress: options.onProgress } : {}),
    });
    views = stats.embedded + stats.reused;
  }
  await saveCatalogSnapshot({ sql, namespace, index });
  if (snapshot.restored?.isCurrent !== true) {
    const { revision } = state;
    await saveIndexSnapshot({
      sql,
      namespace,
      index,
      components: options,
      revision,
      replacing: snapshot.generation,
    }).catch((error: unknown) => {
      const reason = (error as Error).message;
      const message = `could not save the index in the store (the next process builds it again): ${reason}`;
      warnings.push({ code: IndexWarningCode.IndexNotSaved, message, reason });
    });
  }
  const embedded = cache.embedded;
  const status = embedded === 0 ? 'loaded' : embedded >= views ? 'built' : 'updated';
  return {
    index,
    revision: state.revision,
    loaded: { index, status, stats: { embedded, reused: Math.max(0, views - embedded) }, warnings },
  };
}

/** Checked as the memory store checks them: an unknown or out-of-range option is a USAGE_ERROR. */
function checkComponents(options: LoadIndexOptions): void {
  if (!isLexicalIndex(options.lexical)) resolveLexicalOptions(options.lexical ?? {});
  if (!isVectorIndex(options.vectorIndex)) checkVectorIndexChoice(options.vectorIndex ?? 'auto');
}

function checkNamespace(namespace: string | undefined): string {
  const name = namespace === undefined || namespace === '' ? 'default' : namespace;
  if (name.length <= MAX_NAMESPACE_LENGTH && name.trim() === name && !/[\p{Cc}]/u.test(name)) return name;
  throw new ToolsiftError(
    ErrorCode.UsageError,
    `the store namespace must be 1 to ${MAX_NAMESPACE_LENGTH} characters without control characters or surrounding spaces; got ${JSON.stringify(name.slice(0, 60))}`,
    { namespace: name.slice(0, MAX_NAMESPACE_LENGTH) },
  );
}

/** A queue of index changes when the caller gives none: each runs after the one before. */
function createQueue(): Queue {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(change: () => Promise<T>): Promise<T> => {
    const next = tail.then(change);
    tail = next.catch(() => undefined);
    return next;
  };
}
