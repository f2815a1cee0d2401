import path from 'node:path';
import type { Tool } from '@toolsift/core';
import type { Embedder } from '../embedding/embedder.js';
import { isLexicalIndex } from '../index-store/open-tool-index.js';
import { createSelector, type Selector, type SelectorOptions } from './create-selector.js';
import { catalogPaths } from './read-catalog.js';
import { DEFAULT_EMBEDDER_ID } from './resolve-embedder.js';
import type { Selection, SelectOptions } from './selection.js';

/** Options of `selectTools`: selection options plus how to find the catalog and index. */
export interface SelectToolsOptions extends SelectOptions, Omit<SelectorOptions, 'catalog' | 'weights'> {
  /** Catalog paths or tools; default `./metadata`. */
  catalog?: SelectorOptions['catalog'];
}

/**
 * Select tools for a prompt in one call. The selector of each catalog and set of selector options is created
 * once and cached for the life of the process, so only the first call loads and indexes. Objects (an embedder
 * instance, rules, index instances, loaders, a catalog of tools) are keyed by identity: pass the same ones to reuse a selector.
 * @example const { tools } = await selectTools('email the Q3 report to Alice', { k: 3 });
 */
export async function selectTools(prompt: string, options: SelectToolsOptions = {}): Promise<Selection> {
  // Every option goes to both (each reads its own keys; `env` serves the selector's cache dir lookup and the
  // selection's prerequisite checks), except `weights`: here they are this call's, not the selector's defaults.
  const { catalog = DEFAULT_CATALOG, weights, ...shared } = options;
  const selector = await cachedSelector({ ...shared, catalog });
  return selector.select(prompt, { ...shared, ...(weights !== undefined ? { weights } : {}) });
}

/** Drop every cached selector (the next `selectTools` call reloads). */
export function clearSelectorCache(): void {
  byPaths.clear();
  byTools = new WeakMap();
}

// --- internal ---

const DEFAULT_CATALOG = './metadata';
const byPaths = new Map<string, Promise<Selector>>();
let byTools = new WeakMap<readonly Tool[], Map<string, Promise<Selector>>>();

function cachedSelector(options: SelectorOptions): Promise<Selector> {
  const { catalog } = options;
  const cwd = options.cwd ?? process.cwd();
  // Everything that changes a selection. Left out: `env` (read again by every selection; for the selector, only
  // where its cache dir is) and the progress callbacks.
  const settings = JSON.stringify([
    embedderKey(options.embedder),
    typeof options.indexDir === 'string' ? path.resolve(cwd, options.indexDir) : (options.indexDir ?? null),
    options.format ?? null,
    typeof options.vectorIndex === 'object'
      ? `instance:${identityOf(options.vectorIndex)}`
      : (options.vectorIndex ?? null),
    isLexicalIndex(options.lexical) ? `instance:${identityOf(options.lexical)}` : (options.lexical ?? null),
    options.loaders?.map(identityOf) ?? null,
    (options.rules ?? []).map(identityOf),
  ]);
  const paths = catalogPaths(catalog);
  let cache: Map<string, Promise<Selector>>;
  let key: string;
  if (paths !== undefined) {
    cache = byPaths;
    key = JSON.stringify([paths.map((entry) => path.resolve(cwd, entry)), settings]);
  } else {
    const tools = catalog as readonly Tool[];
    cache = byTools.get(tools) ?? new Map();
    byTools.set(tools, cache);
    key = JSON.stringify([cwd, settings]);
  }
  let selector = cache.get(key);
  if (selector === undefined) {
    selector = createSelector(options);
    cache.set(key, selector);
    // A failed load is not cached: the next call tries again.
    selector.catch(() => cache.delete(key));
  }
  return selector;
}

function embedderKey(embedder: Embedder | string | undefined): string {
  // By identity: two instances may share an id (two OpenAI embedders with different keys or dimensions).
  return typeof embedder === 'object'
    ? `instance:${identityOf(embedder)}`
    : (embedder ?? DEFAULT_EMBEDDER_ID);
}

/** A number per object, the same for the same object for the life of the process. */
function identityOf(value: object): number {
  let id = identities.get(value);
  if (id === undefined) {
    id = nextIdentity++;
    identities.set(value, id);
  }
  return id;
}

const identities = new WeakMap<object, number>();
let nextIdentity = 1;
