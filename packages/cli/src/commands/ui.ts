import { diagnoseCatalog } from '@toolsift/selector';
import { type CommandDef, defineCommand } from 'citty';
import type { CliIo } from '../io.js';
import { untilSignal } from '../process/until-signal.js';
import { parseInputFormat } from './input-format-args.js';
import { overlayPaths } from './overlay-args.js';
import { listenError, parsePort } from './port-arg.js';
import { toSafeText } from './safe-output.js';
import { openSelector, reportIndexWarnings, SELECTOR_ARGS } from './selector-args.js';

/** The environment variable the page's token may come from (safer than `--token`, which `ps` shows). */
const UI_TOKEN_ENV = 'TOOLSIFT_UI_TOKEN';

/** `toolsift ui [--catalog PATH] [--port N]`: a local page over a catalog (see docs/ui.md). */
export function createUiCommand(io: CliIo): CommandDef {
  const command = defineCommand({
    meta: {
      name: 'ui',
      description:
        "Serve a page on 127.0.0.1 to look into a catalog: search and filter its tools, see each tool's views and " +
        'where each field came from, rank the tools for a prompt (or two side by side) with scores, reasons and ' +
        "timings, the doctor's findings, and the learned prompts (forget one). Prints the page's URL, with its " +
        'token; runs until interrupted. See docs/ui.md.',
    },
    args: {
      ...SELECTOR_ARGS,
      port: {
        type: 'string',
        valueHint: 'PORT',
        description: 'The port on 127.0.0.1 (default: a free one)',
      },
      token: {
        type: 'string',
        valueHint: 'TOKEN',
        description: `The token the page's API calls need (default: a random one, in the printed URL; or set ${UI_TOKEN_ENV})`,
      },
    },
    async run({ args }) {
      const port = args.port === undefined ? 0 : parsePort(args.port, 'port');
      const token = args.token ?? (io.env[UI_TOKEN_ENV] || undefined);
      const format = parseInputFormat({ 'input-format': args['input-format'] });
      const catalog = args.catalog ?? './metadata';
      const selector = await openSelector(io, args);
      reportIndexWarnings(io, selector);
      const { serveUi, UI_HOST } = await import('../ui/serve-ui.js');
      const server = await serveUi({
        port,
        token,
        source: {
          title: catalog,
          selector: async () => selector,
          env: io.env,
          diagnose: (onProgress) =>
            diagnoseCatalog({
              catalog,
              embedder: selector.embedder,
              cwd: io.cwd,
              env: io.env,
              ...(format !== undefined ? { format } : {}),
              overlays: overlayPaths(args.overlay),
              shippedOverlays: args['shipped-overlays'] !== false,
              onProgress,
            }),
        },
      }).catch((error: NodeJS.ErrnoException) => {
        throw listenError(error, { host: UI_HOST, port, option: 'port' });
      });
      // A token the user chose is not printed: it may be in their shell history already, not in every log too.
      io.stdout.write(
        token === undefined
          ? `toolsift ui: open ${server.pageUrl}\n`
          : `toolsift ui: open ${toSafeText(server.url)}#token=<your token>\n`,
      );
      const signal = untilSignal();
      await signal.received;
      signal.stop();
      await server.close();
    },
  });
  return command as unknown as CommandDef;
}
