import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Diagnostic, ErrorCode, type ToolOverlay, ToolsiftError } from '@toolsift/core';
import { DEFAULT_EMBEDDER_ID, defaultIndexDir, type Selector } from '@toolsift/selector';
import type { Gateway, GatewayOptions } from '../gateway/create-gateway.js';
import type { UpstreamConfig } from '../gateway/read-gateway-config.js';
import type { CliIo } from '../io.js';
import { formatDiagnostic } from './format-diagnostic.js';
import { overlayPaths } from './overlay-args.js';
import { storeOf } from './selector-args.js';

/** The arguments that say which gateway index a command works on (`gateway`, `learn --gateway`). */
export interface GatewaySetupArgs {
  config: string;
  embedder?: string | undefined;
  overlay?: string | string[] | undefined;
  'shipped-overlays'?: boolean | undefined;
  'index-dir'?: string | undefined;
  store?: string | undefined;
}

/** What `readGatewaySetup` read: the upstreams, their overlays, where their index is, and the config's settings. */
export interface GatewaySetup {
  configFile: string;
  upstreams: UpstreamConfig[];
  overlays: { overlays: ToolOverlay[]; diagnostics: Diagnostic[] };
  /** The index folder; false with a store (the index is then built in memory from it). */
  indexDir: string | false;
  store: string | undefined;
  /** The config file's `toolsift.learn`; undefined when it does not say. */
  configLearn: boolean | undefined;
}

/**
 * Read the gateway config the arguments name, its overlays (their problems go to `log`) and settings, and place its
 * index: `--index-dir`, else `--store` (or TOOLSIFT_STORE), else the user cache dir, one folder per config file and
 * embedder (`defaultIndexDir`). The gateway and `learn --gateway` read it alike, so both reach the same index.
 */
export async function readGatewaySetup(
  io: CliIo,
  args: GatewaySetupArgs,
  log: (line: string) => void,
): Promise<GatewaySetup> {
  const [{ readGatewayConfig }, { readGatewayOverlays }, { readConfigLearn }] = await Promise.all([
    import('../gateway/read-gateway-config.js'),
    import('../gateway/gateway-overlays.js'),
    import('../gateway/config-learn.js'),
  ]);
  const configFile = path.resolve(io.cwd, args.config);
  const upstreams = await readGatewayConfig({ file: configFile, cwd: io.cwd });
  const configText = await readFile(configFile, 'utf8');
  const configLearn = readConfigLearn({ configFile, configText });
  const overlays = await readGatewayOverlays({
    configFile,
    configText,
    paths: overlayPaths(args.overlay),
    isShippedOn: args['shipped-overlays'] !== false,
    cwd: io.cwd,
  });
  for (const diagnostic of overlays.diagnostics) log(formatDiagnostic(diagnostic));
  const store = storeOf(io, args);
  const indexDir =
    store !== undefined
      ? false
      : (args['index-dir'] ??
        (await defaultIndexDir({
          place: { name: path.basename(configFile), key: configFile },
          embedderId: args.embedder ?? DEFAULT_EMBEDDER_ID,
          env: io.env,
        })));
  return { configFile, upstreams, overlays, indexDir, store, configLearn };
}

/**
 * Open the index a gateway over `args.config` keeps, for a command that learns or forgets in it: the upstreams are
 * started to read their tools (the index's catalog), and stopped by `close`. EMPTY_CATALOG when none lists a tool.
 */
export async function openGatewaySelector(
  io: CliIo,
  args: GatewaySetupArgs,
  log: (line: string) => void,
): Promise<{ selector: Selector; close: () => Promise<void> }> {
  const setup = await readGatewaySetup(io, args, log);
  const gateway = await startGateway(io, { args, setup, log });
  try {
    await gateway.core.ready;
    const selector = await gateway.core.index.selector();
    if (selector === undefined) {
      throw new ToolsiftError(
        ErrorCode.EmptyCatalog,
        `no upstream server of ${setup.configFile} listed a tool, so its gateway has no index to change`,
        { file: setup.configFile },
      );
    }
    return { selector, close: () => gateway.close() };
  } catch (error) {
    await gateway.close();
    throw error;
  }
}

/**
 * The gateway of a setup: its upstreams, index and overlays as `readGatewaySetup` read them, plus the serving
 * options of `extra`. The gateway module is imported here, not at the top: the MCP SDK takes ~0.2 s to load, which
 * every other command would pay.
 */
export async function startGateway(
  io: CliIo,
  options: {
    args: GatewaySetupArgs;
    setup: GatewaySetup;
    log: (line: string) => void;
    extra?: Pick<GatewayOptions, 'maxResultBytes' | 'timings' | 'learn'>;
  },
): Promise<Gateway> {
  const { args, setup, log } = options;
  const { createGateway } = await import('../gateway/create-gateway.js');
  return createGateway({
    upstreams: setup.upstreams,
    embedder: args.embedder,
    indexDir: setup.indexDir,
    store: setup.store,
    cwd: io.cwd,
    env: io.env,
    log,
    overlays: setup.overlays.overlays,
    ...options.extra,
  });
}
