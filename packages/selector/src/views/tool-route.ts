import type { Tool } from '@toolsift/core';

/** The HTTP route a tool's name holds, as REST catalogs write them (`tmdb:GET /movie/{movie_id}/credits`). */
export interface ToolRoute {
  /** What precedes the route in the name (`tmdb`, `Scoring Tables API`), lower-cased; empty when nothing does. */
  service: string;
  /** Upper-case HTTP method, when the name gives one. */
  method?: string;
  /** Literal path segments, lower-cased, in order (`['movie', 'credits']`). */
  segments: string[];
  /** Path parameters that take an identifier, with the resource each identifies as a `resourceKey` (`movie_id` -> `movi`). */
  ids: Array<{ parameter: string; resource: string }>;
  /** Whether the path has any parameter (`{season_number}` counts, though it is no identifier). */
  hasPathParameters: boolean;
}

/** The route in a tool's name (`GET /path`, `service:GET /path`, `Service::/path`), or undefined when there is none. */
export function parseToolRoute(tool: Pick<Tool, 'name'>): ToolRoute | undefined {
  const match = ROUTE.exec(tool.name);
  if (match === null) return undefined;
  const service = tool.name
    .slice(0, match.index)
    .replace(/[\s:]+$/, '')
    .trim()
    .toLowerCase();
  const method = match[2]?.toUpperCase();
  const segments: string[] = [];
  const ids: ToolRoute['ids'] = [];
  let hasPathParameters = false;
  for (const part of (match[3] ?? '').split('/')) {
    if (part.length === 0) continue;
    const parameter = /^\{([^{}]+)\}$/.exec(part)?.[1];
    if (parameter === undefined) {
      segments.push(part.toLowerCase());
      continue;
    }
    hasPathParameters = true;
    const resource = identifiedResource(parameter, segments.at(-1));
    if (resource !== undefined) ids.push({ parameter, resource });
  }
  return { service, ...(method === undefined ? {} : { method }), segments, ids, hasPathParameters };
}

/**
 * A word folded for comparing resource names, so that singular and plural meet: lower case, a plural `s` dropped,
 * a final `ie` or `y` made `i` (`movies` and `movie` -> `movi`, `categories` and `category` -> `categori`).
 */
export function resourceKey(word: string): string {
  let key = word.toLowerCase();
  if (key.length > 3 && key.endsWith('s') && !key.endsWith('ss')) key = key.slice(0, -1);
  if (key.length > 3 && key.endsWith('ie')) key = key.slice(0, -1);
  else if (key.length > 3 && key.endsWith('y')) key = `${key.slice(0, -1)}i`;
  return key;
}

// --- internal ---

/** A path after the start, a space or a colon, optionally preceded by an HTTP method. */
const ROUTE = /(^|[\s:])(?:(GET|POST|PUT|PATCH|DELETE|HEAD)\s+)?(\/[^\s?#]*)/i;

/** `movie_id` / `movieId` / `movieID` -> movie; a bare `id` is the segment before it (`/tracks/{id}` -> track). */
function identifiedResource(parameter: string, previousSegment: string | undefined): string | undefined {
  const match = /^(.*?)[-_]?(?:id|Id|ID)$/.exec(parameter);
  if (match === null) return undefined;
  const stem = match[1] ?? '';
  if (stem.length > 0) return resourceKey(stem);
  return previousSegment === undefined ? undefined : resourceKey(previousSegment);
}
