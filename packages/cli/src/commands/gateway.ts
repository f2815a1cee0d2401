import { ErrorCode, ToolsiftError } from '@toolsift/core';
import { type CommandDef, defineCommand } from 'citty';
import type { CliIo } from '../io.js';
import { DEFAULT_SEARCH_K, MAX_SEARCH_K } from '../mcp/search-tools.js';
import { untilSignal } from '../process/until-signal.js';
import { readGatewaySetup, startGateway } from './gateway-setup.js';
import { OVERLAY_ARGS } from './overlay-args.js';
import { listenError, parsePort } from './port-arg.js';
import { toSafeText } from './safe-output.js';
import { parseCount, SELECTOR_ARGS, STORE_ARG } from './selector-args.js';

/** The environment variable the HTTP bearer token may come from (safer than `--token`, which `ps` shows). */
const GATEWAY_TOKEN_ENV = 'TOOLSIFT_GATEWAY_TOKEN';

/**
 * `toolsift gateway --config FILE [--http PORT] [--host ADDR] [--token T]`: one MCP server in front of every server
 * of an `mcpServers` config file, with `search_tools` and `call_tool`; over stdio, or Streamable HTTP with `--http`.
 * Upstream failures and reconnects are reported on stderr; stdout carries only protocol (stdio mode).
 */
export function createGatewayCommand(io: CliIo): CommandDef {
  const command = defineCommand({
    meta: {
      name: 'gateway',
      description:
        'Serve one MCP endpoint in front of the MCP servers of a config file (Claude Desktop, Cursor, VS Code): ' +
        'search_tools finds the tools that fit a task, call_tool calls one. stdio, or Streamable HTTP with --http.',
    },
    args: {
      config: {
        type: 'string',
        required: true,
        valueHint: 'FILE',
        description:
          'The mcpServers JSON file (claude_desktop_config.json, .cursor/mcp.json, .vscode/mcp.json)',
      },
      http: {
        type: 'string',
        valueHint: 'PORT',
        description:
          'Serve Streamable HTTP on this port (0 picks a free one) instead of stdio; the endpoint is /mcp',
      },
      host: {
        type: 'string',
        valueHint: 'ADDR',
        description: 'With --http: the address to bind (default 127.0.0.1)',
      },
      token: {
        type: 'string',
        valueHint: 'TOKEN',
        description: `With --http: require "Authorization: Bearer TOKEN" (or set ${GATEWAY_TOKEN_ENV})`,
      },
      k: {
        type: 'string',
        valueHint: 'N',
        description: `How many tools search_tools returns when the call gives no k (default ${DEFAULT_SEARCH_K}, at most ${MAX_SEARCH_K})`,
      },
      'max-result-mb': {
        type: 'string',
        valueHint: 'N',
        description: `The largest result read from a stdio server, in MiB (default ${DEFAULT_MAX_RESULT_MB}, at most ${MAX_RESULT_MB}); a larger one fails its own call`,
      },
      'stale-after': {
        type: 'string',
        valueHint: 'MS',
        description: `How long a search waits for a tool list an upstream announced as changed, from the announcement, before it answers from the last list and names the server stale (default ${DEFAULT_STALE_AFTER_MS} ms)`,
      },
      ui: {
        type: 'boolean',
        description:
          "Also serve the ui page on 127.0.0.1: each upstream's state with its stderr tail, the latest searches and calls, the tools and a prompt box (its URL, with a token, is printed on stderr)",
      },
      'ui-port': {
        type: 'string',
        valueHint: 'PORT',
        description: 'With --ui: the port of the page on 127.0.0.1 (default: a free one)',
      },
      learn: {
        type: 'boolean',
        description:
          'Learn from calls: a call_tool of a tool a search of the same client returned learns that search\'s query for it, kept in the index (default off; or "toolsift": {"learn": true} in the config)',
      },
      dynamic: {
        type: 'boolean',
        description:
          "List the tools a search finds in the gateway's own tools/list too, and notify the client (default off)",
      },
      embedder: SELECTOR_ARGS.embedder,
      ...OVERLAY_ARGS,
      'index-dir': {
        type: 'string',
        valueHint: 'DIR',
        description: 'Index folder (default: under the user cache dir, one per config file)',
      },
      store: STORE_ARG,
    },
    async run({ args }) {
      const port = args.http === undefined ? undefined : parsePort(args.http, 'http');
      if (args['ui-port'] !== undefined && args.ui !== true) {
        throw new ToolsiftError(ErrorCode.UsageError, '--ui-port applies to --ui only');
      }
      const uiPort = args['ui-port'] === undefined ? 0 : parsePort(args['ui-port'], 'ui-port');
      const token = args.token ?? (io.env[GATEWAY_TOKEN_ENV] || undefined);
      if (port === undefined && (args.token !== undefined || args.host !== undefined)) {
        throw new ToolsiftError(ErrorCode.UsageError, '--token and --host apply to --http only');
      }
      if (token === '') throw new ToolsiftError(ErrorCode.UsageError, '--token must not be empty');
      const defaultK = parseCount({
        value: args.k,
        name: 'k',
        fallback: DEFAULT_SEARCH_K,
        max: MAX_SEARCH_K,
      });
      const maxResultMb = parseCount({
        value: args['max-result-mb'],
        name: 'max-result-mb',
        fallback: DEFAULT_MAX_RESULT_MB,
        max: MAX_RESULT_MB,
      });
      const staleAfterMs = parseCount({
        value: args['stale-after'],
        name: 'stale-after',
        fallback: DEFAULT_STALE_AFTER_MS,
        max: MAX_STALE_AFTER_MS,
      });
      const log = (line: string): void => void io.stderr.write(`toolsift gateway: ${toSafeText(line)}\n`);
      const setup = await readGatewaySetup(io, args, log);
      const { configFile, overlays } = setup;
      const gateway = await startGateway(io, {
        args,
        setup,
        log,
        extra: {
          maxResultBytes: maxResultMb * MIB,
          timings: { staleAfterMs },
          // --learn (or --no-learn) wins over the config file's toolsift.learn.
          learn: args.learn ?? setup.configLearn ?? false,
        },
      });
      const serverOptions = { dynamicMax: args.dynamic === true ? DYNAMIC_MAX : 0, defaultK };
      let ui: { close(): Promise<void> } | undefined;
      try {
        if (args.ui === true) {
          const { serveGatewayUi } = await import('../ui/serve-gateway-ui.js');
          ui = await serveGatewayUi({
            gateway,
            configFile,
            overlays,
            port: uiPort,
            env: io.env,
            cwd: io.cwd,
            print: (line) => void io.stderr.write(`toolsift gateway: ${line}\n`),
          });
        }
        if (port === undefined) {
          const { serveStdio } = await import('../mcp/serve-stdio.js');
          await serveStdio({ io, server: gateway.createServer(serverOptions) });
        } else {
          const { isLoopbackHost, serveHttp } = await import('../gateway/serve-http.js');
          const host = args.host ?? '127.0.0.1';
          const http = await serveHttp({
            port,
            host,
            token,
            createServer: () => gateway.createServer(serverOptions),
            log,
          }).catch((error: NodeJS.ErrnoException) => {
            throw listenError(error, { host, port, option: 'http' });
          });
          log(`serving MCP on ${http.url}${token === undefined ? '' : ' (bearer token required)'}`);
          if (token === undefined && !isLoopbackHost(host)) {
            log(
              `warning: no token, and ${host} is reachable from other machines: anyone who reaches it can call every upstream tool`,
            );
          }
          const signal = untilSignal();
          await signal.received;
          signal.stop();
          await http.close();
        }
      } finally {
        await ui?.close();
        await gateway.close();
      }
    },
  });
  return command as unknown as CommandDef;
}

// --- internal ---

/** `--stale-after` by default: the gateway's own default (`DEFAULT_UPSTREAM_TIMINGS`), not imported (it loads the MCP SDK). */
const DEFAULT_STALE_AFTER_MS = 2_000;
/** The longest `--stale-after`: the 30 s a `tools/list` may take, and more, would let one server hold searches back. */
const MAX_STALE_AFTER_MS = 30_000;

/** `DEFAULT_MAX_RESULT_BYTES` in MiB (not imported: that module loads the MCP SDK, which `--help` need not). */
const DEFAULT_MAX_RESULT_MB = 32;
/** A message is read as one string, and V8's strings end at 512 MiB: half of that leaves room for the copy. */
const MAX_RESULT_MB = 256;
const MIB = 1024 * 1024;

/** Most tools one client's tools/list holds in dynamic mode: the latest found stay, the oldest go. */
const DYNAMIC_MAX = 20;
