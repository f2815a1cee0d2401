import {
  type Diagnostic,
  ErrorCode,
  type FormatLoader,
  type Tool,
  type ToolFormat,
  ToolsiftError,
} from '@toolsift/core';
import type { ToolActionFact } from '../actions/tool-action.js';
import type { Embedder } from '../embedding/embedder.js';
import type { IndexStatus } from '../index-store/index-store.js';
import type { IndexWarning } from '../index-store/index-warning.js';
import type { LearnSource } from '../index-store/learned-prompts-file.js';
import { openMemoryStore } from '../index-store/memory-store.js';
import type { IndexProgress, IndexUpdateStats, ToolIndex } from '../index-store/tool-index.js';
import { applyLearning } from '../learning/apply-learning.js';
import { checkMaxPerTool } from '../learning/learned-bound.js';
import type {
  ForgetRequest,
  LearnedEntry,
  LearnedExample,
  LearnReport,
} from '../learning/learned-example.js';
import type { LexicalIndex, LexicalIndexOptions } from '../lexical/lexical-index.js';
import { type RankingWeightOverrides, resolveRankingWeights } from '../ranking/ranking-weights.js';
import { createSelectionRules } from '../rules/create-selection-rules.js';
import { DEFAULT_RULE_WEIGHTS } from '../rules/rule-options.js';
import type { SelectionRule } from '../rules/selection-rule.js';
import type { VectorIndexChoice } from '../vector-index/built-in-vector-indexes.js';
import type { VectorIndex } from '../vector-index/vector-index.js';
import type { ToolView } from '../views/tool-view.js';
import { type CachedIndexDir, openIndexStore, type StoreOption } from './open-index-store.js';
import { catalogErrorWarnings, catalogPaths, readCatalog } from './read-catalog.js';
import { resolveEmbedder } from './resolve-embedder.js';
import { runSelection } from './run-selection.js';
import type { Selection, SelectOptions } from './selection.js';

/** Options of `createSelector`. */
export interface SelectorOptions {
  /** Catalog paths (files or folders, loaded with `loadCatalog`) or tools already loaded. */
  catalog: string | readonly string[] | readonly Tool[];
  /** Embedder instance or id; default `use-lite`. */
  embedder?: Embedder | string;
  /**
   * Index folder; default `.toolsift/<catalog>-<hash>/` beside a catalog of paths (else in the user cache dir), and
   * memory for tools given as such; `{ name }` puts the index of tools given as such in the user cache dir, keyed by
   * their ids and the embedder (see `defaultIndexDir`); `false` keeps it in memory. With a `vectorIndex` or `lexical`
   * instance the index lives in memory only: a folder is then a USAGE_ERROR.
   */
  indexDir?: string | false | CachedIndexDir;
  /**
   * A store shared by many processes instead of the index folder: a PostgreSQL URL (`postgres://` or
   * `postgresql://`), or `{ url, namespace }` (default namespace `TOOLSIFT_STORE_NAMESPACE`, else `default`). The
   * index is built in memory from the embeddings it keeps (only texts no process embedded are embedded), learns are
   * its transactions, and what other processes learn is adopted within about a second; `close()` ends its
   * connections. With `indexDir` it is a USAGE_ERROR. See docs/store.md.
   */
  store?: StoreOption;
  /** Advisories about tools given as such (e.g. read from code definitions), listed with the catalog's diagnostics. */
  diagnostics?: readonly Diagnostic[];
  /** Directory relative paths resolve against (default `process.cwd()`). */
  cwd?: string;
  /** Environment (cache dir lookup; prerequisite checks later). Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Read every catalog file as this format. */
  format?: ToolFormat;
  /** Format loaders to read catalog files with, instead of the built-in ones (see `loadCatalog`). */
  loaders?: readonly FormatLoader[];
  /** Overlay files or folders applied to a catalog read from paths, besides the overlays among its own files. */
  overlays?: readonly string[];
  /** Apply the overlays toolsift ships for well-known MCP servers to a catalog read from paths (default true). */
  shippedOverlays?: boolean;
  /** Ranking weights of every selection, group by group (what is left out keeps its default). */
  weights?: RankingWeightOverrides;
  /** Options of the built-in BM25F index, or an empty `LexicalIndex` the selector fills and queries instead. */
  lexical?: LexicalIndexOptions | LexicalIndex;
  /**
   * The vector index: a built-in one (`auto`, the default: exact for small catalogs, HNSW for large ones), a
   * `VectorIndexFactory` of another kind (saved with the index folder and loaded with it), or an empty
   * `VectorIndex` with the embedder's dimensions, which the selector fills and queries in memory only.
   */
  vectorIndex?: VectorIndexChoice | VectorIndex;
  /** Reports embedding progress while the index is built or updated. */
  onProgress?: (progress: IndexProgress) => void;
  /** Reports preparing the embedder's model (the one-time `use-lite` conversion), one line per step. */
  onModelProgress?: (message: string) => void;
  /** The caller's rules, each run after the built-in rules of its phase (see `SelectionRule`). */
  rules?: readonly SelectionRule[];
  /** Check that every rule touches only the fields it declares: a selection fails with USAGE_ERROR when one does
   * not (slower; for tests of rules). */
  checkRules?: boolean;
}

/** Where the index is, how it was obtained, and what loading the catalog reported (a copy, taken when read). */
export interface SelectorIndexInfo {
  readonly dir: string | undefined;
  readonly status: IndexStatus;
  readonly embedded: number;
  readonly reused: number;
  /** Advisories about the index and the catalog behind it, each with a stable `IndexWarningCode`. */
  readonly warnings: readonly IndexWarning[];
  readonly diagnostics: readonly Diagnostic[];
}

/** A tool's action as the action rule sees it. */
export interface ToolActionInfo {
  /** What the tool does, and what says so; undefined when nothing in its metadata does. */
  action?: ToolActionFact;
  /** Share of the catalog's tools whose action is known. */
  knownShare: number;
  /** Whether the rule is on for this catalog with the default `actionKnownShare`. */
  isRuleOn: boolean;
}

/** Options of `Selector.learn` and `Selector.forget`. */
export interface LearnOptions {
  /** Save the change in the index folder (default true); false keeps it in this selector's memory only. */
  isSaved?: boolean;
  /**
   * Where the examples come from (default `labelled`): sessions and the framework drop-ins learn tool calls as
   * `call`. Recorded with each prompt; `maxPerTool` bounds each source apart.
   */
  source?: LearnSource;
  /**
   * Prompts of `source` kept per tool (default: no bound for labelled prompts, `DEFAULT_MAX_LEARNED_PER_TOOL`,
   * 100, for call-learned ones; `Infinity` for no bound): a tool that learns past it drops its oldest prompts of
   * that source, never those of the other.
   */
  maxPerTool?: number;
}

/** A loaded catalog with its index: select tools for prompts, change the catalog, learn from usage. */
export interface Selector {
  readonly tools: readonly Tool[];
  readonly embedder: Embedder;
  readonly index: SelectorIndexInfo;
  tool(id: string): Tool | undefined;
  /** The views a tool is indexed under (catalog views, then learned ones). */
  views(toolId: string): readonly ToolView[];
  /** What a tool's metadata says it does, and whether the action rule is on for this catalog (see
   * `actionAgreementRule`); undefined for an unknown id. */
  actionOf(toolId: string): ToolActionInfo | undefined;
  select(prompt: string, options?: SelectOptions): Promise<Selection>;
  /** Add new tools (DUPLICATE_TOOL_ID when an id exists). */
  addTools(tools: readonly Tool[]): Promise<IndexUpdateStats>;
  /** Replace existing tools (UNKNOWN_TOOL when an id does not exist); only changed views are re-embedded. */
  updateTools(tools: readonly Tool[]): Promise<IndexUpdateStats>;
  /** Remove tools by id (UNKNOWN_TOOL when an id does not exist). */
  removeTools(ids: readonly string[]): Promise<void>;
  /**
   * Add prompts as learned views of the tools really called for them; saved in the index folder (merged with
   * what other processes learned meanwhile) unless `isSaved: false`, which keeps them in this selector only.
   */
  learn(examples: readonly LearnedExample[], options?: LearnOptions): Promise<LearnReport>;
  /** Remove learned prompts (saved like `learn`). */
  forget(requests: readonly ForgetRequest[], options?: LearnOptions): Promise<LearnReport>;
  /** Every learned prompt, by tool (each tool's oldest first), with its source. */
  learned(): LearnedEntry[];
  /**
   * Close the store's connections (a shared store's; nothing to close for a folder): the selector still selects
   * from memory, and learns then hold in memory only. Call it when done with a selector on a `store`.
   */
  close(): Promise<void>;
}

/**
 * Load a catalog and open (or build) its index.
 * @example const selector = await createSelector({ catalog: 'metadata/' }); await selector.select('weather in Oslo');
 */
export async function createSelector(options: SelectorOptions): Promise<Selector> {
  // Bad weights are a USAGE_ERROR now, not at the first select after the index is built.
  if (options.weights !== undefined) resolveRankingWeights(options.weights);
  const cwd = options.cwd ?? process.cwd();
  const env = options.env ?? process.env;
  const embedder = await resolveEmbedder(options.embedder, {
    cwd,
    env,
    ...(options.onModelProgress !== undefined ? { onProgress: options.onModelProgress } : {}),
  });
  const rules = createSelectionRules({ embedder, custom: options.rules, isChecked: options.checkRules });
  const store = await openIndexStore({
    store: options.store,
    indexDir: options.indexDir,
    catalog: options.catalog,
    catalogPaths: catalogPaths(options.catalog),
    components: options,
    embedderId: embedder.id,
    cwd,
    env,
    hasBuiltInLoaders: options.loaders === undefined,
  });
  // Every change of the index runs after the one before: the caller's, and a shared store's adoptions of what other
  // processes learned.
  let queue: Promise<unknown> = Promise.resolve();
  const mutate = <T>(change: () => Promise<T>): Promise<T> => {
    const next = queue.then(change);
    queue = next.catch(() => undefined);
    return next;
  };
  const { diagnostics, loaded } = await (async () => {
    // Catalog files unchanged since an earlier load are not parsed again: the store keeps what they gave.
    const catalog = await readCatalog({
      catalog: options.catalog,
      cwd,
      format: options.format,
      loaders: options.loaders,
      memo: store.catalogMemo,
      overlays: options.overlays,
      shippedOverlays: options.shippedOverlays,
    });
    const loadedIndex = await store.load({
      tools: catalog.tools,
      embedder,
      lexical: options.lexical,
      vectorIndex: options.vectorIndex,
      onProgress: options.onProgress,
      queue: mutate,
    });
    return { ...catalog, loaded: loadedIndex };
  })().catch(async (error: unknown) => {
    // No selector holds the store: its connections would keep the process waiting.
    await store.close?.();
    throw error;
  });
  const { index } = loaded;
  const indexEmbedder = loaded.indexEmbedder ?? embedder;
  const warnings = [...loaded.warnings, ...catalogErrorWarnings(diagnostics)];
  const allDiagnostics = [...diagnostics, ...(options.diagnostics ?? [])];
  const reindex = async (changed: readonly Tool[]): Promise<IndexUpdateStats> => {
    const stats = await index.upsertTools({ tools: changed, embedder: indexEmbedder });
    warnings.push(...(await store.save(index)));
    return stats;
  };
  /** Learn or forget through the store (memory with `isSaved: false`), as one transaction. */
  const changeLearned = async (
    change: { learn?: readonly LearnedExample[]; forget?: readonly ForgetRequest[] },
    learnOptions: LearnOptions = {},
  ): Promise<LearnReport> => {
    const { source, maxPerTool } = learnOptions;
    // Checked before the transaction: a bad bound is a USAGE_ERROR whatever the store holds.
    const bound = checkMaxPerTool(maxPerTool, source ?? 'labelled');
    const target = learnOptions.isSaved === false ? openMemoryStore() : store;
    const changed = await target.changeLearned({
      index,
      embedder,
      change: (prompts) => applyLearning({ prompts, catalog: index, ...change, source, maxPerTool: bound }),
      // A learn of calls records its bound, which later loads apply.
      callBound: source === 'call' ? bound : undefined,
    });
    warnings.push(...changed.warnings);
    return changed.report;
  };

  return {
    get tools() {
      return index.tools();
    },
    embedder,
    get index() {
      return {
        dir: store.location,
        status: loaded.status,
        embedded: loaded.stats.embedded,
        reused: loaded.stats.reused,
        warnings: [...warnings, ...(store.currentWarnings?.() ?? [])],
        diagnostics: [...allDiagnostics],
      };
    },
    tool: (id) => index.tool(id),
    views: (toolId) => index.views(toolId),
    actionOf(toolId) {
      if (index.tool(toolId) === undefined) return undefined;
      const table = index.toolActions();
      const action = table.actionOf(toolId);
      return {
        ...(action === undefined ? {} : { action }),
        knownShare: table.knownShare,
        isRuleOn: table.knownShare >= DEFAULT_RULE_WEIGHTS.actionKnownShare,
      };
    },
    select: (prompt, selectOptions = {}) =>
      runSelection({
        prompt,
        index,
        embedder,
        options: selectOptions,
        defaults: options.weights,
        rules,
      }),
    addTools: (added) =>
      mutate(async () => {
        const existing = added.find((tool) => index.tool(tool.id) !== undefined);
        if (existing !== undefined) {
          throw new ToolsiftError(
            ErrorCode.DuplicateToolId,
            `cannot add tool "${existing.id}": the id exists`,
            {
              tool: existing.id,
            },
          );
        }
        return reindex(added);
      }),
    updateTools: (updated) =>
      mutate(async () => {
        requireKnown(
          index,
          updated.map((tool) => tool.id),
          'update',
        );
        return reindex(updated);
      }),
    removeTools: (ids) =>
      mutate(async () => {
        requireKnown(index, ids, 'remove');
        index.removeTools(ids);
        warnings.push(...(await store.save(index)));
      }),
    learn: (examples, learnOptions) => mutate(() => changeLearned({ learn: examples }, learnOptions)),
    forget: (requests, learnOptions) => mutate(() => changeLearned({ forget: requests }, learnOptions)),
    learned: () =>
      [...index.learned()].flatMap(([tool, prompts]) =>
        prompts.map(({ prompt, source }) => ({ prompt, tool, source })),
      ),
    close: async () => {
      // After the changes under way: a learn in flight is written, or kept in memory, before the store closes.
      await mutate(async () => undefined);
      await store.close?.();
    },
  };
}

// --- internal ---

function requireKnown(index: ToolIndex, ids: readonly string[], action: string): void {
  const unknown = ids.filter((id) => index.tool(id) === undefined);
  if (unknown.length === 0) return;
  throw new ToolsiftError(
    ErrorCode.UnknownTool,
    `cannot ${action} unknown tool${unknown.length > 1 ? 's' : ''} ${unknown.map((id) => `"${id}"`).join(', ')}`,
    { tools: unknown },
  );
}
