import { applyOverlays, type Diagnostic, loadTools, type Tool, type ToolOverlay } from '@toolsift/core';
import {
  createEmbedder,
  createSelector,
  type Embedder,
  type IndexProgress,
  type Selector,
} from '@toolsift/selector';
import type { UpstreamTool } from './upstream-pool.js';
import { yieldingEmbedder } from './yielding-embedder.js';

/** The selector over the upstream tools, kept in line with them; see `createGatewayIndex`. */
export interface GatewayIndex {
  /** Bring the index in line with `tools`: add, update and remove only what changed. Calls run one after another. */
  sync(tools: readonly UpstreamTool[]): Promise<void>;
  /** The selector once a sync has given it tools (undefined before), after every sync asked for so far. */
  selector(): Promise<Selector | undefined>;
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
  let embedder: Promise<Embedder> | undefined;
  const embedderOf = (): Promise<Embedder> => {
    if (typeof options.embedder === 'object') return Promise.resolve(yieldingEmbedder(options.embedder));
    embedder ??= createEmbedder(options.embedder ?? 'use-lite', {
      cwd: options.cwd,
      env: options.env,
      onProgress: (message) => options.log(message),
    }).then(yieldingEmbedder, (error: unknown) => {
      embedder = undefined; // the next sync tries again (a model download may work then)
      throw error;
    });
    return embedder;
  };

  const apply = async (tools: readonly UpstreamTool[]): Promise<void> => {
    const wanted = toTools(tools, { overlays: options.overlays ?? [], log: options.log });
    reportUnmatched(wanted);
    // The source names the tool's place in its server's list: a tool that only moved is no change.
    const fingerprints = new Map(
      wanted.map((tool) => [tool.id, JSON.stringify({ ...tool, source: undefined })]),
    );
    if (selector === undefined) {
      if (wanted.length === 0) return;
      selector = await createSelector({
        catalog: wanted,
        indexDir: options.indexDir,
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
      const next = queue.then(() => apply(tools));
      // A failed sync is reported to its caller; the next one starts from what was indexed.
      queue = next.catch(() => undefined);
      return next;
    },
    async selector() {
      await queue;
      return selector;
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

/**
 * Upstream tools as toolsift tools: the MCP loader reads each server's list, each tool knows its server (the config
 * key, with the `serverInfo` name and title as aliases and its `instructions` as description), overlays are applied
 * under the tools' own names, then ids and names become the qualified names.
 */
function toTools(
  tools: readonly UpstreamTool[],
  options: { overlays: readonly ToolOverlay[]; log: (line: string) => void },
): Tool[] {
  const byServer = new Map<string, UpstreamTool[]>();
  for (const tool of tools) {
    const group = byServer.get(tool.server);
    if (group === undefined) byServer.set(tool.server, [tool]);
    else group.push(tool);
  }
  return [...byServer].flatMap(([name, serverTools]) => {
    const info = serverTools[0]?.serverInfo;
    // The MCP loader gives each tool this server: the config key, with the serverInfo name and title as aliases.
    const loaded = loadTools(
      {
        server: name,
        ...(info === undefined ? {} : { serverInfo: { name: info.name, title: info.title } }),
        ...(info?.instructions === undefined ? {} : { instructions: info.instructions }),
        tools: serverTools.map((tool) => tool.definition),
      },
      { format: 'mcp', file: `upstream "${name}"` },
    );
    for (const diagnostic of loaded.diagnostics) {
      if (diagnostic.severity === 'error') options.log(describe(diagnostic));
    }
    const overlaid = applyOverlays(loaded.tools, options.overlays).tools;
    // The loader names each tool's place in the list (`/tools/3`): that is the upstream tool it was read from.
    const upstreamOf = (tool: Tool) => serverTools[Number(tool.source.pointer.split('/')[2])];
    const qualified = new Map(
      overlaid.flatMap((tool) => {
        const upstream = upstreamOf(tool);
        return upstream === undefined ? [] : [[tool.name, upstream.qualifiedName] as const];
      }),
    );
    return overlaid.flatMap((tool) => {
      const qualifiedName = qualified.get(tool.name);
      return qualifiedName === undefined ? [] : [withQualifiedNames(tool, qualifiedName, qualified)];
    });
  });
}

/** The tool under its qualified name, the tools its relations name (an overlay names them plainly) too. */
function withQualifiedNames(tool: Tool, qualifiedName: string, qualified: ReadonlyMap<string, string>): Tool {
  const rename = <T extends { tool: string }>(relation: T): T => ({
    ...relation,
    tool: qualified.get(relation.tool) ?? relation.tool,
  });
  return {
    ...tool,
    id: qualifiedName,
    name: qualifiedName,
    conflicts: tool.conflicts.map(rename),
    alternatives: tool.alternatives.map(rename),
    complements: tool.complements.map(rename),
  };
}

function describe(diagnostic: Diagnostic): string {
  return `${diagnostic.file}${diagnostic.pointer === undefined ? '' : ` at ${diagnostic.pointer}`}: ${diagnostic.message} [${diagnostic.code}]; the tool is left out of the search (call_tool still reaches it)`;
}
