import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode, ToolsiftError } from '@toolsift/core';
import {
  createCachedEmbedder,
  createEmbedder,
  createFileEmbeddingStore,
  type DoctorOptions,
  type DoctorProgress,
  type DoctorReport,
  diagnoseCatalog,
  userCacheDir,
} from '@toolsift/selector';
import { type CommandDef, defineCommand } from 'citty';
import { Presets, SingleBar } from 'cli-progress';
import { ExitCode, ExitWith } from '../exit-code.js';
import type { CliIo } from '../io.js';
import { parseInputFormat } from './input-format-args.js';
import { overlayPaths } from './overlay-args.js';
import { renderDoctorReport } from './render-doctor-report.js';
import { toSafeJson, toSafeText } from './safe-output.js';
import { SELECTOR_ARGS } from './selector-args.js';

/**
 * `toolsift doctor [--catalog PATH | --config FILE] [--overlay PATH] [--json]`: what keeps a catalog's tools from
 * being selected, with evidence and a fix for each finding; exit 1 when a finding is an error.
 */
export function createDoctorCommand(io: CliIo): CommandDef {
  const command = defineCommand({
    meta: {
      name: 'doctor',
      description:
        "Check a catalog (or a gateway config's live MCP servers) the way selections meet it: each tool's own use " +
        'cases and examples, held out of its index, are run through the selector to find tools they do not select ' +
        "(at k=1 and k=5) and pairs that take each other's prompts; thin metadata, deprecated tools, writes nothing " +
        'declares, names that collide across servers and overlay entries that match nothing or may be stale are ' +
        'listed too, each with its evidence and a fix. Exit 0 when no finding is an error, 1 when one is (an ' +
        'unreachable tool) or the input is bad. See docs/doctor.md.',
    },
    args: {
      catalog: SELECTOR_ARGS.catalog,
      config: {
        type: 'string',
        valueHint: 'FILE',
        description:
          "An mcpServers config file instead of --catalog: its servers are started (or reached) as the gateway does, and their tools checked with the config's overlays",
      },
      'input-format': SELECTOR_ARGS['input-format'],
      overlay: SELECTOR_ARGS.overlay,
      'shipped-overlays': SELECTOR_ARGS['shipped-overlays'],
      embedder: SELECTOR_ARGS.embedder,
      'cache-dir': {
        type: 'string',
        valueHint: 'DIR',
        description:
          'Where the vectors of the texts checked are kept, so that a later run embeds only what changed (default: under the user cache dir, one folder per catalog or config)',
      },
      json: {
        type: 'boolean',
        description:
          'Print the report as JSON: {version, tools, catalogErrors, reach, findings: [{code, kind, severity, tools, message, evidence, fix, details}], counts, timings, estimate}',
      },
    },
    async run({ args }) {
      if (args.config !== undefined && (args.catalog !== undefined || args['input-format'] !== undefined)) {
        throw new ToolsiftError(
          ErrorCode.UsageError,
          '--config checks the servers of a gateway config: give it without --catalog and --input-format',
        );
      }
      const format = parseInputFormat({ 'input-format': args['input-format'] });
      const overlays = overlayPaths(args.overlay);
      const isShippedOn = args['shipped-overlays'] !== false;
      const place = args.config ?? args.catalog ?? './metadata';
      const cacheDir = args['cache-dir'] ?? defaultCacheDir(io, place);
      const store = createFileEmbeddingStore(path.resolve(io.cwd, cacheDir), { writeEveryMs: SAVE_EVERY_MS });
      const embedder = createCachedEmbedder(
        await createEmbedder(args.embedder ?? 'use-lite', {
          cwd: io.cwd,
          env: io.env,
          onProgress: (message) => io.stderr.write(`toolsift: ${message}\n`),
        }),
        { store },
      );
      const progress = io.stderr.isTTY === true ? createDoctorProgress(io) : undefined;
      const common = {
        embedder,
        cwd: io.cwd,
        env: io.env,
        ...(progress ? { onProgress: progress.update } : {}),
      };
      let report: DoctorReport;
      try {
        report =
          args.config === undefined
            ? await diagnoseCatalog({
                ...common,
                catalog: place,
                ...(format !== undefined ? { format } : {}),
                overlays,
                shippedOverlays: isShippedOn,
              })
            : await diagnoseGateway(io, { ...common, configFile: args.config, overlays, isShippedOn });
      } finally {
        progress?.stop();
        // The vectors are a cache: a folder that cannot be written costs the next run time, not this one's result.
        await store.flush().catch((error: Error) => {
          io.stderr.write(
            `toolsift: warning: the embeddings could not be saved in ${cacheDir}: ${error.message}\n`,
          );
        });
      }
      if (report.catalogErrors > 0) {
        io.stderr.write(
          `toolsift: warning: ${report.catalogErrors} catalog error(s): what each names was left out; run \`toolsift validate\` for them\n`,
        );
      }
      io.stdout.write(args.json === true ? `${toSafeJson(report)}\n` : renderDoctorReport(report));
      if (report.counts.error > 0) throw new ExitWith(ExitCode.InputError);
    },
  });
  return command as unknown as CommandDef;
}

// --- internal ---

/** The cache is written at most this often while a run embeds (and once at its end). */
const SAVE_EVERY_MS = 30_000;

function defaultCacheDir(io: CliIo, place: string): string {
  const resolved = path.resolve(io.cwd, place);
  const hash = createHash('sha256').update(resolved).digest('hex').slice(0, 10);
  const name = path.basename(resolved).replace(/[^A-Za-z0-9._-]+/g, '_') || 'catalog';
  return path.join(userCacheDir(io.env), 'doctor', `${name}-${hash}`);
}

/**
 * The tools of a gateway config's servers, read as the gateway reads them (each server started or reached, its
 * tool list read, the overlays applied, names qualified), checked, and every server stopped again.
 */
async function diagnoseGateway(
  io: CliIo,
  options: Pick<DoctorOptions, 'embedder' | 'cwd' | 'env' | 'onProgress'> & {
    configFile: string;
    overlays: string[];
    isShippedOn: boolean;
  },
): Promise<DoctorReport> {
  // Imported here, not at the top: the MCP SDK takes ~0.2 s to load, which every other command would pay.
  const [{ readGatewayConfig }, { readGatewayOverlays }, { createUpstreamPool }, { createUpstreamCatalog }] =
    await Promise.all([
      import('../gateway/read-gateway-config.js'),
      import('../gateway/gateway-overlays.js'),
      import('../gateway/upstream-pool.js'),
      import('../gateway/upstream-catalog.js'),
    ]);
  const configFile = path.resolve(io.cwd, options.configFile);
  const upstreams = await readGatewayConfig({ file: configFile, cwd: io.cwd });
  const log = (line: string): void => void io.stderr.write(`toolsift doctor: ${toSafeText(line)}\n`);
  const overlays = await readGatewayOverlays({
    configFile,
    configText: await readFile(configFile, 'utf8'),
    paths: options.overlays,
    isShippedOn: options.isShippedOn,
    cwd: io.cwd,
  });
  const pool = createUpstreamPool({ configs: upstreams, log, onToolsChanged: () => undefined });
  try {
    await pool.start();
    for (const upstream of upstreams) {
      const down = pool.downReason(upstream.name);
      if (down !== undefined) log(`upstream "${upstream.name}" ${down}: its tools are not checked`);
    }
    const tools = createUpstreamCatalog({ overlays: overlays.overlays, log }).toTools(pool.tools());
    if (tools.length === 0) {
      throw new ToolsiftError(
        ErrorCode.EmptyCatalog,
        `no server of ${configFile} listed a tool: nothing to check (their failures are above)`,
        { file: configFile },
      );
    }
    return await diagnoseCatalog({
      ...options,
      catalog: tools,
      diagnostics: overlays.diagnostics,
      appliedOverlays: overlays.overlays,
    });
  } finally {
    await pool.close();
  }
}

/** A progress bar on stderr: the views being embedded, then the own prompts being selected for. */
function createDoctorProgress(io: CliIo): { update: (progress: DoctorProgress) => void; stop: () => void } {
  let bar: SingleBar | undefined;
  let stage: DoctorProgress['stage'] | undefined;
  return {
    update(progress) {
      if (progress.total === 0) return;
      if (progress.stage !== stage) {
        bar?.stop();
        stage = progress.stage;
        bar = new SingleBar(
          {
            stream: io.stderr as unknown as NodeJS.WritableStream,
            format: `${STAGE_TITLES[progress.stage]} [{bar}] {value}/{total} | {eta_formatted} left`,
            clearOnComplete: true,
            hideCursor: true,
          },
          Presets.shades_classic,
        );
        bar.start(progress.total, progress.done);
      } else bar?.update(progress.done);
    },
    stop: () => bar?.stop(),
  };
}

const STAGE_TITLES: Readonly<Record<DoctorProgress['stage'], string>> = {
  embed: 'embedding views',
  select: 'selecting for own prompts',
};
