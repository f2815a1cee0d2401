/** The kinds of text a tool is indexed under; `server`: what its server's instructions say of it by name;
 * `learned` views come from `selector.learn()`. */
export type ViewKind =
  | 'description'
  | 'use-case'
  | 'example'
  | 'keywords'
  | 'parameters'
  | 'server'
  | 'learned';

/** One retrievable text of one tool. Each view gets its own vector; a tool's dense score aggregates them. */
export interface ToolView {
  /** Stable key `<toolId>#<kind>:<n>` (see `viewKey`). */
  key: string;
  toolId: string;
  kind: ViewKind;
  /** Position among the tool's views of this kind; for learned views, a short hash of the prompt. */
  n: string;
  text: string;
}

/** The stable key of a view: `<toolId>#<kind>:<n>`. Tool ids may contain `#`; the last one separates. */
export function viewKey(toolId: string, kind: ViewKind, n: number | string): string {
  return `${toolId}#${kind}:${n}`;
}

/** True when `key` is `viewKey(view.toolId, view.kind, view.n)`, checked without building that string (a reload
 * checks every saved key). */
export function isViewKeyOf(key: string, view: { toolId: string; kind: ViewKind; n: string }): boolean {
  const kindAt = view.toolId.length + 1;
  const nAt = kindAt + view.kind.length + 1;
  return (
    key.length === nAt + view.n.length &&
    key.startsWith(view.toolId) &&
    key[kindAt - 1] === '#' &&
    key.startsWith(view.kind, kindAt) &&
    key[nAt - 1] === ':' &&
    key.endsWith(view.n)
  );
}

/** Split a view key back into tool id, kind and n; `undefined` when it is not a view key. */
export function parseViewKey(key: string): { toolId: string; kind: ViewKind; n: string } | undefined {
  const hash = key.lastIndexOf('#');
  if (hash <= 0) return undefined;
  const rest = key.slice(hash + 1);
  const colon = rest.indexOf(':');
  if (colon < 0) return undefined;
  const kind = rest.slice(0, colon);
  if (!isViewKind(kind)) return undefined;
  return { toolId: key.slice(0, hash), kind, n: rest.slice(colon + 1) };
}

/** Narrow a string to a `ViewKind`. */
export function isViewKind(value: string): value is ViewKind {
  return (VIEW_KINDS as readonly string[]).includes(value);
}

// --- internal ---

const VIEW_KINDS: readonly ViewKind[] = [
  'description',
  'use-case',
  'example',
  'keywords',
  'parameters',
  'server',
  'learned',
];
