import { ErrorCode, ToolsiftError } from '@toolsift/core';
import { type CommandDef, defineCommand } from 'citty';
import type { CliIo } from '../io.js';
import { openSelector, reportIndexWarnings, SELECTOR_ARGS } from './selector-args.js';

/**
 * `toolsift serve --mcp [--catalog PATH] [--embedder ID]`: an MCP server on the process's stdin/stdout with
 * `search_tools` and `get_tool`. Only protocol goes to stdout; warnings go to stderr. Ends when stdin closes.
 */
export function createServeCommand(io: CliIo): CommandDef {
  const command = defineCommand({
    meta: {
      name: 'serve',
      description:
        'Serve the catalog to agents: --mcp runs an MCP server over stdio (search_tools, get_tool).',
    },
    args: {
      mcp: { type: 'boolean', description: 'Speak the Model Context Protocol over stdin/stdout' },
      ...SELECTOR_ARGS,
    },
    async run({ args }) {
      if (args.mcp !== true) {
        throw new ToolsiftError(ErrorCode.UsageError, 'serve needs a protocol; the only one is --mcp');
      }
      const selector = openSelector(io, args);
      // Handled below, once the server runs: a catalog that fails while the SDK loads is no unhandled rejection.
      selector.catch(() => undefined);
      // Imported here, not at the top: the MCP SDK takes ~0.2 s to load, which every other command would pay.
      const [{ serveStdio }, { createMcpServer }] = await Promise.all([
        import('../mcp/serve-stdio.js'),
        import('../mcp/create-mcp-server.js'),
      ]);
      const server = createMcpServer({ selector });
      await serveStdio({
        io,
        server,
        // A catalog that cannot load ends the server; the error is reported (stderr) once it has closed. The client
        // may also leave first (stdin ends): the catalog is still awaited, so its failure is reported either way.
        onConnected: () =>
          void selector.then(
            (opened) => reportIndexWarnings(io, opened),
            () => void server.close(),
          ),
      });
      await selector; // throws the catalog's error, when it failed
    },
  });
  return command as unknown as CommandDef;
}
