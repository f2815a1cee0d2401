import type { Tool } from '@toolsift/core';
import type { RankingIndex } from '../ranking/ranking-index.js';

/** Resolves a relation's tool reference (id, name, or a router key ending in `:::<id>`) to a tool id. */
export type ToolRefResolver = (ref: string) => string | undefined;

/**
 * A resolver over an index: the reference as an id first, then the last segment of a router key
 * (Shinkai `local:::<author>:::<tool>`), then a unique tool name (when the index can list its tools).
 */
export function createToolRefResolver(index: RankingIndex): ToolRefResolver {
  let byName: Map<string, string | null> | undefined;
  return (ref) => {
    if (index.tool(ref) !== undefined) return ref;
    const segment = ref.includes(':::') ? ref.slice(ref.lastIndexOf(':::') + 3) : undefined;
    if (segment !== undefined && index.tool(segment) !== undefined) return segment;
    byName ??= namesOf(index);
    return (
      byName.get(ref) ?? (segment === undefined ? undefined : (byName.get(segment) ?? undefined)) ?? undefined
    );
  };
}

// --- internal ---

function namesOf(index: RankingIndex): Map<string, string | null> {
  const names = new Map<string, string | null>();
  const listing = (index as Partial<{ tools(): readonly Tool[] }>).tools;
  if (typeof listing !== 'function') return names;
  for (const tool of listing.call(index)) names.set(tool.name, names.has(tool.name) ? null : tool.id);
  return names;
}
