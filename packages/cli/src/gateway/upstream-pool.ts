import type { CallToolResult, Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { toolError } from '../mcp/tool-answer.js';
import { qualifyToolNames, sanitizeName } from './qualified-names.js';
import type { UpstreamConfig } from './read-gateway-config.js';
import {
  DEFAULT_UPSTREAM_TIMINGS,
  messageOf,
  type SupervisedUpstream,
  superviseUpstream,
  type UpstreamTimings,
} from './supervise-upstream.js';
import type { UpstreamCall, UpstreamServerInfo } from './upstream-connection.js';
import type { UpstreamStatus } from './upstream-status.js';

/** A tool of an upstream server under the name the gateway gives it. */
export interface UpstreamTool {
  /** `<server>__<tool>` (see `qualifyToolNames`). */
  qualifiedName: string;
  server: string;
  /** What the server said about itself (its `serverInfo` name and title, its `instructions`). */
  serverInfo?: UpstreamServerInfo;
  /** The tool as its server lists it, with its own name. */
  definition: McpTool;
}

/** A server searched with its last tool list: the change it announced was not read within `staleAfterMs`. */
export interface StaleUpstream {
  server: string;
  /** E.g. `announced a new tool list 2.0 s ago and has not sent it yet`. */
  reason: string;
}

/** Every upstream server of the gateway, kept connected; see `createUpstreamPool`. */
export interface UpstreamPool {
  /** Connect every server; resolves once each has connected or failed once (failed ones keep retrying). */
  start(): Promise<void>;
  /** The tools of every server, under their qualified names; a server that is down keeps its last known tools. */
  tools(): readonly UpstreamTool[];
  /** The tool a qualified name stands for. */
  resolve(qualifiedName: string): UpstreamTool | undefined;
  /**
   * Resolves once the tool lists servers announced as changed so far are read (and passed to `onToolsChanged`), or,
   * for a server slow to send its list, `staleAfterMs` after it announced the change: those servers are returned.
   * Never waits longer than that, however many changes a server announces meanwhile.
   */
  settled(): Promise<StaleUpstream[]>;
  /** Why a server cannot be called now; undefined when it is connected. */
  downReason(server: string): string | undefined;
  /** Proxy a call; any failure (unknown name, server down, upstream error, timeout) is an `isError` result. */
  call(qualifiedName: string, call: UpstreamCall): Promise<CallToolResult>;
  /** Every server's state, in config order (for the `ui` page). */
  statuses(): UpstreamStatus[];
  /** The process id of a stdio server that is running. */
  pidOf(server: string): number | undefined;
  close(): Promise<void>;
}

/**
 * Keep every configured upstream connected (see `superviseUpstream`: failures are reported through `log` and retried
 * with backoff while the others keep serving), name their tools, and proxy calls. `onToolsChanged` runs whenever the
 * set of tools or a server's state changes; `isToolsChanged` is false when only a state changed (the tools are the
 * same objects as before).
 */
export function createUpstreamPool(options: {
  configs: readonly UpstreamConfig[];
  log: (line: string) => void;
  onToolsChanged: (change: { isToolsChanged: boolean }) => void;
  timings?: UpstreamTimings;
}): UpstreamPool {
  const timings = { ...DEFAULT_UPSTREAM_TIMINGS, ...options.timings };
  let byName = new Map<string, UpstreamTool>();
  let listed: UpstreamTool[] = [];

  const rename = (): void => {
    const refs = upstreams.flatMap((upstream) =>
      upstream.tools().map((definition) => ({
        server: upstream.config.name,
        tool: definition.name,
        definition,
        serverInfo: upstream.serverInfo(),
      })),
    );
    const names = qualifyToolNames(refs);
    listed = refs.map((ref, index) => ({
      qualifiedName: names[index]!,
      server: ref.server,
      ...(ref.serverInfo !== undefined ? { serverInfo: ref.serverInfo } : {}),
      definition: ref.definition,
    }));
    byName = new Map(listed.map((tool) => [tool.qualifiedName, tool]));
  };
  const upstreams: SupervisedUpstream[] = options.configs.map((config) =>
    superviseUpstream({
      config,
      timings,
      log: options.log,
      onChanged: (change) => {
        // A server going down or retrying keeps its tools: nothing to rename.
        if (change.isToolsChanged) rename();
        options.onToolsChanged(change);
      },
    }),
  );
  const upstreamOf = (server: string) => upstreams.find((upstream) => upstream.config.name === server);
  const settled = async (): Promise<StaleUpstream[]> => {
    const reasons = await Promise.all(upstreams.map((upstream) => upstream.caughtUp()));
    return upstreams.flatMap((upstream, at) => {
      const reason = reasons[at];
      return reason === undefined ? [] : [{ server: upstream.config.name, reason }];
    });
  };
  const unavailable = (upstream: SupervisedUpstream): CallToolResult =>
    toolError(
      `The upstream server "${upstream.config.name}" is not available: it ${upstream.whyDown() ?? 'is starting'}. ` +
        'Tools of the other servers still work.',
    );

  return {
    start: async () => {
      await Promise.all(upstreams.map((upstream) => upstream.start()));
    },
    tools: () => listed,
    settled,
    resolve: (qualifiedName) => byName.get(qualifiedName),
    downReason: (server) => upstreamOf(server)?.whyDown(),
    async call(qualifiedName, request) {
      // A name not known yet may be a tool a server just announced: its new list is read first.
      if (!byName.has(qualifiedName)) await settled();
      const tool = byName.get(qualifiedName);
      if (tool === undefined) {
        // A server that never listed its tools (it never started) still gets named when the call is for it.
        const down = upstreams.find(
          (upstream) =>
            upstream.connection() === undefined &&
            qualifiedName.startsWith(`${sanitizeName(upstream.config.name)}__`),
        );
        if (down !== undefined) return unavailable(down);
        return toolError(
          `No upstream tool is named "${qualifiedName}". Names are <server>__<tool>, as search_tools returns them.`,
        );
      }
      const upstream = upstreamOf(tool.server)!;
      const connection = upstream.connection();
      if (connection === undefined) return unavailable(upstream);
      try {
        return await connection.callTool({
          ...request,
          tool: tool.definition.name,
          timeoutMs: timings.callTimeoutMs,
        });
      } catch (error) {
        return toolError(
          upstream.mask(
            `The upstream server "${tool.server}" failed to run "${tool.definition.name}": ${messageOf(error)}`,
          ),
        );
      }
    },
    statuses: () => upstreams.map((upstream) => upstream.status()),
    pidOf: (server) => upstreamOf(server)?.connection()?.pid,
    async close() {
      await Promise.all(upstreams.map((upstream) => upstream.close()));
    },
  };
}
