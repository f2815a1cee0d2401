import { type Diagnostic, ErrorCode, type ToolOverlay, ToolsiftError } from '@toolsift/core';
import { diagnoseCatalog } from '@toolsift/selector';
import type { Gateway } from '../gateway/create-gateway.js';
import { serveUi } from './serve-ui.js';

/**
 * `gateway --ui`: the page over a running gateway: its index's tools, learned prompts and doctor (with the
 * gateway's overlays), each upstream's state and the latest searches and calls. Its URL, with a fresh token of its
 * own (the MCP endpoint's token is never printed), goes to `print`, which must not redact it (`log` would: the
 * token looks like the secret it is).
 */
export async function serveGatewayUi(options: {
  gateway: Gateway;
  configFile: string;
  overlays: { overlays: readonly ToolOverlay[]; diagnostics: readonly Diagnostic[] };
  port: number;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  print: (line: string) => void;
}): Promise<{ close(): Promise<void> }> {
  const { gateway, overlays } = options;
  const selector = () => gateway.core.index.selector();
  const server = await serveUi({
    port: options.port,
    source: {
      title: options.configFile,
      selector,
      env: options.env,
      async diagnose(onProgress) {
        const current = await selector();
        if (current === undefined) {
          throw new ToolsiftError(
            ErrorCode.EmptyCatalog,
            'No tool to check yet: no upstream server has listed a tool.',
          );
        }
        return diagnoseCatalog({
          catalog: current.tools,
          embedder: current.embedder,
          cwd: options.cwd,
          env: options.env,
          diagnostics: overlays.diagnostics,
          appliedOverlays: overlays.overlays,
          onProgress,
        });
      },
      gateway: {
        statuses: () => gateway.core.pool.statuses(),
        recent: () => gateway.core.activity.recent(),
      },
    },
  });
  options.print(`serving the ui page on ${server.pageUrl}`);
  return server;
}
