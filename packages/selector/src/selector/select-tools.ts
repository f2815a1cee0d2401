import path from 'node:path';
import type { Tool } from '@toolsift/core';
import { createSelector, type Selector, type SelectorOptions } from './create-selector.js';
import { catalogPaths } from './read-catalog.js';
import type { Selection, SelectOptions } from './selection.js';

/** Options of `selectTools`: selection options plus how to find the catalog and index. */
export interface SelectToolsOptions extends SelectOptions, Omit<SelectorOptions, 'catalog' | 'weights'> {
  /** Catalog paths or tools; default `./metadata`. */
  catalog?: SelectorOptions['catalog'];
}

/**
 * Select tools for a prompt in one call. The selector of each catalog and set of selector options is created
 * once and cached for the life of the process, so only the first call loads and indexes. Options are compared by
 * value, except functions and objects that hold any (an embedder, rules, index instances, loaders) and a catalog of
 * tools, which are compared by identity: pass the same ones to reuse a selector.
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

/**
 * The options of a selection only, which `selectTools` receives beside the selector's: they never choose a selector.
 * Typed so that a new selection option fails to compile until it is listed here, and a selector option cannot be.
 */
const SELECTION_ONLY: Readonly<Record<Exclude<keyof SelectOptions, keyof SelectorOptions>, true>> = {
  k: true,
  candidates: true,
  method: true,
  maxTokens: true,
  target: true,
  config: true,
  oauth: true,
  platform: true,
  includeUnavailable: true,
  expand: true,
  chainIds: true,
  abstain: true,
  threshold: true,
  rerank: true,
  ruleWeights: true,
};

/**
 * Selector options that do not choose a selector: `catalog` keys the cache itself, `weights` go to each selection,
 * `env` is read again by every selection (for the selector it only places its cache folder), and the progress
 * callbacks only report. Every other option, present or future, is part of the key.
 */
const UNKEYED: ReadonlySet<string> = new Set<keyof SelectorOptions>([
  'catalog',
  'weights',
  'env',
  'onProgress',
  'onModelProgress',
]);

function cachedSelector(options: SelectorOptions): Promise<Selector> {
  const { catalog } = options;
  const cwd = options.cwd ?? process.cwd();
  const keyed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(options)) {
    if (!UNKEYED.has(name) && !Object.hasOwn(SELECTION_ONLY, name)) keyed[name] = value;
  }
  keyed.cwd = cwd;
  const settings = stableKey(keyed);
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

/**
 * A string equal for equal options: plain data (objects sorted by key, arrays, primitives) by value; a function,
 * an object holding one (an embedder, an index, a loader) and any other instance (class, Map, typed array) by
 * identity, as its state may change without the object changing.
 */
function stableKey(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
    case 'boolean':
    case 'bigint':
    case 'undefined':
      return String(value);
    case 'symbol':
      return `symbol:${String(value.description)}`;
    case 'function':
      return `#${identityOf(value)}`;
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) return `[${value.map(stableKey).join(',')}]`;
      if (!isPlainData(value)) return `#${identityOf(value)}`;
      const entries = Object.entries(value)
        .filter(([, entry]) => entry !== undefined)
        .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
      return `{${entries.map(([name, entry]) => `${JSON.stringify(name)}:${stableKey(entry)}`).join(',')}}`;
    }
    // Every other `typeof` is handled above (the build's compiler does not narrow `unknown` to `never` here).
    default:
      return String(value);
  }
}

/** An object literal (or of no prototype) with no function among its own values. */
function isPlainData(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.values(value).every((entry) => typeof entry !== 'function');
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
