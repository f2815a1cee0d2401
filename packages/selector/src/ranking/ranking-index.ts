import type { Tool } from '@toolsift/core';
import type { ToolActionTable } from '../actions/tool-action-table.js';
import type { LexicalHit } from '../lexical/lexical-index.js';
import type { IdProviderTable } from '../routes/id-provider-table.js';
import type { VectorHit } from '../vector-index/vector-index.js';
import type { ToolDeprecationTable } from '../views/tool-deprecation.js';
import type { ToolView } from '../views/tool-view.js';
import type { ExactNameHit } from './exact-name-matcher.js';
import type { ToolVectors } from './tool-vectors.js';

/** What the ranking stages read from an index: tools, their views and vectors, and the three searches. */
export interface RankingIndex {
  readonly toolCount: number;
  tool(id: string): Tool | undefined;
  /** Every view of a tool with their vectors, laid out for scoring; undefined for an unknown tool. */
  toolVectors(toolId: string): ToolVectors | undefined;
  /** The id of the tool a view belongs to, read from the view's key (no lookup per view); undefined when the
   * index holds no such tool. It is the tool's own `id` string. */
  toolIdOfView(key: string): string | undefined;
  view(key: string): ToolView | undefined;
  /** The stored unit vector of a view. */
  vector(key: string): Float32Array | undefined;
  /** The vector of a rule text (`not_for`, `when_prefer_*`) embedded when the index was built, if any. */
  ruleTextVector?(text: string): Float32Array | undefined;
  searchVectors(query: Float32Array, k: number): VectorHit[];
  searchLexical(query: string, k: number): LexicalHit[];
  matchNames(prompt: string): ExactNameHit[];
  /** The catalog's REST routes and which reads supply the identifiers they need (built on first use). */
  idProviders?(): IdProviderTable;
  /** What each tool does (reads, creates, updates, deletes), where its metadata says (built on first use). */
  toolActions?(): ToolActionTable;
  /** Which tools say they are deprecated, and the tools they name in their place (read on first ask). */
  toolDeprecations?(): ToolDeprecationTable;
}
