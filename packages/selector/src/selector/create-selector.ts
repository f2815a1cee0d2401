import path from 'node:path';
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
import { openCatalogMemo } from '../index-store/catalog-memo-file.js';
import { defaultIndexDir, existingDefaultIndexDir } from '../index-store/default-index-dir.js';
import { withIndexLock } from '../index-store/index-lock.js';
import type { IndexWarning } from '../index-store/index-warning.js';
import {
  isLearnedDamaged,
  LEARNED_FILE,
  type LearnSource,
  moveLearnedAside,
  readLearnedPrompts,
  writeLearnedPrompts,
} from '../index-store/learned-prompts-file.js';
import {
  adoptLearned,
  hasComponentInstance,
  type IndexStatus,
  lexicalOptionsHash,
  openToolIndex,
  persist,
} from '../index-store/open-tool-index.js';
import type { IndexProgress, IndexUpdateStats, ToolIndex } from '../index-store/tool-index.js';
import { applyLearning } from '../learning/apply-learning.js';
import { LearnWarningCode } from '../learning/learn-warning.js';
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
   * Index folder; default `.toolsift/` beside a path catalog (else the user cache dir); `false` keeps it in memory.
   * With a `vectorIndex` or `lexical` instance the index lives in memory only: the default is then `false`, and a
   * folder is a USAGE_ERROR.
   */
  indexDir?: string | false;
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

/** Where the index is, how it was obtained, and what loading the catalog reported. */
export interface SelectorIndexInfo {
  dir: string | undefined;
  status: IndexStatus;
  embedded: number;
  reused: number;
  /** Advisories about the index and the catalog behind it, each with a stable `IndexWarningCode`. */
  warnings: IndexWarning[];
  diagnostics: Diagnostic[];
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
  // An index on component instances is kept in memory only; `openToolIndex` rejects a folder given with them.
  const indexDir = options.indexDir ?? (hasComponentInstance(options) ? false : undefined);
  const embedder = await resolveEmbedder(options.embedder, {
    cwd,
    env,
    ...(options.onModelProgress !== undefined ? { onProgress: options.onModelProgress } : {}),
  });
  const rules = createSelectionRules({ embedder, custom: options.rules, isChecked: options.checkRules });
  // Catalog files unchanged since an earlier load are not parsed again: their tools are kept in the index folder.
  const pathsGiven = catalogPaths(options.catalog);
  // The memo keeps what the built-in loaders made of a file: other loaders neither use nor fill it.
  const memo =
    pathsGiven === undefined || indexDir === false || options.loaders !== undefined
      ? undefined
      : await openCatalogMemo(
          indexDir ??
            (await existingDefaultIndexDir({ catalogPaths: pathsGiven, embedderId: embedder.id, cwd, env })),
        );
  const { tools, diagnostics, paths } = await readCatalog({
    catalog: options.catalog,
    cwd,
    format: options.format,
    loaders: options.loaders,
    memo: memo?.memo,
    overlays: options.overlays,
    shippedOverlays: options.shippedOverlays,
  });
  const dir =
    indexDir === false
      ? undefined
      : (indexDir ??
        (paths === undefined
          ? undefined
          : await defaultIndexDir({ catalogPaths: paths, embedderId: embedder.id, cwd, env })));
  if (dir !== undefined) await memo?.save(dir);
  const opened = await openToolIndex({
    tools,
    embedder,
    dir,
    lexical: options.lexical,
    vectorIndex: options.vectorIndex,
    onProgress: options.onProgress,
  });
  const index = opened.index;
  const info: SelectorIndexInfo = {
    dir,
    status: opened.status,
    embedded: opened.stats.embedded,
    reused: opened.stats.reused,
    warnings: [...opened.warnings, ...catalogErrorWarnings(diagnostics)],
    diagnostics,
  };
  const lexicalOptions = lexicalOptionsHash(options.lexical);
  let queue: Promise<unknown> = Promise.resolve();
  const mutate = <T>(change: () => Promise<T>): Promise<T> => {
    const next = queue.then(change);
    queue = next.catch(() => undefined);
    return next;
  };
  const save = async (): Promise<void> => {
    if (dir !== undefined) await persist(index, dir, lexicalOptions, info.warnings);
  };
  const reindex = async (changed: readonly Tool[]): Promise<IndexUpdateStats> => {
    const stats = await index.upsertTools({ tools: changed, embedder });
    await save();
    return stats;
  };
  /**
   * Learn or forget. Saved, it is a read-modify-write of the learned prompts' file under the folder's lock: the
   * prompts other processes learned since this selector opened are taken in first, so none is lost; a file that
   * held what could not be read is moved aside before the new one is written.
   */
  const changeLearned = async (
    change: { learn?: readonly LearnedExample[]; forget?: readonly ForgetRequest[] },
    learnOptions: LearnOptions = {},
  ): Promise<LearnReport> => {
    const bound = { source: learnOptions.source, maxPerTool: learnOptions.maxPerTool };
    if (dir === undefined || learnOptions.isSaved === false) {
      const { report, tools: changed } = applyLearning({ index, ...change, ...bound });
      await index.upsertTools({ tools: changed, embedder });
      return report;
    }
    return withIndexLock(dir, async () => {
      const read = await readLearnedPrompts(dir);
      const synced = read.prompts === undefined ? [] : adoptLearned(index, read.prompts);
      const synchronized = index.learned();
      let applied: ReturnType<typeof applyLearning>;
      let movedTo: string | undefined;
      try {
        applied = applyLearning({ index, ...change, ...bound });
        // When it cannot be moved aside, nothing is written over it.
        if (isLearnedDamaged(read)) movedTo = await moveLearnedAside(dir);
      } catch (error) {
        adoptLearned(index, synchronized);
        await index.upsertTools({ tools: synced, embedder });
        throw error;
      }
      const { report, tools: changed } = applied;
      // A learn of calls records its bound, which later reads apply (the bound of labelled prompts is not kept).
      const callBound =
        learnOptions.source === 'call' ? checkMaxPerTool(learnOptions.maxPerTool, 'call') : read.callBound;
      await writeLearnedPrompts(dir, index.learned(), { callBound });
      const tools = new Map([...synced, ...changed].map((tool) => [tool.id, tool]));
      await index.upsertTools({ tools: [...tools.values()], embedder });
      await persist(index, dir, lexicalOptions, info.warnings, { isLocked: true });
      if (movedTo === undefined) return report;
      const moved = {
        code: LearnWarningCode.LearnedFileMovedAside,
        message: `${LEARNED_FILE} in ${dir} held what could not be read: moved to ${movedTo}, and a new one written with the prompts that could`,
        file: path.join(dir, movedTo),
      };
      return { ...report, warnings: [...(report.warnings ?? []), moved] };
    });
  };

  return {
    get tools() {
      return index.tools();
    },
    embedder,
    index: info,
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
        await save();
      }),
    learn: (examples, learnOptions) => mutate(() => changeLearned({ learn: examples }, learnOptions)),
    forget: (requests, learnOptions) => mutate(() => changeLearned({ forget: requests }, learnOptions)),
    learned: () =>
      [...index.learned()].flatMap(([tool, prompts]) =>
        prompts.map(({ prompt, source }) => ({ prompt, tool, source })),
      ),
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
