import path from 'node:path';
import type { Tool } from '@toolsift/core';
import type { Embedder } from '../embedding/embedder.js';
import { createSelector, type Selector, type SelectorOptions } from './create-selector.js';
import { DEFAULT_EMBEDDER_ID } from './resolve-embedder.js';
import type { Selection, SelectOptions } from './selection.js';

/** Options of `selectTools`: selection options plus how to find the catalog and index. */
export interface SelectToolsOptions extends SelectOptions, Omit<SelectorOptions, 'catalog' | 'weights'> {
  /** Catalog paths or tools; default `./metadata`. */
  catalog?: SelectorOptions['catalog'];
}

/**
 * Select tools for a prompt in one call. The selector of each (catalog, embedder, index folder) is created
 * once and cached for the life of the process, so only the first call loads and indexes.
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
  const settings = JSON.stringify([
    embedderKey(options.embedder),
    options.indexDir ?? null,
    options.format ?? null,
    options.vectorIndex ?? null,
    options.lexical ?? null,
  ]);
  let cache: Map<string, Promise<Selector>>;
  let key: string;
  if (typeof catalog === 'string' || (catalog.length > 0 && typeof catalog[0] === 'string')) {
    const cwd = options.cwd ?? process.cwd();
    const paths = (typeof catalog === 'string' ? [catalog] : (catalog as readonly string[])).map((entry) =>
      path.resolve(cwd, entry),
    );
    cache = byPaths;
    key = JSON.stringify([paths, settings]);
  } else {
    const tools = catalog as readonly Tool[];
    cache = byTools.get(tools) ?? new Map();
    byTools.set(tools, cache);
    key = settings;
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
  return typeof embedder === 'object' ? `instance:${embedder.id}` : (embedder ?? DEFAULT_EMBEDDER_ID);
}
