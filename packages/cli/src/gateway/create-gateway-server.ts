import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import {
  DEFAULT_SEARCH_K,
  requiredString,
  SEARCH_INPUT,
  strictArguments,
  typeError,
} from '../mcp/search-tools.js';
import { toolAnswer } from '../mcp/tool-answer.js';
import { VERSION } from '../version.js';
import { type CallWarning, createClientLearning } from './client-learning.js';
import { listFoundTools } from './dynamic-tools.js';
import type { GatewayActivity } from './gateway-activity.js';
import type { GatewayIndex } from './gateway-index.js';
import { MAX_QUALIFIED_NAME_LENGTH } from './qualified-names.js';
import { GATEWAY_SEARCH_OUTPUT, searchGateway } from './search-gateway.js';
import type { TaskQueue } from './task-queue.js';
import type { UpstreamPool } from './upstream-pool.js';

/** What every client's server shares: the upstreams, the index, and when both are first ready. */
export interface GatewayCore {
  pool: UpstreamPool;
  index: GatewayIndex;
  /** Resolves once every upstream was tried once (connected or not): calls wait for it. */
  started: Promise<void>;
  /** Resolves once `started` has, and the index holds what the upstreams listed: searches wait for it. */
  ready: Promise<void>;
  /** Every client's searches, run in arrival order a few at a time, so that proxied calls get turns between them. */
  searches: TaskQueue;
  /** The latest searches and calls of every client (the `ui` page lists them). */
  activity: GatewayActivity;
  /** Whether a call of a tool a search of the same client returned learns that search's query (`--learn`). */
  isLearning: boolean;
  /** Where problems are reported (stderr), one line each. */
  log: (line: string) => void;
  /** Call `listener` whenever an upstream's tools or state change; returns the way to stop. */
  subscribe(listener: () => void): () => void;
}

/** What a tool handler of the gateway's server gets besides its arguments (the request's signal, progress token...). */
export type GatewayRequestExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * The MCP server one client talks to: `search_tools` and `call_tool` over the shared core. With `dynamicMax` > 0
 * (dynamic mode), the tools a search returns are also listed in this client's `tools/list` under their qualified
 * names, with their upstream input schemas, and `notifications/tools/list_changed` is sent; calling one proxies it.
 * Arguments are checked, and failures answered, by the SDK's `McpServer` as for `serve --mcp`.
 */
export function createGatewayServer(options: {
  core: GatewayCore;
  dynamicMax: number;
  /** How many tools `search_tools` returns when the call gives no `k` (default 5). */
  defaultK?: number | undefined;
}): McpServer {
  const { core, dynamicMax } = options;
  const defaultK = options.defaultK ?? DEFAULT_SEARCH_K;
  const isDynamic = dynamicMax > 0;
  const server = new McpServer(
    { name: 'toolsift-gateway', version: VERSION },
    {
      instructions:
        'This server stands in front of many MCP servers. Call search_tools with the task in plain language to find ' +
        'the tools that fit it, then call_tool with the name search_tools gave and the arguments its inputSchema asks for.' +
        (isDynamic ? ' The tools a search finds are also listed as tools of their own.' : ''),
      // The tools a search adds to this client's list, and those it drops, make one notification.
      debouncedNotificationMethods: ['notifications/tools/list_changed'],
    },
  );
  const learning = core.isLearning
    ? createClientLearning({ selector: () => core.index.selector(), log: core.log })
    : undefined;

  /**
   * Call an upstream tool. The agent's progress token and cancellation reach the upstream call; its progress comes
   * back to the agent, all of it before the result (the client stops listening for a request's progress once it has
   * the answer). With learning on, the call is learned while it runs: it is answered either way, with the warnings
   * of a learn that was skipped or failed.
   */
  const proxy = async (
    name: string,
    callArguments: Record<string, unknown>,
    extra: GatewayRequestExtra,
  ): Promise<CallToolResult> => {
    const started = performance.now();
    const learned = learning?.called(name);
    const progressToken = extra._meta?.progressToken;
    let forwarded: Promise<unknown> = Promise.resolve();
    const result = await core.pool.call(name, {
      arguments: callArguments,
      signal: extra.signal,
      onProgress:
        progressToken === undefined
          ? undefined
          : (progress) => {
              const params = { ...progress, progressToken };
              forwarded = forwarded
                .then(() => extra.sendNotification({ method: 'notifications/progress', params }))
                .catch(() => undefined);
            },
    });
    await forwarded;
    core.activity.called({ name, result, ms: performance.now() - started });
    return withWarnings(result, (await learned) ?? []);
  };
  const found = isDynamic ? listFoundTools({ server, core, dynamicMax, proxy }) : undefined;

  server.registerTool(
    'search_tools',
    {
      title: 'Search tools',
      description:
        'Rank the tools of every connected MCP server for a task described in plain language. Returns the best tools ' +
        'first, each with its qualified name (for call_tool), its MCP definition, a confidence in [0, 1] and the ' +
        'reasons it was chosen; tools whose server is down are listed as unavailable.',
      inputSchema: SEARCH_INPUT,
      outputSchema: GATEWAY_SEARCH_OUTPUT,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query, k = defaultK }) => {
      const started = performance.now();
      await core.ready;
      // A tool list an upstream announced as changed is read and indexed before this search runs, unless the
      // upstream is slow to send it (`staleAfterMs`): the search then says so. Waited for outside the queue.
      const stale = await core.pool.settled();
      const answer = await core.searches.run(() => searchGateway({ ...core, stale, query, k }));
      core.activity.searched({ query, k, answer, ms: performance.now() - started });
      const names = answer.tools.map((tool) => tool.name);
      learning?.searched(query, names);
      found?.add(names);
      return toolAnswer(answer);
    },
  );

  server.registerTool(
    'call_tool',
    {
      title: 'Call a tool',
      description:
        'Call a tool of a connected MCP server by the qualified name search_tools returned, with the arguments its ' +
        "inputSchema asks for. Returns the server's own result.",
      inputSchema: CALL_INPUT,
      annotations: { openWorldHint: true },
    },
    async ({ name, arguments: callArguments = {} }, extra) => {
      await core.started;
      return proxy(name, callArguments, extra);
    },
  );
  return server;
}

// --- internal ---

const CALL_INPUT = strictArguments('call_tool', {
  name: requiredString(
    'name must be a string (a name search_tools returned)',
    MAX_QUALIFIED_NAME_LENGTH,
  ).describe('The tool\'s qualified name as search_tools returns it, e.g. "filesystem__read_text_file"'),
  arguments: z
    .record(z.string(), z.unknown(), {
      error: (issue) => typeError(issue, "arguments must be an object (the tool's arguments by name)"),
    })
    .optional()
    .describe("The tool's arguments, as its inputSchema describes them"),
});

/** Where a call's answer carries the gateway's own warnings (MCP reserves `_meta` keys with a prefix per owner). */
const CALL_WARNINGS_KEY = 'toolsift/warnings';

/** `result` with `warnings` in its `_meta["toolsift/warnings"]` (unchanged when there are none). */
function withWarnings(result: CallToolResult, warnings: readonly CallWarning[]): CallToolResult {
  if (warnings.length === 0) return result;
  return { ...result, _meta: { ...result._meta, [CALL_WARNINGS_KEY]: warnings } };
}
