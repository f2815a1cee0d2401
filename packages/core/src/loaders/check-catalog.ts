import type { Diagnostic } from '../diagnostics.js';
import { ErrorCode } from '../errors.js';
import type { Tool } from '../model/tool.js';
import { checkTextLength } from './check-text-length.js';

/** The catalog after de-duplication, with what the cross-tool checks found. */
export interface CheckCatalogResult {
  tools: Tool[];
  diagnostics: Diagnostic[];
}

/**
 * Cross-tool checks on loaded tools: an id repeated in one file is an error (the first is kept); one
 * repeated across files is a warning and the later tool is kept as `<id>@<file stem>`; a conflict,
 * alternative or complement naming no known tool id or name is a warning (`mcp:<server>` conflicts
 * name whole servers and are exempt), and an empty description or an over-long text (TEXT_TOO_LONG) is a warning.
 */
export function checkCatalog(tools: readonly Tool[]): CheckCatalogResult {
  const diagnostics: Diagnostic[] = [];
  const byId = new Map<string, Tool>();
  for (const tool of tools) {
    const first = byId.get(tool.id);
    if (first === undefined) {
      byId.set(tool.id, tool);
      continue;
    }
    if (first.source.file === tool.source.file) {
      diagnostics.push({
        ...at(tool),
        code: ErrorCode.DuplicateToolId,
        severity: 'error',
        message:
          `Tool id "${tool.id}" is already defined earlier in the same file${lineSuffix(first)}; ` +
          'this definition is ignored. Ids must be unique in a catalog.',
      });
      continue;
    }
    // Different files often hold different tools with the same bare name (two MCP servers both exposing
    // `search`): keep both, qualifying the later one by its file so neither is lost.
    const qualifiedId = uniqueId(`${tool.id}@${fileStem(tool.source.file)}`, byId);
    byId.set(qualifiedId, { ...tool, id: qualifiedId });
    diagnostics.push({
      ...at(tool),
      code: ErrorCode.DuplicateToolId,
      severity: 'warning',
      message:
        `Tool id "${tool.id}" is already defined in ${first.source.file}${lineSuffix(first)}; ` +
        `this one is kept as "${qualifiedId}". Give it a unique id to choose its name.`,
    });
  }
  const kept = [...byId.values()];
  const known = new Set<string>();
  for (const tool of kept) {
    known.add(tool.id);
    known.add(tool.name);
  }
  for (const tool of kept) {
    for (const { field, names } of relations(tool)) {
      for (const name of names) {
        if (known.has(name) || (field === 'conflicts' && name.startsWith('mcp:'))) continue;
        diagnostics.push({
          ...at(tool),
          code: ErrorCode.UnknownToolReference,
          severity: 'warning',
          message: `Tool "${tool.id}" names "${name}" in ${field}, but no tool with that id or name is in the catalog.`,
        });
      }
    }
    diagnostics.push(...checkTextLength(tool, at(tool)));
    if (tool.description.trim() === '') {
      diagnostics.push({
        ...at(tool),
        code: ErrorCode.MissingDescription,
        severity: 'warning',
        message: `Tool "${tool.id}" has no description; selection relies on it, so add one.`,
      });
    }
  }
  return { tools: kept, diagnostics };
}

// --- internal ---

function relations(
  tool: Tool,
): Array<{ field: 'conflicts' | 'alternatives' | 'complements'; names: string[] }> {
  return [
    { field: 'conflicts', names: tool.conflicts.map((relation) => relation.tool) },
    { field: 'alternatives', names: tool.alternatives.map((relation) => relation.tool) },
    { field: 'complements', names: tool.complements.map((relation) => relation.tool) },
  ];
}

function at(tool: Tool): Pick<Diagnostic, 'file' | 'pointer' | 'line'> {
  return {
    file: tool.source.file,
    pointer: tool.source.pointer,
    ...(tool.source.line !== undefined ? { line: tool.source.line } : {}),
  };
}

function uniqueId(candidate: string, taken: ReadonlyMap<string, unknown>): string {
  let id = candidate;
  for (let n = 2; taken.has(id); n++) id = `${candidate}~${n}`;
  return id;
}

function fileStem(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.(json|jsonl|ndjson|ya?ml|toml)$/i, '').replace(/\.(snap|tools|info)$/i, '');
}

function lineSuffix(tool: Tool): string {
  return tool.source.line !== undefined ? ` (line ${tool.source.line})` : '';
}
