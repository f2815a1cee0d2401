import type { Selector } from '../selector/create-selector.js';

/**
 * Map a bench gold or candidate name to the selector's tool id: the name itself when it is an id, else the id of
 * the one tool with that `name` (bench files name tools as written in tools.jsonl; loaders may derive other ids).
 * Names shared by several tools resolve to nothing rather than to an arbitrary one.
 */
export function createToolNameResolver(selector: Selector): (name: string) => string | undefined {
  const byName = new Map<string, string | null>();
  for (const tool of selector.tools) byName.set(tool.name, byName.has(tool.name) ? null : tool.id);
  return (name) => (selector.tool(name) !== undefined ? name : (byName.get(name) ?? undefined));
}
