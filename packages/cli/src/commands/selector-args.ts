import { ErrorCode, type ToolFormat, ToolsiftError } from '@toolsift/core';
import { createSelector, type IndexProgress, IndexWarningCode, type Selector } from '@toolsift/selector';
import { Presets, SingleBar } from 'cli-progress';
import type { CliIo } from '../io.js';
import { formatDiagnostic } from './format-diagnostic.js';
import { INPUT_FORMAT_ARGS, parseInputFormat } from './input-format-args.js';
import { OVERLAY_ARGS, overlayPaths } from './overlay-args.js';
import { toSafeText } from './safe-output.js';

/** The environment variable the shared store's URL may come from (safer than `--store`, which `ps` shows). */
export const STORE_ENV = 'TOOLSIFT_STORE';

/** `--store URL`: the shared store instead of the index folder (every command that opens a selector, and the gateway). */
export const STORE_ARG = {
  type: 'string',
  valueHint: 'URL',
  description: `Shared store for many processes instead of the index folder: postgres://user:password@host/db (or set ${STORE_ENV}; namespace: TOOLSIFT_STORE_NAMESPACE)`,
} as const;

/**
 * The shared store the arguments and the environment name: `--store`, else `TOOLSIFT_STORE` (unless `--index-dir`
 * is given, which then wins over the environment); undefined for the index folder.
 */
export function storeOf(
  io: CliIo,
  args: { store?: string | undefined; 'index-dir'?: string | undefined },
): string | undefined {
  if (args.store !== undefined) {
    if (args['index-dir'] !== undefined) {
      throw new ToolsiftError(
        ErrorCode.UsageError,
        '--store and --index-dir: give one of them (with a store, the index is built in memory from it)',
      );
    }
    return args.store;
  }
  if (args['index-dir'] !== undefined) return undefined;
  return io.env[STORE_ENV] || undefined;
}

/**
 * The selectors the commands opened in a run, each closed when the command ends (`closeSelectors`): a store's
 * connections would keep the process waiting.
 */
const opened = new WeakMap<CliIo, Selector[]>();

/** Close every selector opened with `openSelector` for `io` (the run's end). */
export async function closeSelectors(io: CliIo): Promise<void> {
  const selectors = opened.get(io) ?? [];
  opened.delete(io);
  await Promise.allSettled(selectors.map((selector) => selector.close()));
}

/**
 * The options every selector command shares: where the catalog is, its format when detection should not choose,
 * which embedder, where the index goes.
 */
export const SELECTOR_ARGS = {
  catalog: { type: 'string', valueHint: 'PATH', description: 'Catalog file or folder (default ./metadata)' },
  ...INPUT_FORMAT_ARGS,
  ...OVERLAY_ARGS,
  embedder: {
    type: 'string',
    valueHint: 'ID',
    description: 'Embedder: use-lite (default), hf:<model>, openai:<model>, hash',
  },
  'index-dir': {
    type: 'string',
    valueHint: 'DIR',
    description: 'Index folder (default .toolsift/ beside the catalog, else the user cache dir)',
  },
  store: STORE_ARG,
} as const;

/** Parsed values of `SELECTOR_ARGS`. */
export interface SelectorArgs {
  catalog?: string | undefined;
  'input-format'?: string | undefined;
  overlay?: string | string[] | undefined;
  'shipped-overlays'?: boolean | undefined;
  embedder?: string | undefined;
  'index-dir'?: string | undefined;
  store?: string | undefined;
}

/**
 * Open the selector the arguments describe; on a terminal, indexing shows a progress bar on stderr. A bad
 * `--input-format` throws at once, before any work starts.
 */
export function openSelector(io: CliIo, args: SelectorArgs): Promise<Selector> {
  // Only --input-format: a selector command's own --format (query's) names the LLM tool format it prints.
  const format = parseInputFormat({ 'input-format': args['input-format'] });
  return createOpenSelector(io, args, format);
}

/**
 * Most tools `--k` asks for: a selection is a short list for a prompt, so a larger count is a typo (`--k 1e9`), and
 * the bound keeps the work and the output small.
 */
export const MAX_K = 1000;

/**
 * Parse a whole-number option written in digits, from 1 to `max` (no bound when absent): `fallback` when it is not
 * given, a usage error naming the option and the range for anything else (`0`, `-1`, `abc`, `1e9`, `2.5`, empty).
 */
export function parseCount(options: {
  value: string | undefined;
  name: string;
  fallback: number;
  max?: number;
}): number {
  const { value, name, fallback, max } = options;
  if (value === undefined) return fallback;
  const parsed = Number(value);
  const isValid = /^\d+$/.test(value) && parsed >= 1 && parsed <= (max ?? Number.MAX_SAFE_INTEGER);
  if (!isValid) {
    const range = `a whole number >= 1${max === undefined ? '' : ` and <= ${max}`}`;
    throw new ToolsiftError(
      ErrorCode.UsageError,
      `--${name} must be ${range}, written in digits; got ${value === '' ? 'no value' : `"${value}"`}`,
    );
  }
  return parsed;
}

/**
 * A warning the selector commands print beside their output: one of the index's (an `IndexWarningCode`), or a
 * catalog error shown after `CATALOG_ERRORS` (its `ErrorCode`, the message naming its file and position).
 */
export interface CliIndexWarning {
  code: IndexWarningCode | ErrorCode;
  message: string;
}

/**
 * The index warnings, each catalog-errors count followed by its first few errors: printed on stderr in every
 * output mode and carried, with their codes, as `indexWarnings` by the `--json` outputs, so a broken file's tools
 * never vanish silently.
 */
export function indexWarnings(selector: Selector): CliIndexWarning[] {
  const errors = selector.index.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  return selector.index.warnings.flatMap(({ code, message }): CliIndexWarning[] => {
    if (code !== IndexWarningCode.CatalogErrors) return [{ code, message }];
    // The first few errors themselves, so that a broken file's tools never vanish without its name and line.
    const shown = errors.slice(0, SHOWN_ERRORS);
    const rest = errors.length - shown.length;
    return [
      {
        code,
        message: `${message}${rest > 0 ? ` (${rest} not shown)` : ''}; run \`toolsift validate\` for all of them`,
      },
      ...shown.map((diagnostic) => ({ code: diagnostic.code, message: formatDiagnostic(diagnostic) })),
    ];
  });
}

/** How many catalog errors the commands that use a catalog print beside their output. */
const SHOWN_ERRORS = 5;

/** Print `indexWarnings` to stderr, secrets redacted and control characters escaped. */
export function reportIndexWarnings(io: CliIo, selector: Selector): void {
  for (const warning of indexWarnings(selector))
    io.stderr.write(`toolsift: warning: ${toSafeText(warning.message)}\n`);
}

// --- internal ---

async function createOpenSelector(
  io: CliIo,
  args: SelectorArgs,
  format: ToolFormat | undefined,
): Promise<Selector> {
  const bar = io.stderr.isTTY === true ? createProgressBar(io) : undefined;
  const store = storeOf(io, args);
  try {
    const selector = await createSelector({
      catalog: args.catalog ?? './metadata',
      cwd: io.cwd,
      env: io.env,
      ...(format !== undefined ? { format } : {}),
      overlays: overlayPaths(args.overlay),
      shippedOverlays: args['shipped-overlays'] !== false,
      ...(args.embedder !== undefined ? { embedder: args.embedder } : {}),
      ...(args['index-dir'] !== undefined ? { indexDir: args['index-dir'] } : {}),
      ...(store !== undefined ? { store } : {}),
      ...(bar !== undefined ? { onProgress: bar.update } : {}),
      // The one-time model conversion takes a second or two: say so on stderr, never on stdout.
      onModelProgress: (message) => io.stderr.write(`toolsift: ${message}\n`),
    });
    opened.set(io, [...(opened.get(io) ?? []), selector]);
    return selector;
  } finally {
    bar?.stop();
  }
}

function createProgressBar(io: CliIo): { update: (progress: IndexProgress) => void; stop: () => void } {
  const bar = new SingleBar(
    {
      stream: io.stderr as unknown as NodeJS.WritableStream,
      format: 'embedding views [{bar}] {value}/{total} | {eta_formatted} left',
      clearOnComplete: true,
      hideCursor: true,
    },
    Presets.shades_classic,
  );
  let isStarted = false;
  return {
    update: (progress) => {
      if (progress.total === 0) return;
      if (!isStarted) {
        bar.start(progress.total, progress.done);
        isStarted = true;
      } else bar.update(progress.done);
    },
    stop: () => {
      if (isStarted) bar.stop();
    },
  };
}
