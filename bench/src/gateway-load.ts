// Part 3 of the gateway bench: many agents sharing one HTTP gateway. Each client (its own SDK Client and
// Streamable HTTP transport) loops search_tools / call_tool for a fixed time; the baseline is the same number
// of clients calling server-everything's own Streamable HTTP endpoint, with no gateway.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { benchLog } from './bench-results.js';
import {
  callThroughGateway,
  connectHttpClient,
  qualifiedName,
  type RunningServer,
  residentMb,
  searchTools,
} from './gateway-process.js';
import { type LatencySummary, type LoadResult, round, runLoad, summarize } from './gateway-timing.js';
import { startEverythingHttp } from './gateway-upstreams.js';

/** What a load run measured, per operation and overall. */
export interface LoadFigures {
  clients: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  errors: number;
  errorSamples: string[];
  operations: Record<string, LatencySummary>;
  all: LatencySummary;
  /** Resident memory of the server after the run, MB. */
  rssMb?: number;
}

/** The gateway's load runs: the mixed loop the figures are about, then each operation alone (what limits it). */
export interface GatewayLoadFigures {
  mixed: LoadFigures;
  searchOnly: LoadFigures;
  callOnly: LoadFigures;
}

/**
 * `clients` clients of the gateway for `seconds`, each alternating a search (bench prompts in turn) and an `echo`
 * call; then a third of that time of searches only, and of calls only.
 */
export async function measureGatewayLoad(options: {
  gateway: RunningServer & { url: string };
  token: string;
  clients: number;
  seconds: number;
  prompts: readonly string[];
}): Promise<GatewayLoadFigures> {
  const clients = await connectClients(options.clients, (index) =>
    connectHttpClient({
      url: options.gateway.url,
      token: options.token,
      name: `gateway-bench-load-${index}`,
    }),
  );
  const operations = clients.map((client, index) => {
    let next = index * 7;
    return {
      search: {
        name: 'search_tools',
        run: () => searchTools(client, options.prompts[next++ % options.prompts.length]!),
      },
      call: {
        name: 'call_tool (echo)',
        run: () => callThroughGateway(client, qualifiedName('everything', 'echo'), { message: 'load' }),
      },
    };
  });
  const run = async (
    label: string,
    seconds: number,
    pick: (ops: (typeof operations)[number]) => Operation[],
  ) => {
    benchLog(`load: ${options.clients} clients on the gateway for ${seconds} s, ${label}`);
    const result = await runLoad({ workers: operations.map(pick), seconds });
    const rssMb = await residentMb(options.gateway.pid);
    return { ...figuresOf(result, options.clients), ...(rssMb === undefined ? {} : { rssMb }) };
  };
  const alone = Math.max(5, Math.round(options.seconds / 3));
  try {
    return {
      mixed: await run('search_tools / call_tool in turn', options.seconds, (ops) => [ops.search, ops.call]),
      searchOnly: await run('search_tools only', alone, (ops) => [ops.search]),
      callOnly: await run('call_tool only', alone, (ops) => [ops.call]),
    };
  } finally {
    await Promise.all(clients.map((client) => client.close()));
  }
}

/** The baseline: `clients` clients calling server-everything's `echo` over its own Streamable HTTP endpoint. */
export async function measureDirectHttpLoad(options: {
  clients: number;
  seconds: number;
}): Promise<LoadFigures> {
  const server = await startEverythingHttp();
  try {
    const clients = await connectClients(options.clients, (index) =>
      connectHttpClient({ url: server.url, name: `gateway-bench-baseline-${index}` }),
    );
    benchLog(
      `load baseline: ${options.clients} clients on server-everything over HTTP for ${options.seconds} s`,
    );
    const workers = clients.map((client) => [
      {
        name: 'echo (direct)',
        run: async () => {
          const result = await client.callTool({ name: 'echo', arguments: { message: 'load' } });
          if (result.isError === true) throw new Error(`echo failed: ${JSON.stringify(result.content)}`);
        },
      },
    ]);
    const result = await runLoad({ workers, seconds: options.seconds });
    const rssMb = await residentMb(server.pid);
    await Promise.all(clients.map((client) => client.close()));
    return { ...figuresOf(result, options.clients), ...(rssMb === undefined ? {} : { rssMb }) };
  } finally {
    await server.stop();
  }
}

/** The status of a request to the gateway without the token (the gateway must answer 401). */
export async function unauthorizedStatus(url: string): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'no-token', version: '1' },
      },
    }),
  });
  await response.body?.cancel();
  return response.status;
}

// --- internal ---

interface Operation {
  name: string;
  run: () => Promise<unknown>;
}

/** Connect the clients ten at a time (an initialize storm is not what the load part measures). */
async function connectClients(count: number, connect: (index: number) => Promise<Client>): Promise<Client[]> {
  const clients: Client[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, (_, offset) => connect(start + offset));
    clients.push(...(await Promise.all(batch)));
  }
  return clients;
}

function figuresOf(result: LoadResult, clients: number): Omit<LoadFigures, 'rssMb'> {
  return {
    clients,
    seconds: round(result.seconds, 1),
    requests: result.requests,
    requestsPerSecond: round(result.requests / result.seconds, 0),
    errors: result.errors,
    errorSamples: result.errorSamples,
    operations: Object.fromEntries(
      Object.entries(result.latencies).map(([name, latencies]) => [name, summarize(latencies)]),
    ),
    all: summarize(Object.values(result.latencies).flat()),
  };
}
