import { ErrorCode, type Tool, ToolsiftError } from '@toolsift/core';
import { createToolActionTable, type ToolActionTable } from '../actions/tool-action-table.js';
import type { Embedder } from '../embedding/embedder.js';
import type { LexicalHit, LexicalIndex } from '../lexical/lexical-index.js';
import {
  createExactNameMatcher,
  type ExactNameHit,
  type ExactNameMatcher,
  type NamePhraseTable,
} from '../ranking/exact-name-matcher.js';
import type { RankingIndex } from '../ranking/ranking-index.js';
import type { ToolVectors } from '../ranking/tool-vectors.js';
import { createIdProviderTable, type IdProviderTable } from '../routes/id-provider-table.js';
import { ruleTextsOf } from '../rules/text-embeddings.js';
import type { VectorHit, VectorIndex } from '../vector-index/vector-index.js';
import { buildLearnedView } from '../views/build-learned-view.js';
import { buildLexicalDocument } from '../views/build-lexical-document.js';
import { buildToolViews } from '../views/build-tool-views.js';
import { createToolDeprecationTable, type ToolDeprecationTable } from '../views/tool-deprecation.js';
import type { ToolView } from '../views/tool-view.js';
import { viewPhrasingOf } from '../views/view-phrasing.js';
import { buildToolVectors } from './build-tool-vectors.js';
import { hashText, hashTool } from './content-hash.js';
import type { LearnedPrompt } from './learned-prompts-file.js';

/** Progress of an index update: `done` of `total` views embedded so far. */
export interface IndexProgress {
  phase: 'embed';
  done: number;
  total: number;
}

/** What an update did: views embedded anew and views whose vector was reused. */
export interface IndexUpdateStats {
  embedded: number;
  reused: number;
}

/**
 * The in-memory index of a catalog: tools, their views and view vectors, the vector and lexical indexes, the
 * learned prompts, and the name matcher. Updates are incremental: a view whose text did not change keeps its
 * vector. The index store persists and reloads it.
 */
export class ToolIndex implements RankingIndex {
  readonly embedderId: string;
  readonly dimensions: number;
  readonly vectorIndex: VectorIndex;
  readonly lexical: LexicalIndex;
  /** One map for everything per tool: a select looks a tool up several times, and one entry stays in cache. */
  readonly #tools = new Map<string, IndexedTool>();
  /** The entry of each view's tool, by view key: a search hit finds its tool in one lookup. */
  readonly #views = new Map<string, IndexedTool>();
  readonly #learned = new Map<string, LearnedPrompt[]>();
  readonly #ruleVectors = new Map<string, Float32Array>();
  #names: ExactNameMatcher | undefined;
  #idProviders: IdProviderTable | undefined;
  #actions: ToolActionTable | undefined;
  #deprecations: ToolDeprecationTable | undefined;
  /** Reads the name matcher saved with the index, while the tools are those it was saved with. */
  #savedNames: (() => ExactNameMatcher | undefined) | undefined;

  constructor(options: {
    embedderId: string;
    dimensions: number;
    vectorIndex: VectorIndex;
    lexical: LexicalIndex;
  }) {
    this.embedderId = options.embedderId;
    this.dimensions = options.dimensions;
    this.vectorIndex = options.vectorIndex;
    this.lexical = options.lexical;
  }

  get toolCount(): number {
    return this.#tools.size;
  }

  get viewCount(): number {
    return this.#views.size;
  }

  tool(id: string): Tool | undefined {
    return this.#tools.get(id)?.tool;
  }

  tools(): Tool[] {
    return Array.from(this.#tools.values(), (entry) => entry.tool);
  }

  toolHash(id: string): string | undefined {
    return this.#tools.get(id)?.hash;
  }

  views(toolId: string): readonly ToolView[] {
    return this.#tools.get(toolId)?.vectors.views ?? NO_VIEWS;
  }

  toolVectors(toolId: string): ToolVectors | undefined {
    return this.#tools.get(toolId)?.vectors;
  }

  toolIdOfView(key: string): string | undefined {
    // The tool's own id string: later map lookups by it then match the stored key by identity.
    return this.#views.get(key)?.tool.id;
  }

  view(key: string): ToolView | undefined {
    return this.#views.get(key)?.vectors.views.find((view) => view.key === key);
  }

  vector(key: string): Float32Array | undefined {
    return this.vectorIndex.vector(key);
  }

  ruleTextVector(text: string): Float32Array | undefined {
    return this.#ruleVectors.get(text);
  }

  /** The rule texts of the catalog's tools with their vectors, in catalog order (what the store writes). */
  ruleVectors(): Array<[string, Float32Array]> {
    const entries = new Map<string, Float32Array>();
    for (const { tool } of this.#tools.values()) {
      for (const text of ruleTextsOf(tool)) {
        const vector = this.#ruleVectors.get(text);
        if (vector !== undefined) entries.set(text, vector);
      }
    }
    return [...entries];
  }

  /** Add saved rule-text vectors (see `embedRuleTexts`). */
  setRuleVectors(vectors: ReadonlyMap<string, Float32Array>): void {
    for (const [text, vector] of vectors) this.#ruleVectors.set(text, vector);
  }

  /**
   * Embed the rule texts (`not_for`, `when_prefer_*`) of the given tools (default: all) that have no vector yet,
   * so that selections do not embed them. Returns how many were embedded.
   */
  async embedRuleTexts(options: { embedder: Embedder; tools?: readonly Tool[] }): Promise<number> {
    const missing = new Set<string>();
    for (const tool of options.tools ?? this.tools()) {
      for (const text of ruleTextsOf(tool)) if (!this.#ruleVectors.has(text)) missing.add(text);
    }
    const texts = [...missing];
    for (let start = 0; start < texts.length; start += RULE_TEXT_BATCH) {
      const batch = texts.slice(start, start + RULE_TEXT_BATCH);
      const vectors = await options.embedder.embed(batch);
      batch.forEach((text, position) => {
        const vector = vectors[position];
        if (vector !== undefined) this.#ruleVectors.set(text, vector);
      });
    }
    return texts.length;
  }

  searchVectors(query: Float32Array, k: number): VectorHit[] {
    return this.vectorIndex.search(query, Math.min(k, this.vectorIndex.size));
  }

  searchLexical(query: string, k: number): LexicalHit[] {
    return this.lexical.search(query, k);
  }

  matchNames(prompt: string): ExactNameHit[] {
    return this.#nameMatcher().match(prompt);
  }

  idProviders(): IdProviderTable {
    // Reads are told by the same action table as the action rule's (namespaces included).
    this.#idProviders ??= createIdProviderTable(this.tools(), (tool) => this.toolActions().actionOf(tool.id));
    return this.#idProviders;
  }

  toolActions(): ToolActionTable {
    this.#actions ??= createToolActionTable({ tools: this.tools(), tool: (id) => this.tool(id) });
    return this.#actions;
  }

  toolDeprecations(): ToolDeprecationTable {
    this.#deprecations ??= createToolDeprecationTable({
      tools: () => this.tools(),
      tool: (id) => this.tool(id),
    });
    return this.#deprecations;
  }

  /** The name matcher's phrase table, for saving. */
  nameTable(): NamePhraseTable {
    return this.#nameMatcher().table();
  }

  /**
   * Use the name matcher saved with the index, read on first use, until a tool changes: building it splits
   * every description into words (~0.3 s at 10k tools), which a one-off query should not pay. When `read`
   * returns nothing the matcher is built from the tools as usual.
   */
  useSavedNames(read: () => ExactNameMatcher | undefined): void {
    this.#names = undefined;
    this.#savedNames = read;
  }

  /** Prompts learned per tool id, with their sources (including tools no longer in the catalog). */
  learned(): Map<string, readonly LearnedPrompt[]> {
    return new Map(this.#learned);
  }

  /**
   * Replace the learned prompts of some tools; call `upsertTools` on them afterwards to re-index (not needed when
   * only sources changed: views are built from the texts).
   */
  setLearned(toolId: string, prompts: readonly LearnedPrompt[]): void {
    const copies = prompts.map(({ prompt, source }) => ({ prompt, source }));
    if (copies.length === 0) this.#learned.delete(toolId);
    else this.#learned.set(toolId, copies);
  }

  /**
   * Put back a tool from a saved index without embedding or rebuilding its views: `views` are its saved views
   * (their vectors are in the loaded vector index), `hash` its content hash (`hashTool`), which the caller
   * found equal to the saved one. Returns the key of a view the vector index holds no vector for (nothing is
   * restored then).
   */
  restoreTool(tool: Tool, views: ToolView[], hash: string): string | undefined {
    const vectors = buildToolVectors(views, this.vectorIndex);
    if (typeof vectors === 'string') return vectors;
    this.#setTool(tool, vectors, hash);
    return undefined;
  }

  /** Add or replace tools: re-embed only views whose text changed, update both indexes. */
  async upsertTools(options: {
    tools: readonly Tool[];
    embedder: Embedder;
    onProgress?: (progress: IndexProgress) => void;
    batchSize?: number;
    /** A vector by text hash that may be reused (e.g. from a saved index); it is copied before any change. */
    reuse?: (textHash: string) => Float32Array | undefined;
  }): Promise<IndexUpdateStats> {
    // Copies: the vector index may hand out views of its storage, which the changes below can move.
    const known = new Map<string, Float32Array>();
    for (const tool of options.tools) {
      for (const view of this.views(tool.id)) {
        const vector = this.vectorIndex.vector(view.key);
        if (vector !== undefined) known.set(hashText(view.text), vector.slice());
      }
    }
    const planned = options.tools.map((tool) => ({ tool, views: this.#viewsOf(tool) }));
    const pending = new Map<string, string>();
    let reused = 0;
    for (const { views } of planned) {
      for (const view of views) {
        const hash = hashText(view.text);
        if (!known.has(hash)) {
          const vector = options.reuse?.(hash);
          if (vector !== undefined) known.set(hash, vector.slice());
        }
        if (known.has(hash)) reused++;
        else pending.set(hash, view.text);
      }
    }
    await this.#embedAll({ ...options, pending, known });
    for (const { tool, views } of planned) {
      const keys = new Set(views.map((view) => view.key));
      const staleKeys = this.views(tool.id)
        .map((view) => view.key)
        .filter((key) => !keys.has(key));
      this.vectorIndex.remove(staleKeys);
      const entries = views.map((view) => ({ key: view.key, vector: known.get(hashText(view.text))! }));
      this.vectorIndex.upsert(entries);
      const vectors = buildToolVectors(views, this.vectorIndex);
      if (typeof vectors === 'string') {
        throw new ToolsiftError(ErrorCode.IndexCorrupt, `the vector index lost the vector of "${vectors}"`);
      }
      this.#setTool(tool, vectors);
    }
    this.lexical.upsert(options.tools.map((tool) => buildLexicalDocument(tool, this.#learnedTexts(tool.id))));
    await this.embedRuleTexts({ embedder: options.embedder, tools: options.tools });
    return { embedded: pending.size, reused };
  }

  /** Remove tools (their learned prompts are kept, for when they come back); unknown ids are ignored. */
  removeTools(ids: readonly string[]): void {
    for (const id of ids) {
      const keys = this.views(id).map((view) => view.key);
      this.vectorIndex.remove(keys);
      for (const key of keys) this.#views.delete(key);
      this.#tools.delete(id);
    }
    this.lexical.remove(ids);
    this.#forgetNames();
  }

  // --- internal ---

  /** The tools changed: neither the matchers built from them nor the saved one fit any more. */
  #forgetNames(): void {
    this.#names = undefined;
    this.#savedNames = undefined;
    this.#idProviders = undefined;
    this.#actions = undefined;
    this.#deprecations = undefined;
  }

  #nameMatcher(): ExactNameMatcher {
    this.#names ??= this.#savedNames?.() ?? createExactNameMatcher(this.tools());
    this.#savedNames = undefined;
    return this.#names;
  }

  #viewsOf(tool: Tool): ToolView[] {
    const learned = this.#learnedTexts(tool.id).map((prompt) => buildLearnedView(tool.id, prompt));
    return [...buildToolViews(tool, viewPhrasingOf(this.embedderId)), ...learned];
  }

  #learnedTexts(toolId: string): string[] {
    return (this.#learned.get(toolId) ?? []).map((entry) => entry.prompt);
  }

  #setTool(tool: Tool, vectors: ToolVectors, hash = hashTool(tool)): void {
    for (const view of this.views(tool.id)) this.#views.delete(view.key);
    const entry = { tool, hash, vectors };
    for (const view of vectors.views) this.#views.set(view.key, entry);
    this.#tools.set(tool.id, entry);
    this.#forgetNames();
  }

  async #embedAll(options: {
    pending: Map<string, string>;
    known: Map<string, Float32Array>;
    embedder: Embedder;
    onProgress?: (progress: IndexProgress) => void;
    batchSize?: number;
  }): Promise<void> {
    const items = [...options.pending.entries()];
    const batchSize = options.batchSize ?? 32;
    options.onProgress?.({ phase: 'embed', done: 0, total: items.length });
    for (let start = 0; start < items.length; start += batchSize) {
      const batch = items.slice(start, start + batchSize);
      const vectors = await options.embedder.embed(batch.map(([, text]) => text));
      for (const [index, [hash]] of batch.entries()) options.known.set(hash, vectors[index]!);
      options.onProgress?.({
        phase: 'embed',
        done: Math.min(start + batchSize, items.length),
        total: items.length,
      });
    }
  }
}

// --- internal ---

/** A tool as the index holds it: the tool, its content hash, and its views laid out for scoring. */
interface IndexedTool {
  tool: Tool;
  hash: string;
  vectors: ToolVectors;
}

const NO_VIEWS: readonly ToolView[] = Object.freeze([]);

/** Rule texts embedded per call (they are few: only tools that declare them have any). */
const RULE_TEXT_BATCH = 32;
