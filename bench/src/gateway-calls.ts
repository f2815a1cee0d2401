// Part 1 of the gateway bench: what the gateway adds to a tool call. The same real upstream tool is called
// straight with the SDK client and through the gateway's `call_tool`, interleaved, in the same run.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { benchLog } from './bench-results.js';
import { benchCacheDir } from './bench-selector.js';
import { callThroughGateway, qualifiedName, startStdioGateway } from './gateway-process.js';
import { compareLatencies, type LatencySummary, summarize } from './gateway-timing.js';
import {
  connectUpstream,
  everythingServer,
  filesystemServer,
  type StdioServer,
  writeGatewayConfig,
} from './gateway-upstreams.js';

/** One upstream tool, called both ways (or why it was not). */
export type CallLatencyRow =
  | { label: string; direct: LatencySummary; gateway?: LatencySummary }
  | { label: string; skipped: string };

/** Time `calls` calls of server-everything's `echo` and server-filesystem's `read_text_file` both ways. */
export async function measureCallLatency(options: {
  calls: number;
  warmUp: number;
  withGateway: boolean;
}): Promise<CallLatencyRow[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'toolsift-gateway-bench-files-'));
  const file = path.join(folder, 'notes.txt');
  await writeFile(file, 'Meeting notes: ship the gateway, then measure it.\n');
  const servers: Record<string, StdioServer> = {
    everything: everythingServer(),
    filesystem: filesystemServer(folder),
  };
  const probes: Probe[] = [
    {
      label: 'server-everything `echo`',
      server: 'everything',
      tool: 'echo',
      args: { message: 'hello from the bench' },
    },
    {
      label: 'server-filesystem `read_text_file` (51-byte file)',
      server: 'filesystem',
      tool: 'read_text_file',
      args: { path: file },
    },
  ];

  // An upstream that cannot start here is left out (and said so), rather than failing the whole bench.
  const direct: Record<string, Client> = {};
  const failures: Record<string, string> = {};
  for (const [name, server] of Object.entries(servers)) {
    try {
      direct[name] = await connectUpstream(server);
    } catch (error) {
      failures[name] = firstLine(error);
      benchLog(`call latency: ${name} did not start, left out: ${failures[name]}`);
    }
  }
  const running = Object.fromEntries(Object.entries(servers).filter(([name]) => direct[name] !== undefined));
  const config = await writeGatewayConfig(running);
  const gateway = options.withGateway
    ? await startStdioGateway({ config, indexDir: path.join(benchCacheDir, 'indexes', 'gateway-calls') })
    : undefined;
  await rm(path.dirname(config), { recursive: true, force: true });
  try {
    const rows: CallLatencyRow[] = [];
    for (const probe of probes) {
      if (direct[probe.server] === undefined) {
        rows.push({ label: probe.label, skipped: `did not start: ${failures[probe.server]}` });
        continue;
      }
      benchLog(`call latency: ${probe.label}, ${options.calls} calls each way`);
      const timings = await compareLatencies({
        operations: {
          direct: () => callDirect(direct[probe.server]!, probe),
          ...(gateway === undefined
            ? {}
            : {
                gateway: () =>
                  callThroughGateway(gateway.client, qualifiedName(probe.server, probe.tool), probe.args),
              }),
        },
        calls: options.calls,
        warmUp: options.warmUp,
      });
      rows.push({
        label: probe.label,
        direct: summarize(timings.direct ?? []),
        ...(timings.gateway === undefined ? {} : { gateway: summarize(timings.gateway) }),
      });
    }
    return rows;
  } finally {
    await Promise.all([...Object.values(direct).map((client) => client.close()), gateway?.stop()]);
    await rm(folder, { recursive: true, force: true });
  }
}

// --- internal ---

interface Probe {
  label: string;
  server: string;
  tool: string;
  args: Record<string, unknown>;
}

/** The gist of a start failure, without the long paths node prints after it. */
function firstLine(error: unknown): string {
  const line = String(error instanceof Error ? error.message : error).split('\n')[0] ?? '';
  return line.replace(/ imported from .*$/, '').slice(0, 160);
}

async function callDirect(client: Client, probe: Probe): Promise<void> {
  const result = await client.callTool({ name: probe.tool, arguments: probe.args });
  if (result.isError === true) throw new Error(`${probe.tool} failed: ${JSON.stringify(result.content)}`);
}
