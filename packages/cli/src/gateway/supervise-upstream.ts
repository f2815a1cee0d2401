import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { describeToolListProblem, type UpstreamToolList } from './list-upstream-tools.js';
import type { UpstreamConfig } from './read-gateway-config.js';
import { createSecretMask, type SecretMask } from './secret-mask.js';
import { createStderrTail } from './stderr-tail.js';
import { createToolListRefresh, type ToolListRefresh } from './tool-list-refresh.js';
import { connectUpstream, type UpstreamConnection, type UpstreamServerInfo } from './upstream-connection.js';
import { type UpstreamStatus, upstreamStateOf } from './upstream-status.js';

/** Timings of the gateway's upstreams; every one has a default (`DEFAULT_UPSTREAM_TIMINGS`). */
export interface UpstreamTimings {
  /** Start and handshake of one server (default 60 s: `npx -y` may download the server first). */
  connectTimeoutMs?: number;
  /** One `tools/list` page (default 30 s). */
  listTimeoutMs?: number;
  /** One proxied call, restarted by each progress notification (default 5 min). */
  callTimeoutMs?: number;
  /** First retry delay after a failure, doubled per failure (default 1 s) ... */
  retryMinMs?: number;
  /** ... up to this (default 60 s). */
  retryMaxMs?: number;
  /**
   * How long a tool list a server announced as changed may hold back searches (and calls to names not known yet),
   * from when it was announced (default 2 s). After that they go on with its last list, and a search names it stale.
   */
  staleAfterMs?: number;
}

/** The default of every `UpstreamTimings` field. */
export const DEFAULT_UPSTREAM_TIMINGS: Required<UpstreamTimings> = {
  connectTimeoutMs: 60_000,
  listTimeoutMs: 30_000,
  callTimeoutMs: 300_000,
  retryMinMs: 1_000,
  retryMaxMs: 60_000,
  staleAfterMs: 2_000,
};

/** One upstream server kept connected; see `superviseUpstream`. */
export interface SupervisedUpstream {
  readonly config: UpstreamConfig;
  /** Masks this server's configured secrets in a text. */
  readonly mask: SecretMask;
  /** The open connection; undefined while the server is starting or down. */
  connection(): UpstreamConnection | undefined;
  /** The last tools it listed; kept while it is down. */
  tools(): readonly McpTool[];
  /** What the server said about itself when it last connected; kept while it is down. */
  serverInfo(): UpstreamServerInfo | undefined;
  /** "closed its connection (…); retrying in 4 s" while it is not connected; undefined while it is. */
  whyDown(): string | undefined;
  /** Its state now, with the end of its stderr (for the `ui` page). */
  status(): UpstreamStatus;
  /** Connect; resolves after this first attempt, connected or not (a failed one is retried). */
  start(): Promise<void>;
  /**
   * Resolves once the tool lists it announced as changed so far are read, or `staleAfterMs` after the oldest was
   * announced: undefined when read (or when the server is down), else why its last list is still the one served.
   */
  caughtUp(): Promise<string | undefined>;
  close(): Promise<void>;
}

/**
 * Keep one upstream connected. When it fails to start, crashes or hangs (no handshake or list within the timeouts)
 * it is reported through `log` with its name, the reason and its stderr tail (secrets masked), and retried after
 * 1 s, 2 s, 4 s … up to `retryMaxMs`; so is a remote server whose connection breaks (a message that cannot be
 * sent). `onChanged` runs when its tools or its state change, telling which (`isToolsChanged`).
 */
export function superviseUpstream(options: {
  config: UpstreamConfig;
  timings: Required<UpstreamTimings>;
  log: (line: string) => void;
  onChanged: (change: { isToolsChanged: boolean }) => void;
}): SupervisedUpstream {
  const { config, timings, log, onChanged } = options;
  const mask = createSecretMask(config);
  const stderr = createStderrTail({ mask });
  let connection: UpstreamConnection | undefined;
  let tools: McpTool[] = [];
  let serverInfo: UpstreamServerInfo | undefined;
  let failures = 0;
  let downReason: string | undefined = 'is starting';
  let retry: NodeJS.Timeout | undefined;
  let retryAt: number | undefined;
  let shownTail = '';
  // The re-reading of the open connection's tool list; see `createToolListRefresh`.
  let refresh: ToolListRefresh | undefined;
  // The tools as last listed, as JSON: a list that did not change is not passed on (no renaming, no re-indexing).
  let listedJson = '[]';
  // Problems of its tool lists already logged: each is said once, not at every list.
  const reported = new Set<string>();
  // A list_changed that came while the connection was being opened: re-listed once it is open.
  let isRelistPending = false;
  let isClosed = false;

  const fail = (what: string, error: unknown): void => {
    connection = undefined;
    refresh?.stop();
    refresh = undefined;
    failures += 1;
    const delay = Math.min(timings.retryMaxMs, timings.retryMinMs * 2 ** (failures - 1));
    downReason = mask(`${what}${error === undefined ? '' : `: ${messageOf(error)}`}`);
    retryAt = Date.now() + delay;
    // The stderr tail once per new content: a server failing the same way every retry is not reported in full again.
    const tail = stderr.text();
    const isNewTail = tail !== '' && tail !== shownTail;
    shownTail = tail;
    log(
      `upstream "${config.name}" ${downReason}; retrying in ${formatDelay(delay)}` +
        (isNewTail ? `\n  its stderr ends with:\n${indent(tail)}` : ''),
    );
    retry = setTimeout(() => void attempt(), delay);
    retry.unref();
    onChanged({ isToolsChanged: false });
  };

  // The open connection `lost` ended or broke: it is closed, the server marked down and retried.
  const lose = (lost: UpstreamConnection, what: string, error: unknown): void => {
    if (isClosed || connection !== lost) return;
    fail(what, error);
    void lost.close().catch(() => undefined);
  };

  const attempt = async (): Promise<void> => {
    retry = undefined;
    retryAt = undefined;
    if (isClosed) return;
    stderr.clear();
    isRelistPending = false;
    let opened: UpstreamConnection | undefined;
    try {
      opened = await connectUpstream({
        config,
        timeoutMs: timings.connectTimeoutMs,
        stderr,
        events: {
          onToolsChanged: () => {
            if (connection === undefined) isRelistPending = true;
            else if (connection === opened) refresh?.announce();
          },
          onClosed: () => {
            if (opened !== undefined) {
              lose(opened, 'closed its connection (the server exited or the session ended)', undefined);
            }
          },
          onBroken: (error) => {
            if (opened !== undefined) lose(opened, 'lost its connection', error);
          },
          onOversized: (message) => log(mask(`upstream "${config.name}" ${message.text}`)),
        },
      });
      const listed = await opened.listTools({ timeoutMs: timings.listTimeoutMs });
      if (isClosed) {
        await opened.close();
        return;
      }
      const current = opened;
      connection = current;
      report(listed);
      // A server back with the tools and the server info it had keeps them: nothing to rename or re-index.
      const json = JSON.stringify(listed.tools);
      const isToolsChanged =
        json !== listedJson || JSON.stringify(opened.serverInfo) !== JSON.stringify(serverInfo);
      if (isToolsChanged) {
        tools = listed.tools;
        serverInfo = opened.serverInfo;
      }
      listedJson = json;
      refresh = createToolListRefresh({
        relist: () => relist(current),
        waitMs: timings.staleAfterMs,
        onError: (error) =>
          log(
            mask(
              `upstream "${config.name}" announced new tools but listing them failed: ${messageOf(error)}`,
            ),
          ),
      });
      failures = 0;
      downReason = undefined;
      log(`upstream "${config.name}" connected: ${tools.length} tool(s)`);
      onChanged({ isToolsChanged });
      if (isRelistPending) {
        isRelistPending = false;
        refresh.announce();
      }
    } catch (error) {
      await opened?.close().catch(() => undefined);
      if (!isClosed) fail('could not be started or reached', error);
    }
  };

  const report = (list: UpstreamToolList): void => {
    for (const problem of list.problems) {
      const line = describeToolListProblem(config.name, problem);
      if (reported.has(line)) continue;
      reported.add(line);
      log(mask(line));
    }
  };

  // Read the tool list of `current` again; passed on only when it changed and `current` is still the connection.
  const relist = async (current: UpstreamConnection): Promise<void> => {
    const listed = await current.listTools({ timeoutMs: timings.listTimeoutMs });
    if (isClosed || connection !== current) return;
    report(listed);
    const json = JSON.stringify(listed.tools);
    if (json === listedJson) return;
    tools = listed.tools;
    listedJson = json;
    onChanged({ isToolsChanged: true });
  };

  return {
    config,
    mask,
    connection: () => connection,
    tools: () => tools,
    serverInfo: () => serverInfo,
    whyDown() {
      if (downReason === undefined) return undefined;
      if (retryAt === undefined) return downReason;
      return `${downReason}; retrying in ${formatDelay(Math.max(0, retryAt - Date.now()))}`;
    },
    status: () => ({
      server: config.name,
      state: upstreamStateOf({
        isConnected: connection !== undefined,
        isRetryPending: retry !== undefined,
        failures,
      }),
      ...(downReason !== undefined ? { reason: downReason } : {}),
      ...(retryAt !== undefined ? { retryInMs: Math.max(0, retryAt - Date.now()) } : {}),
      failures,
      tools: tools.length,
      stderrTail: stderr.text() || shownTail,
    }),
    start: attempt,
    caughtUp: () => refresh?.caughtUp() ?? Promise.resolve(undefined),
    async close() {
      isClosed = true;
      refresh?.stop();
      if (retry !== undefined) clearTimeout(retry);
      const open = connection;
      connection = undefined;
      await open?.close().catch(() => undefined);
    },
  };
}

/** An error's message, or the thrown value as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// --- internal ---

function formatDelay(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${Math.ceil(ms / 1000)} s`;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
