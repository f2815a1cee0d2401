import { ErrorCode } from '@toolsift/core';
import { z } from 'zod';
import { MAX_SEARCH_K, SEARCH_HIT, SEARCH_OUTPUT, searchTools } from '../mcp/search-tools.js';
import type { GatewayIndex } from './gateway-index.js';
import type { StaleUpstream, UpstreamPool } from './upstream-pool.js';

/** One ranked upstream tool: `name` (= `id`) is its qualified name, `server` and `tool` say where it lives. */
const GATEWAY_SEARCH_HIT = SEARCH_HIT.extend({
  server: z.string().describe('The upstream server (its key in the config file)'),
  tool: z.string().describe("The tool's own name on that server"),
});

/** The structured answer of the gateway's `search_tools`: `search_tools`' own, with each tool's server and stale servers. */
export const GATEWAY_SEARCH_OUTPUT = SEARCH_OUTPUT.extend({
  tools: z.array(GATEWAY_SEARCH_HIT),
  stale: z
    .array(
      z.object({
        server: z.string().describe('The upstream server (its key in the config file)'),
        reason: z.string().describe('Why its last tool list was searched'),
      }),
    )
    .describe(
      'Servers whose tools may be out of date: they announced a new tool list the gateway had not read in time, so their last list was searched',
    ),
});

/** What the gateway's `search_tools` returns, as `GATEWAY_SEARCH_OUTPUT` describes it. */
export type GatewaySearchAnswer = z.infer<typeof GATEWAY_SEARCH_OUTPUT>;

/**
 * Rank the upstream tools for `query`. A tool whose server is down is kept in the index but moved to `unavailable`
 * with the reason, so the agent learns the tool exists and why it cannot call it now; the `k` tools returned are
 * all callable. The servers in `stale` (see `UpstreamPool.settled`) were searched with their last tool list: each is
 * named in `stale` and in a warning.
 */
export async function searchGateway(options: {
  pool: UpstreamPool;
  index: GatewayIndex;
  query: string;
  k: number;
  /** The servers whose announced tool list was not read in time (default none). */
  stale?: readonly StaleUpstream[] | undefined;
}): Promise<GatewaySearchAnswer> {
  const { pool, k } = options;
  const stale = [...(options.stale ?? [])];
  const staleWarnings = stale.map(({ server, reason }) => ({
    code: ErrorCode.UpstreamStale,
    message: `The tools of server "${server}" may be out of date: it ${reason}. Its last tool list was searched.`,
  }));
  const selector = await options.index.selector();
  if (selector === undefined) {
    return {
      tools: [],
      unavailable: [],
      stale,
      warnings: [
        { code: NO_UPSTREAM_TOOLS, message: 'No upstream server has listed a tool yet.' },
        ...staleWarnings,
      ],
    };
  }
  const downTools = pool.tools().filter((tool) => pool.downReason(tool.server) !== undefined).length;
  const found = await searchTools({
    selector,
    query: options.query,
    k: k + Math.min(downTools, MAX_SEARCH_K),
  });
  const answer: GatewaySearchAnswer = {
    tools: [],
    unavailable: [...found.unavailable],
    stale,
    warnings: [...found.warnings, ...staleWarnings],
  };
  for (const hit of found.tools) {
    if (answer.tools.length === k) break;
    const tool = pool.resolve(hit.id);
    if (tool === undefined) continue; // removed upstream while this search ran
    const downReason = pool.downReason(tool.server);
    if (downReason === undefined) {
      answer.tools.push({ ...hit, server: tool.server, tool: tool.definition.name });
    } else {
      answer.unavailable.push({
        id: hit.id,
        name: hit.name,
        reasons: [{ kind: 'upstream-down', message: `its server "${tool.server}" ${downReason}` }],
      });
    }
  }
  return answer;
}

/** Warning code of a search made while no upstream has listed a tool. */
const NO_UPSTREAM_TOOLS = 'NO_UPSTREAM_TOOLS';
