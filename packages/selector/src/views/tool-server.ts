import type { Tool } from '@toolsift/core';

/**
 * The tool's name without the server qualifier in front of it: `filesystem__read_file` of the server `filesystem`
 * (the gateway's `<server>__<tool>`) is `read_file`, and so is `memory-server.read_file` of a server one of whose
 * aliases is `memory-server`. The name as it is when the tool has no server or its name does not start with one
 * of the server's names and a namespace separator (`__`, `::`, `:`, `/`, `.`).
 */
export function nameWithinServer(tool: Pick<Tool, 'name' | 'server'>): string {
  const { server } = tool;
  if (server === undefined) return tool.name;
  const name = tool.name;
  for (const serverName of [server.name, ...server.aliases]) {
    for (const form of new Set([serverName, sanitizeName(serverName)])) {
      if (form.length === 0 || name.length <= form.length) continue;
      if (name.slice(0, form.length).toLowerCase() !== form.toLowerCase()) continue;
      const separator = SEPARATORS.find((candidate) => name.startsWith(candidate, form.length));
      const rest = separator === undefined ? '' : name.slice(form.length + separator.length);
      if (rest.trim().length > 0) return rest;
    }
  }
  return name;
}

/** The name after the last namespace separator (`::`, `:`, `/`, `.`, `__`): `github__create_issue` -> `create_issue`. */
export function unqualifiedName(name: string): string {
  const parts = name.split(/::|:|\/|\.|__/).filter((part) => part.trim().length > 0);
  return parts.at(-1) ?? name;
}

/**
 * The words a tool's server goes by: its name, each alias and its title, each said once (`memory`,
 * `memory-server`; `everything`, `mcp-servers/everything`, `Everything Reference Server`). Empty without a server.
 */
export function serverNames(tool: Pick<Tool, 'server'>): string[] {
  const { server } = tool;
  if (server === undefined) return [];
  const names: string[] = [];
  const seen = new Set<string>();
  for (const name of [server.name, ...server.aliases, server.title ?? '']) {
    const key = name.trim().toLowerCase();
    if (key.length === 0 || seen.has(key)) continue;
    seen.add(key);
    names.push(name.trim());
  }
  return names;
}

/**
 * What the server's description (MCP `instructions`) says, split for one of its tools: `own`, the sentences and
 * list items that name this tool ("Enable `toggle-simulated-logging` before debugging"), evidence for it alone;
 * `general`, the ones that name no tool, about the server as a whole. Sentences naming another tool (an identifier
 * in backticks, or one with `_` or `-` inside) are in neither. Markdown headings are left out.
 */
export function serverSentences(tool: Pick<Tool, 'name' | 'server'>): { own: string[]; general: string[] } {
  const own: string[] = [];
  const general: string[] = [];
  const description = tool.server?.description;
  if (description === undefined) return { own, general };
  const name = nameWithinServer(tool).toLowerCase();
  for (const sentence of sentencesOf(description)) {
    const identifiers = [...sentence.matchAll(IDENTIFIER)].map((match) =>
      (match[1] ?? match[2])!.toLowerCase(),
    );
    if (identifiers.includes(name) || wordsOf(sentence).includes(name)) own.push(sentence);
    else if (identifiers.length === 0) general.push(sentence);
  }
  return { own, general };
}

// --- internal ---

// Longest first: `__` before a lone `_` would never match, `::` before `:`.
const SEPARATORS = ['__', '::', ':', '/', '.'] as const;

/** A name as the gateway writes it into qualified names: every character outside `[a-zA-Z0-9_-]` made `_`. */
function sanitizeName(text: string): string {
  return text.replace(/[^a-zA-Z0-9_-]/g, '_');
}

// `name` in backticks, or a word with `_` or `-` between letters or digits (`get-roots-list`, `read_file`).
const IDENTIFIER = /`([^`\s]+)`|(?<![\w-])([A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+)+)(?![\w-])/g;

// Lines, then sentences within them; headings (`# ...`) and empty pieces dropped, list markers stripped.
function sentencesOf(text: string): string[] {
  return text
    .split(/\n+/)
    .filter((line) => !/^\s*#/.test(line))
    .flatMap((line) => line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').split(/(?<=[.!?])\s+(?=[A-Z`])/))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

function wordsOf(sentence: string): string[] {
  return sentence.toLowerCase().split(/[^\w-]+/);
}
