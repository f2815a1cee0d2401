import type { Tool } from '@toolsift/core';
import { parseToolRoute, resourceKey, type ToolRoute } from '../views/tool-route.js';
import { createReturnedInputs, type ReturnedInputs, type ToolActionOf } from './returned-inputs.js';

/** The tools of one service that can supply a resource's identifier. */
export interface IdProviders {
  /** Searches that name the resource (`/search/movie`), in catalog order. */
  searches: readonly string[];
  /** Other reads that name it (`/movie/popular`, `/me/playlists`), in catalog order. */
  listings: readonly string[];
  /** The service's searches that name no resource (`/search`): they find anything. */
  anySearches: readonly string[];
}

/**
 * Where the identifiers tools need come from. REST routes: within one service, reads without path parameters that
 * name the resource in their path supply its id (`GET /search/movie` and `GET /movie/popular` both list movies, so
 * either gives the `movie_id` of `GET /movie/{movie_id}/credits`). Any tool: reads whose declared result has the
 * field (`readersOf`, see `createReturnedInputs`).
 */
export interface IdProviderTable extends ReturnedInputs {
  route(toolId: string): ToolRoute | undefined;
  providers(service: string, resource: string): IdProviders;
}

/** Index the routes of a catalog and the result fields of its reads (tools with neither are left out); `actionOf`
 * tells reads (see `createReturnedInputs`). */
export function createIdProviderTable(tools: Iterable<Tool>, actionOf?: ToolActionOf): IdProviderTable {
  const all = [...tools];
  const returned = createReturnedInputs(all, actionOf);
  const routes = new Map<string, ToolRoute>();
  const byResource = new Map<string, { searches: string[]; listings: string[] }>();
  const anySearches = new Map<string, string[]>();
  for (const tool of all) {
    const route = parseToolRoute(tool);
    if (route === undefined) continue;
    routes.set(tool.id, route);
    if (!suppliesIds(route)) continue;
    const isSearch = route.segments.includes('search');
    const resources = new Set(
      route.segments.filter((segment) => segment !== 'search').map((segment) => resourceKey(segment)),
    );
    if (isSearch && resources.size === 0) listOf(anySearches, route.service).push(tool.id);
    for (const resource of resources) {
      const key = tableKey(route.service, resource);
      const entry = byResource.get(key) ?? { searches: [], listings: [] };
      byResource.set(key, entry);
      (isSearch ? entry.searches : entry.listings).push(tool.id);
    }
  }
  return {
    readersOf: returned.readersOf,
    route: (toolId) => routes.get(toolId),
    providers(service, resource) {
      const entry = byResource.get(tableKey(service, resource));
      return {
        searches: entry?.searches ?? NONE,
        listings: entry?.listings ?? NONE,
        anySearches: anySearches.get(service) ?? NONE,
      };
    },
  };
}

// --- internal ---

const NONE: readonly string[] = Object.freeze([]);

/** Reads (GET, or no method named) that need no path parameter themselves. */
function suppliesIds(route: ToolRoute): boolean {
  return !route.hasPathParameters && (route.method === undefined || route.method === 'GET');
}

function tableKey(service: string, resource: string): string {
  return `${service}\u0000${resource}`;
}

function listOf(map: Map<string, string[]>, key: string): string[] {
  const list = map.get(key) ?? [];
  map.set(key, list);
  return list;
}
