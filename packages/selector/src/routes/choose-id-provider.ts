import { resourceKey } from '../views/tool-route.js';
import type { IdProviderTable } from './id-provider-table.js';

/**
 * The read that should supply a resource's id for this prompt: a listing whose path words the prompt uses (`/tv/popular`
 * for "the most popular show"; the best ranked of them), else a search for the resource (`/search/tv`), else the
 * service's plain search (`/search`). Undefined when the service has none.
 */
export function chooseIdProvider(options: {
  table: IdProviderTable;
  service: string;
  resource: string;
  rankOf: ReadonlyMap<string, number>;
  /** The prompt's words as `resourceKey`s (see `promptWords`). */
  words: ReadonlySet<string>;
}): string | undefined {
  const { table, resource, rankOf, words } = options;
  const { searches, listings, anySearches } = table.providers(options.service, resource);
  const described = listings.filter((id) => describes(table.route(id)?.segments ?? [], resource, words));
  return bestRanked(described, rankOf) ?? searches[0] ?? anySearches[0];
}

/** The best ranked of `ids` (unranked ones last; the first in order on a tie), or undefined when empty. */
export function bestRanked(ids: Iterable<string>, rankOf: ReadonlyMap<string, number>): string | undefined {
  let best: string | undefined;
  for (const id of ids) {
    if (best === undefined || (rankOf.get(id) ?? Infinity) < (rankOf.get(best) ?? Infinity)) best = id;
  }
  return best;
}

/** The prompt uses a word of the path besides the resource (`popular` of `/tv/popular`). */
function describes(segments: readonly string[], resource: string, promptWords: ReadonlySet<string>): boolean {
  for (const segment of segments) {
    for (const word of segment.split(/[-_.]/)) {
      const noun = resourceKey(word);
      if (word.length > 2 && noun !== resource && promptWords.has(noun)) return true;
    }
  }
  return false;
}

/** A prompt's words as `resourceKey`s, for `chooseIdProvider`. */
export function promptWords(prompt: string): Set<string> {
  return new Set(
    prompt
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length > 0)
      .map(resourceKey),
  );
}
