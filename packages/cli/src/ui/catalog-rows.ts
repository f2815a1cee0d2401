import type { Diagnostic, Tool } from '@toolsift/core';
import type { DoctorReport } from '@toolsift/selector';

/** One tool as the catalog panel lists and filters it. */
export interface CatalogRow {
  id: string;
  name: string;
  title?: string;
  /** The server it belongs to (`tool.server.name`); absent when none is known. */
  server?: string;
  /** The format it was read as. */
  format: string;
  /** The start of its description (`DESCRIPTION_SHOWN` characters). */
  description: string;
  /** The codes of the catalog diagnostics about it and of the doctor's findings that name it, sorted. */
  codes: string[];
}

/** Characters of a description listed in the catalog panel (the tool panel shows all of it). */
export const DESCRIPTION_SHOWN = 240;

/** A row per tool, each with the text it is searched by (lower case). */
export interface CatalogRows {
  rows: CatalogRow[];
  searchText: string[];
}

/**
 * The rows of `tools`: their diagnostics matched by file (and by JSON pointer when the file holds several tools),
 * the doctor's findings by tool id.
 */
export function catalogRows(options: {
  tools: readonly Tool[];
  diagnostics: readonly Diagnostic[];
  doctor: DoctorReport | undefined;
}): CatalogRows {
  const byFile = new Map<string, Diagnostic[]>();
  for (const diagnostic of options.diagnostics) {
    const list = byFile.get(diagnostic.file) ?? [];
    list.push(diagnostic);
    byFile.set(diagnostic.file, list);
  }
  const findingCodes = new Map<string, Set<string>>();
  for (const finding of options.doctor?.findings ?? []) {
    for (const id of finding.tools) {
      const codes = findingCodes.get(id) ?? new Set<string>();
      codes.add(finding.code);
      findingCodes.set(id, codes);
    }
  }
  const rows = options.tools.map((tool): CatalogRow => {
    const codes = new Set(findingCodes.get(tool.id));
    for (const diagnostic of diagnosticsOf(tool, byFile)) codes.add(diagnostic.code);
    return {
      id: tool.id,
      name: tool.name,
      ...(tool.title !== undefined ? { title: tool.title } : {}),
      ...(tool.server !== undefined ? { server: tool.server.name } : {}),
      format: tool.source.format,
      description:
        tool.description.length > DESCRIPTION_SHOWN
          ? `${tool.description.slice(0, DESCRIPTION_SHOWN)}…`
          : tool.description,
      codes: [...codes].sort(),
    };
  });
  const searchText = options.tools.map((tool) =>
    [tool.id, tool.name, tool.title ?? '', tool.description, ...tool.keywords].join('\n').toLowerCase(),
  );
  return { rows, searchText };
}

/** The catalog diagnostics about `tool`: those of its file, narrowed to its entry when the file holds several. */
export function diagnosticsOf(tool: Tool, byFile: ReadonlyMap<string, readonly Diagnostic[]>): Diagnostic[] {
  const pointer = tool.source.pointer;
  return (byFile.get(tool.source.file) ?? []).filter(
    (diagnostic) =>
      pointer === '' ||
      diagnostic.pointer === undefined ||
      diagnostic.pointer === '' ||
      diagnostic.pointer === pointer ||
      diagnostic.pointer.startsWith(`${pointer}/`),
  );
}
