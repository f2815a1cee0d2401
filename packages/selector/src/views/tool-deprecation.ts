import type { Tool } from '@toolsift/core';
import { unqualifiedName } from './tool-server.js';

/** What a tool says of its own deprecation: the words that say it, and the tool it names in its place. */
export interface ToolDeprecation {
  /** The text that says the tool is deprecated (`DEPRECATED: Use read_text_file instead.`, a title's `(Deprecated)`). */
  evidence: string;
  /** The name it gives its replacement, as written (`read_text_file`), when it gives one. */
  replacementName?: string;
}

/** A deprecation with its replacement found in the catalog. */
export interface ResolvedDeprecation extends ToolDeprecation {
  /** The id of the replacement: a tool of the same server (or the same name qualifier), else the only one so named. */
  replacement?: string;
}

/** The deprecations of a catalog's tools, read on demand. */
export interface ToolDeprecationTable {
  deprecationOf(toolId: string): ResolvedDeprecation | undefined;
}

/**
 * Whether a tool says it is deprecated, from its own words: a title with the word (`Read File (Deprecated)`), a
 * description that opens with it, shouts it (`DEPRECATED`), brackets it or says "this tool is deprecated", or a
 * format field `deprecated: true` (OpenAPI). A description that merely mentions deprecation ("replaces the
 * deprecated files.upload", "won't be deprecated", a deprecated parameter) is no deprecation. The replacement is
 * the first name after "use", "in favour of", "replaced by", "superseded by", "migrate to" or "switch to" at or
 * after the evidence.
 */
export function toolDeprecation(
  tool: Pick<Tool, 'title' | 'description' | 'extensions'>,
): ToolDeprecation | undefined {
  const title = tool.title ?? '';
  const { description } = tool;
  const inDescription = DESCRIPTION_MARKERS.map((marker) => marker.exec(description)).find(
    (match) => match !== null,
  );
  let evidence: string;
  let after: string;
  if (inDescription !== null && inDescription !== undefined) {
    evidence = sentenceAt(description, inDescription.index);
    after = description.slice(inDescription.index);
  } else if (TITLE_MARKER.test(title)) {
    evidence = title;
    after = description;
  } else if (isDeclaredDeprecated(tool.extensions)) {
    evidence = 'deprecated: true';
    after = description;
  } else return undefined;
  const replacementName = REPLACEMENT.exec(after)?.[1];
  return { evidence, ...(replacementName !== undefined ? { replacementName } : {}) };
}

/** The deprecations of `tools`, each read on first ask, replacements resolved against the catalog. */
export function createToolDeprecationTable(options: {
  tools: () => readonly Tool[];
  tool: (id: string) => Tool | undefined;
}): ToolDeprecationTable {
  const known = new Map<string, ResolvedDeprecation | undefined>();
  let byName: Map<string, Tool[]> | undefined;
  return {
    deprecationOf(toolId) {
      if (known.has(toolId)) return known.get(toolId);
      const tool = options.tool(toolId);
      const deprecation = tool === undefined ? undefined : toolDeprecation(tool);
      let resolved: ResolvedDeprecation | undefined = deprecation;
      if (tool !== undefined && deprecation?.replacementName !== undefined) {
        byName ??= indexByName(options.tools());
        const replacement = resolveReplacement(tool, deprecation.replacementName, byName);
        if (replacement !== undefined) resolved = { ...deprecation, replacement };
      }
      known.set(toolId, resolved);
      return resolved;
    },
  };
}

// --- internal ---

const TITLE_MARKER = /\bdeprecated\b/i;
const DESCRIPTION_MARKERS: readonly RegExp[] = [
  /\bDEPRECATED\b/,
  /^\W*deprecated\b/i,
  /[([]deprecated[)\]]/i,
  /\b(?:this|the) (?:tool|function|endpoint|api|method|operation|command|action|model) (?:is|has been) (?:now )?deprecated\b/i,
];
// `use read_text_file instead`, "in favor of `get_me`", "replaced by v2.search".
const REPLACEMENT =
  /\b(?:use|in favou?r of|replaced by|superseded by|migrate to|switch to)\s+(?:the\s+)?[`'"]?([A-Za-z_][\w.:/-]*\w)/i;

function sentenceAt(text: string, index: number): string {
  const start = Math.max(text.lastIndexOf('. ', index) + 1, text.lastIndexOf('\n', index) + 1, 0);
  const end = text.slice(index).search(/[.!?](?:\s|$)|\n/);
  return text
    .slice(start, end < 0 ? text.length : index + end + 1)
    .replace(/\s+/g, ' ')
    .trim();
}

function isDeclaredDeprecated(extensions: Tool['extensions'] | undefined): boolean {
  return Object.values(extensions ?? {}).some((fields) => fields.deprecated === true);
}

function indexByName(tools: readonly Tool[]): Map<string, Tool[]> {
  const byName = new Map<string, Tool[]>();
  for (const tool of tools) {
    for (const key of new Set([tool.name.toLowerCase(), unqualifiedName(tool.name).toLowerCase()])) {
      const named = byName.get(key);
      if (named === undefined) byName.set(key, [tool]);
      else named.push(tool);
    }
  }
  return byName;
}

/** The tool a deprecated one names: of its server, else under the same name qualifier, else the only one. */
function resolveReplacement(
  deprecated: Tool,
  name: string,
  byName: ReadonlyMap<string, Tool[]>,
): string | undefined {
  const candidates = (
    byName.get(name.toLowerCase()) ??
    byName.get(unqualifiedName(name).toLowerCase()) ??
    []
  ).filter((tool) => tool.id !== deprecated.id);
  const serverName = deprecated.server?.name;
  const sameServer = candidates.filter(
    (tool) => serverName !== undefined && tool.server?.name === serverName,
  );
  if (sameServer.length === 1) return sameServer[0]!.id;
  const qualifier = qualifierOf(deprecated.name);
  const sameQualifier = candidates.filter((tool) => qualifierOf(tool.name) === qualifier);
  if (sameQualifier.length === 1) return sameQualifier[0]!.id;
  return candidates.length === 1 ? candidates[0]!.id : undefined;
}

// What comes before the unqualified name: `filesystem__` of `filesystem__read_file`, '' for a plain name.
function qualifierOf(name: string): string {
  return name.slice(0, name.length - unqualifiedName(name).length);
}
