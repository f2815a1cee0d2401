import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolOverlay } from '@toolsift/core';
import type { Embedder } from '@toolsift/selector';
import { createGatewayServer, type GatewayCore } from './create-gateway-server.js';
import { createGatewayActivity } from './gateway-activity.js';
import { createGatewayIndex } from './gateway-index.js';
import type { UpstreamConfig } from './read-gateway-config.js';
import { messageOf, type UpstreamTimings } from './supervise-upstream.js';
import { createTaskQueue } from './task-queue.js';
import { createUpstreamPool } from './upstream-pool.js';

/** Options of `createGateway`. */
export interface GatewayOptions {
  upstreams: readonly UpstreamConfig[];
  /** Embedder id (default `use-lite`), or an embedder of your own. */
  embedder?: string | Embedder | undefined;
  /** Index folder; `false` keeps the index in memory. Not used with `store`. */
  indexDir: string | false;
  /** A shared store (a PostgreSQL URL) instead of the index folder: see `SelectorOptions.store`. */
  store?: string | undefined;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Where upstream failures, reconnects and index problems are reported, one line (or block) each. */
  log: (line: string) => void;
  timings?: UpstreamTimings | undefined;
  /** Overlays applied to the upstream tools (see `readGatewayOverlays`); none when absent. */
  overlays?: readonly ToolOverlay[] | undefined;
  /**
   * The longest message read from a stdio upstream (default `DEFAULT_MAX_RESULT_BYTES`, 32 MiB): a longer result
   * fails its own call, with its size, and the server serves on.
   */
  maxResultBytes?: number | undefined;
  /**
   * Learn from calls (default false): a call of a tool that a search of the same client returned learns that
   * search's query as a prompt of the tool, kept where the index is (see `createClientLearning`).
   */
  learn?: boolean | undefined;
}

/** A running gateway: one pool of upstreams and one index (its `core`), and an MCP server per client over them. */
export interface Gateway {
  readonly core: GatewayCore;
  /** A new MCP server for one client; `dynamicMax` > 0 turns dynamic mode on (see `createGatewayServer`). */
  createServer(options: { dynamicMax: number; defaultK?: number | undefined }): McpServer;
  /** Stop every upstream (stdio servers exit) and every retry, and close the index's store. */
  close(): Promise<void>;
}

/**
 * Start a gateway: connect every upstream, index their tools, keep both current. Returns at once; `core.ready`
 * resolves when every upstream was tried once and the index holds their tools (searches wait for it). When that
 * first build fails, reading `core.ready` again tries it again.
 * @example const gateway = createGateway({ upstreams, indexDir: false, cwd, env, log }); await gateway.core.ready;
 */
export function createGateway(options: GatewayOptions): Gateway {
  const index = createGatewayIndex({
    embedder: options.embedder,
    indexDir: options.indexDir,
    store: options.store,
    cwd: options.cwd,
    env: options.env,
    overlays: options.overlays,
    log: options.log,
  });
  let isStarted = false;
  const listeners = new Set<() => void>();
  const sync = (): Promise<void> => index.sync(pool.tools());
  const { maxResultBytes } = options;
  const pool = createUpstreamPool({
    configs:
      maxResultBytes === undefined
        ? options.upstreams
        : options.upstreams.map((config) =>
            config.transport === 'stdio' ? { ...config, maxResultBytes } : config,
          ),
    log: options.log,
    // Until every upstream was tried once, the changes wait: the first index is built once, with all of them.
    onToolsChanged: ({ isToolsChanged }) => {
      if (!isStarted) return;
      // A state change alone (a server down, a failed retry) needs no sync: searches ask the pool who is down.
      if (isToolsChanged) {
        sync().catch((error: unknown) => options.log(`the index could not be updated: ${messageOf(error)}`));
      }
      for (const listener of listeners) listener();
    },
    ...(options.timings !== undefined ? { timings: options.timings } : {}),
  });
  const started = pool.start().then(() => {
    isStarted = true;
  });
  // The first index. One that failed (an embedder that cannot load, an embedding server that is down) is built
  // again by the next search, which reads `core.ready` anew.
  let ready: Promise<void> | undefined;
  const whenReady = (): Promise<void> => {
    ready ??= started.then(sync).catch((error: unknown) => {
      ready = undefined;
      options.log(`the index could not be built: ${messageOf(error)}`);
      throw error;
    });
    return ready;
  };
  whenReady().catch(() => undefined); // reported by whenReady
  if (options.learn === true && options.indexDir !== false) {
    // Said once, so that the prompts can be found (and forgotten: `toolsift learn --forget --gateway`).
    options.log(`learning from calls: the learned prompts are kept in ${options.indexDir}`);
  }
  const core: GatewayCore = {
    pool,
    index,
    started,
    get ready() {
      return whenReady();
    },
    searches: createTaskQueue(SEARCH_CONCURRENCY),
    activity: createGatewayActivity(),
    isLearning: options.learn === true,
    log: options.log,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return {
    core,
    createServer: (serverOptions) => createGatewayServer({ core, ...serverOptions }),
    close: async () => {
      await pool.close();
      await index.close();
    },
  };
}

// --- internal ---

/**
 * Searches run one at a time (see `createTaskQueue`): each keeps the main thread busy, so a second one at once gave
 * no more searches per second and doubled the wait of calls (bench/NOTES.md, the MCP gateway).
 */
const SEARCH_CONCURRENCY = 1;
