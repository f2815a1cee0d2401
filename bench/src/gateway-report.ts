// The gateway bench's report: one Markdown page, printed and written to bench/results/gateway.md.
import os from 'node:os';
import type { CallLatencyRow } from './gateway-calls.js';
import type { HostileFigures } from './gateway-hostile.js';
import type { GatewayLoadFigures, LoadFigures } from './gateway-load.js';
import type { SearchFigures } from './gateway-search.js';
import type { LatencySummary } from './gateway-timing.js';
import { markdownTable } from './render-accuracy.js';

/** Everything one run of the gateway bench measured. */
export interface GatewayBenchResult {
  date: string;
  minutes: number;
  options: { quick: boolean; calls: number; warmUp: number; searches: number; searchWarmUp: number };
  loadAverage: { start: number; end: number };
  /** Whether the gateway was measured (false: the upstreams and the fixture alone). */
  hasGateway: boolean;
  calls: CallLatencyRow[];
  search?: SearchFigures;
  fixtureListing?: { tools: number; listSeconds: number };
  load?: GatewayLoadFigures & { unauthorizedStatus: number };
  /** Searches while one upstream floods list_changed or never answers tools/list. */
  hostile?: HostileFigures;
  baselineLoad: LoadFigures;
}

/** The report as Markdown lines. */
export function renderGatewayReport(result: GatewayBenchResult): string {
  const lines = [
    '# MCP gateway: added latency, search at scale, concurrent HTTP clients',
    '',
    `Measured ${result.date.slice(0, 10)} by \`pnpm bench:gateway\` (bench/src/gateway.ts)${result.options.quick ? ' with `--quick` (shortened: not the reference figures)' : ''}, in ${result.minutes} min, on ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}. Load average (1 min) ${result.loadAverage.start.toFixed(1)} at the start and ${result.loadAverage.end.toFixed(1)} at the end: other processes shared the cores, so latencies are upper bounds.`,
    '',
  ];
  if (!result.hasGateway) {
    lines.push(
      '**No `toolsift gateway` command in this checkout: only the direct paths were measured.**',
      '',
    );
  }
  lines.push(
    '## `call_tool`: through the gateway vs straight to the upstream',
    '',
    ...markdownTable(
      [
        'upstream tool (stdio)',
        'calls',
        'direct p50 / p99 (ms)',
        'gateway p50 / p99 (ms)',
        'added p50 / p99 (ms)',
      ],
      result.calls.map((row) =>
        'skipped' in row
          ? [row.label, '0', `left out: ${row.skipped}`, '–', '–']
          : [
              row.label,
              String(row.direct.count),
              pair(row.direct),
              row.gateway === undefined ? '–' : pair(row.gateway),
              row.gateway === undefined
                ? '–'
                : `${fixed(row.gateway.p50 - row.direct.p50)} / ${fixed(row.gateway.p99 - row.direct.p99)}`,
            ],
      ),
    ),
    '',
    `Direct: the SDK client spawns the upstream and calls the tool over stdio. Gateway: the SDK client spawns \`toolsift gateway\` over stdio with the same upstreams in its \`mcpServers\` file and calls \`call_tool\` with the server-qualified name. ${result.options.warmUp} untimed calls each way first, then the two ways interleaved (A B, B A, ...) so that both meet the same machine load.`,
    '',
  );
  if (result.search !== undefined) {
    const search = result.search;
    lines.push(
      `## \`search_tools\` at ${search.tools.toLocaleString('en')} upstream tools`,
      '',
      ...markdownTable(
        ['measure', 'value'],
        [
          ['search_tools p50 / p99 (ms, one HTTP client)', pair(search.latency)],
          ['searches timed', String(search.latency.count)],
          [
            'start to first answered search, this run (s)',
            `${search.readySeconds} (${INDEX_STATES[search.index]})`,
          ],
          [
            'first start, index built: every tool embedded (s)',
            search.firstStart === undefined
              ? '–'
              : `${search.firstStart.readySeconds}${search.index !== 'built' ? ` (measured ${search.firstStart.date.slice(0, 16).replace('T', ' ')} UTC)` : ''}`,
          ],
          ['start to listening on HTTP (s)', String(search.listenSeconds)],
          [
            'requests without the token while the first search waited: slowest answer (ms)',
            `${search.waitingRefusals.slowestMs} (${search.waitingRefusals.count} sent, one every 0.5 s; ${search.waitingRefusals.failed} got no 401)`,
          ],
          ['gateway RSS after the searches (MB)', search.rssMb === undefined ? '–' : String(search.rssMb)],
        ],
      ),
      '',
      `Upstreams: the many-tools fixture (bench/src/many-tools-server.ts: ${search.tools.toLocaleString('en')} real tool definitions from metadata/ and the ../shared/bench catalogs, as an MCP server lists them) and server-everything. Queries: ${search.latency.count} bench prompts (six datasets) after ${result.options.searchWarmUp} others as warm-up, k = 5, over Streamable HTTP with the bearer token. The index lives in .cache/bench/indexes/gateway-${search.tools} and is reused by later runs (\`--fresh-index\` builds it again).`,
      '',
    );
  } else if (result.fixtureListing !== undefined) {
    lines.push(
      `The many-tools fixture alone started and listed ${result.fixtureListing.tools.toLocaleString('en')} tools in ${result.fixtureListing.listSeconds} s.`,
      '',
    );
  }
  if (result.hostile !== undefined) lines.push(...hostileLines(result.hostile), '');
  lines.push(
    `## ${result.baselineLoad.clients} concurrent HTTP clients`,
    '',
    ...markdownTable(
      ['server', 'operation', 'requests/s', 'p50 / p99 (ms)', 'errors', 'RSS after (MB)'],
      [
        ...(result.load === undefined
          ? []
          : [
              ...loadRows('gateway, mixed', result.load.mixed),
              ...loadRows('gateway, searches only', result.load.searchOnly),
              ...loadRows('gateway, calls only', result.load.callOnly),
            ]),
        ...loadRows('server-everything alone', result.baselineLoad),
      ],
    ),
    '',
    `Each client is its own SDK \`Client\` with a \`StreamableHTTPClientTransport\`, in the bench's process, looping without pause (a closed loop), all starting at once. Mixed: each gateway client alternates \`search_tools\` (a bench prompt, k = 5) and \`call_tool\` (server-everything's \`echo\`) for ${result.load?.mixed.seconds ?? result.baselineLoad.seconds} s; then the same clients run searches only, and calls only, for ${result.load?.searchOnly.seconds ?? '–'} s each (what limits the mixed figures). The baseline clients call \`echo\` on server-everything's own Streamable HTTP endpoint. The clients run on the same cores as the servers.`,
  );
  if (result.load !== undefined) {
    lines.push(
      '',
      `A request without the token got HTTP ${result.load.unauthorizedStatus}.${errorsOf(result.load) > 0 ? ` Errors: ${[result.load.mixed, result.load.searchOnly, result.load.callOnly].flatMap((run) => run.errorSamples).join('; ')}` : ''}`,
    );
  }
  lines.push('');
  return lines.join('\n');
}

/** Errors of every gateway load run. */
export function errorsOf(load: GatewayLoadFigures): number {
  return load.mixed.errors + load.searchOnly.errors + load.callOnly.errors;
}

// --- internal ---

function hostileLines(hostile: HostileFigures): string[] {
  const row = (condition: string, figures: HostileFigures['quiet'], cpu: string) => [
    condition,
    String(figures.searches),
    `${fixed(figures.p50)} / ${fixed(figures.p95)}`,
    fixed(figures.max),
    String(figures.stale),
    cpu,
  ];
  const percent = (share: number) => `${Math.round(share * 100)}%`;
  return [
    '## `search_tools` while one upstream misbehaves',
    '',
    ...markdownTable(
      [
        'upstreams',
        'searches',
        'p50 / p95 (ms)',
        'max (ms)',
        'answers naming a stale server',
        'gateway CPU (one core)',
      ],
      [
        row('quiet', hostile.quiet, percent(hostile.quietCpu)),
        row(
          `one floods list_changed (${hostile.flood.perSecond}/s, its list unchanged)`,
          hostile.flood,
          percent(hostile.flood.gatewayCpu),
        ),
        row('one announced a new list and never answers tools/list', hostile.stalled, '–'),
      ],
    ),
    '',
    `One stdio gateway over the many-tools fixture (${hostile.tools.toLocaleString('en')} tools) and the two hostile servers of the gateway tests (test/support/fixtures/gateway/flooding-server.mjs, stalling-server.mjs); one client, k = 5. Quiet and flood searches alternate in two blocks each (the flood starts 1 s before its block); over both blocks the flood sent ${hostile.flood.notifications.toLocaleString('en')} notifications and got ${hostile.flood.lists.toLocaleString('en')} tools/list requests. Then the other server is told to stall (it announces a new list every 100 ms and never answers tools/list) and the searches run again: the first waits for the list until \`--stale-after\` (${hostile.staleAfterMs} ms) after the announcement, the others answer at once from the last index and name the server in \`stale\`.`,
  ];
}

const INDEX_STATES: Record<SearchFigures['index'], string> = {
  reused: 'index reloaded from an earlier run',
  built: 'index built: every tool embedded',
  updated: 'index folder there but rebuilt or updated',
};

function loadRows(server: string, load: LoadFigures): string[][] {
  const rss = load.rssMb === undefined ? '–' : String(load.rssMb);
  const operations = Object.entries(load.operations);
  if (operations.length === 1) {
    const [name] = operations[0]!;
    return [[server, name, String(load.requestsPerSecond), pair(load.all), String(load.errors), rss]];
  }
  return [
    ...operations.map(([name, latency]) => [
      server,
      name,
      String(Math.round(latency.count / load.seconds)),
      pair(latency),
      '',
      '',
    ]),
    [server, 'all', String(load.requestsPerSecond), pair(load.all), String(load.errors), rss],
  ];
}

function pair(latency: LatencySummary): string {
  return `${fixed(latency.p50)} / ${fixed(latency.p99)}`;
}

function fixed(value: number): string {
  return value.toFixed(2);
}
