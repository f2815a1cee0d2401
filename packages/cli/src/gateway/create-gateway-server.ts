import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool as McpTool,
} from '@modelcontextprotocol/sdk/types.js';
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
  /** Call `listener` whenever an upstream's tools or state change; returns the way to stop. */
  subscribe(listener: () => void): () => void;
}

/**
 * The MCP server one client talks to: `search_tools` and `call_tool` over the shared core. With `dynamicMax` > 0
 * (dynamic mode), the tools a search returns are also listed in this client's `tools/list` under their qualified
 * names, with their upstream input schemas, and `notifications/tools/list_changed` is sent; calling one proxies it.
 */
export function createGatewayServer(options: {
  core: GatewayCore;
  dynamicMax: number;
  /** How many tools `search_tools` returns when the call gives no `k` (default 5). */
  defaultK?: number | undefined;
}): Server {
  const { core, dynamicMax } = options;
  const defaultK = options.defaultK ?? DEFAULT_SEARCH_K;
  const isDynamic = dynamicMax > 0;
  const server = new Server(
    { name: 'toolsift-gateway', version: VERSION },
    {
      capabilities: { tools: { listChanged: isDynamic } },
      instructions:
        'This server stands in front of many MCP servers. Call search_tools with the task in plain language to find ' +
        'the tools that fit it, then call_tool with the name search_tools gave and the arguments its inputSchema asks for.' +
        (isDynamic ? ' The tools a search finds are also listed as tools of their own.' : ''),
    },
  );
  // The tools listed for this client by qualified name, oldest first, at most `dynamicMax`, each with the upstream
  // definition it was listed with.
  const listed = new Map<string, McpTool>();

  server.setRequestHandler(ListToolsRequestSchema, () => {
    const dynamic = [...listed.keys()].flatMap((name): McpTool[] => {
      const tool = core.pool.resolve(name);
      return tool === undefined ? [] : [{ ...tool.definition, name }];
    });
    return { tools: [SEARCH_TOOL, CALL_TOOL, ...dynamic] };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name } = request.params;
    const args = request.params.arguments ?? {};
    // The agent's progress token and cancellation reach the upstream call; its progress comes back to the agent,
    // all of it before the result (the client stops listening for a request's progress once it has the answer).
    const progressToken = request.params._meta?.progressToken;
    let forwarded: Promise<unknown> = Promise.resolve();
    const proxy = async (qualifiedName: string, callArguments: Record<string, unknown>) => {
      const started = performance.now();
      const result = await core.pool.call(qualifiedName, {
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
      core.activity.called({ name: qualifiedName, result, ms: performance.now() - started });
      return result;
    };
    if (name === 'search_tools') {
      const input = SEARCH_INPUT.safeParse(args);
      if (!input.success) return invalidArguments(name, input.error);
      return toolAnswer(async () => {
        const started = performance.now();
        await core.ready;
        // A tool list an upstream announced as changed is read and indexed before this search runs, unless the
        // upstream is slow to send it (`staleAfterMs`): the search then says so. Waited for outside the queue.
        const stale = await core.pool.settled();
        const k = input.data.k ?? defaultK;
        const found = await core.searches.run(() =>
          searchGateway({ ...core, stale, query: input.data.query, k }),
        );
        core.activity.searched({
          query: input.data.query,
          k,
          answer: found,
          ms: performance.now() - started,
        });
        if (isDynamic && list(found.tools.map((tool) => tool.name))) await server.sendToolListChanged();
        return { ...found };
      });
    }
    if (name === 'call_tool') {
      const input = CALL_INPUT.safeParse(args);
      if (!input.success) return invalidArguments(name, input.error);
      await core.started;
      return proxy(input.data.name, input.data.arguments ?? {});
    }
    if (isDynamic && core.pool.resolve(name) !== undefined) return proxy(name, args);
    return {
      content: [
        {
          type: 'text',
          text: `Unknown tool "${name}": this gateway has search_tools and call_tool${isDynamic ? ', and the tools a search found' : ''}.`,
        },
      ],
      isError: true,
    };
  });

  if (isDynamic) {
    // A listed tool its server changed or removed: the client is told to list again. Ends with the connection:
    // when it closes (a session refused at initialize never has another event to notice it by).
    const unsubscribe = core.subscribe(() => {
      if (server.transport === undefined) return unsubscribe();
      let isChanged = false;
      for (const [name, definition] of listed) {
        const now = core.pool.resolve(name)?.definition;
        if (now === definition) continue;
        isChanged = true;
        if (now === undefined) listed.delete(name);
        else listed.set(name, now);
      }
      if (isChanged) server.sendToolListChanged().catch(() => undefined);
    });
    const onclose = server.onclose;
    server.onclose = () => {
      unsubscribe();
      onclose?.();
    };
  }

  /** Add tools to this client's list (moved to the end when there); whether the set of names changed. */
  function list(names: readonly string[]): boolean {
    const before = new Set(listed.keys());
    for (const name of names) {
      const tool = core.pool.resolve(name);
      listed.delete(name);
      if (tool !== undefined) listed.set(name, tool.definition);
    }
    for (const name of listed.keys()) {
      if (listed.size <= dynamicMax) break;
      listed.delete(name);
    }
    return listed.size !== before.size || [...listed.keys()].some((name) => !before.has(name));
  }

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

const SEARCH_TOOL: McpTool = {
  name: 'search_tools',
  title: 'Search tools',
  description:
    'Rank the tools of every connected MCP server for a task described in plain language. Returns the best tools ' +
    'first, each with its qualified name (for call_tool), its MCP definition, a confidence in [0, 1] and the reasons ' +
    'it was chosen; tools whose server is down are listed as unavailable.',
  inputSchema: jsonSchemaOf(SEARCH_INPUT),
  outputSchema: jsonSchemaOf(GATEWAY_SEARCH_OUTPUT),
  annotations: { readOnlyHint: true, openWorldHint: false },
};

const CALL_TOOL: McpTool = {
  name: 'call_tool',
  title: 'Call a tool',
  description:
    'Call a tool of a connected MCP server by the qualified name search_tools returned, with the arguments its ' +
    "inputSchema asks for. Returns the server's own result.",
  inputSchema: jsonSchemaOf(CALL_INPUT),
  annotations: { openWorldHint: true },
};

function jsonSchemaOf(schema: z.ZodType): McpTool['inputSchema'] {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  return { ...rest, type: 'object' };
}

/** The SDK's wording for arguments its own servers refuse (`McpServer`), so clients see one style. */
function invalidArguments(tool: string, error: z.ZodError): CallToolResult {
  const issues = error.issues
    .map((issue) => (issue.path.length === 0 ? issue.message : `${issue.message} at ${issue.path.join('.')}`))
    .join('\n');
  return {
    content: [
      {
        type: 'text',
        text: `MCP error -32602: Input validation error: Invalid arguments for tool ${tool}: ${issues}`,
      },
    ],
    isError: true,
  };
}
