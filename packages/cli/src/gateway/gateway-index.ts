import type { Tool, ToolOverlay } from '@toolsift/core';
import {
  createEmbedder,
  createSelector,
  DEFAULT_EMBEDDER_ID,
  type Embedder,
  type IndexProgress,
  type Selector,
} from '@toolsift/selector';
import { createUpstreamCatalog } from './upstream-catalog.js';
import type { UpstreamTool } from './upstream-pool.js';
import { yieldingEmbedder } from './yielding-embedder.js';

/** The selector over the upstream tools, kept in line with them; see `createGatewayIndex`. */
export interface GatewayIndex {
  /**
   * Bring the index in line with `tools`: add, update and remove only what changed. Calls run one after another; a
   * call made while another waits to start takes its place (both resolve when the newer tools are indexed).
   */
  sync(tools: readonly UpstreamTool[]): Promise<void>;
  /** The selector once a sync has given it tools (undefined before), after every sync asked for so far. */
  selector(): Promise<Selector | undefined>;
  /**
   * Close the selector's store (a shared store's connections). A sync under way is not waited for: one that made a
   * selector meanwhile leaves it to end its idle connections itself.
   */
  close(): Promise<void>;
}

/**
 * An index of upstream tools under their qualified names, built with `createSelector` like every other catalog and
 * saved in `indexDir`, so a restart re-embeds nothing that did not change. Until some upstream lists a tool there is
 * no selector (a selector needs a tool). Loading problems of a tool (a broken input schema) go to `log`.
 */
export function createGatewayIndex(options: {
  /** An embedder id (default `use-lite`), or an embedder. */
  embedder?: string | Embedder | undefined;
  indexDir: string | false;
  /** A shared store instead of `indexDir` (see `SelectorOptions.store`). */
  store?: string | undefined;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Overlays to apply to the upstream tools (the shipped ones first, then the user's). */
  overlays?: readonly ToolOverlay[] | undefined;
  log: (line: string) => void;
}): GatewayIndex {
  let selector: Selector | undefined;
  let indexed = new Map<string, string>();
  // Entries of the user's overlays that matched no upstream tool, each said once (a sync runs on every change).
  const reported = new Set<string>();
  const reportUnmatched = (wanted: readonly Tool[]): void => {
    const matched = new Set(
      wanted.flatMap((tool) => (tool.overlays ?? []).map((overlay) => `${overlay.file}#${overlay.pointer}`)),
    );
    for (const overlay of options.overlays ?? []) {
      if (overlay.isShipped) continue;
      for (const entry of overlay.entries) {
        const key = `${overlay.file}#${entry.pointer}`;
        if (matched.has(key) || reported.has(key)) continue;
        reported.add(key);
        const where = overlay.server === undefined ? '' : ` of server ${overlay.server.names.join(' / ')}`;
        options.log(
          `${overlay.file}${entry.line === undefined ? '' : `:${entry.line}`}: overlay entry "${entry.tool}" matches no tool${where} of the upstreams listed so far [OVERLAY_UNMATCHED]`,
        );
      }
    }
  };
  let queue: Promise<void> = Promise.resolve();
  // The sync asked for that has not started yet.
  let waiting: { tools: readonly UpstreamTool[]; done: Promise<void> } | undefined;
  let embedder: Promise<Embedder> | undefined;
  const embedderOf = (): Promise<Embedder> => {
    if (typeof options.embedder === 'object') return Promise.resolve(yieldingEmbedder(options.embedder));
    embedder ??= createEmbedder(options.embedder ?? DEFAULT_EMBEDDER_ID, {
      cwd: options.cwd,
      env: options.env,
      onProgress: (message) => options.log(message),
    }).then(yieldingEmbedder, (error: unknown) => {
      embedder = undefined; // the next sync tries again (a model download may work then)
      throw error;
    });
    return embedder;
  };

  const catalog = createUpstreamCatalog({ overlays: options.overlays ?? [], log: options.log });
  // A server whose tools did not change gives the same Tool objects again: their fingerprints are not recomputed.
  const fingerprintOf = new WeakMap<Tool, string>();
  const fingerprint = (tool: Tool): string => {
    let known = fingerprintOf.get(tool);
    if (known === undefined) {
      // The source names the tool's place in its server's list: a tool that only moved is no change.
      known = JSON.stringify({ ...tool, source: undefined });
      fingerprintOf.set(tool, known);
    }
    return known;
  };

  const apply = async (tools: readonly UpstreamTool[]): Promise<void> => {
    const wanted = catalog.toTools(tools);
    reportUnmatched(wanted);
    const fingerprints = new Map(wanted.map((tool) => [tool.id, fingerprint(tool)]));
    if (selector === undefined) {
      if (wanted.length === 0) return;
      selector = await createSelector({
        catalog: wanted,
        ...(options.store !== undefined ? { store: options.store } : { indexDir: options.indexDir }),
        cwd: options.cwd,
        env: options.env,
        embedder: await embedderOf(),
        onProgress: reportProgress(options.log),
      });
      indexed = fingerprints;
      return;
    }
    const added = wanted.filter((tool) => !indexed.has(tool.id));
    const updated = wanted.filter((tool) => {
      const before = indexed.get(tool.id);
      return before !== undefined && before !== fingerprints.get(tool.id);
    });
    const removed = [...indexed.keys()].filter((id) => !fingerprints.has(id));
    if (removed.length > 0) await selector.removeTools(removed);
    if (updated.length > 0) await selector.updateTools(updated);
    if (added.length > 0) await selector.addTools(added);
    indexed = fingerprints;
  };

  return {
    sync(tools) {
      // Changes that come faster than they are indexed are indexed together: one sync runs, one waits.
      if (waiting !== undefined) {
        waiting.tools = tools;
        return waiting.done;
      }
      const next: { tools: readonly UpstreamTool[]; done: Promise<void> } = { tools, done: queue };
      next.done = queue.then(() => {
        waiting = undefined;
        return apply(next.tools);
      });
      waiting = next;
      // A failed sync is reported to its caller; the next one starts from what was indexed.
      queue = next.done.catch(() => undefined);
      return next.done;
    },
    async selector() {
      await queue;
      return selector;
    },
    async close() {
      await selector?.close();
    },
  };
}

// --- internal ---

/** Texts to embed from which a first build reports its progress (a quarter at a time): it may take minutes. */
const REPORTED_FROM_TEXTS = 256;

function reportProgress(log: (line: string) => void): (progress: IndexProgress) => void {
  let reported = -1;
  return ({ done, total }) => {
    if (total < REPORTED_FROM_TEXTS) return;
    const quarter = Math.floor((done / total) * 4);
    if (quarter === reported) return;
    reported = quarter;
    log(
      done === 0
        ? `indexing: embedding ${total} texts of the upstream tools (a later start reuses them)`
        : `indexing: ${done} of ${total} texts embedded`,
    );
  };
}
