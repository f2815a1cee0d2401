import { applyOverlays, type Diagnostic, loadTools, type Tool, type ToolOverlay } from '@toolsift/core';
import type { UpstreamTool } from './upstream-pool.js';

/** Upstream tools as toolsift tools, each server converted again only when its tools changed; see `createUpstreamCatalog`. */
export interface UpstreamCatalog {
  /** The tools of every server, under their qualified names. */
  toTools(tools: readonly UpstreamTool[]): Tool[];
}

/**
 * Convert upstream tools for the index: the MCP loader reads each server's list, each tool knows its server (the
 * config key, with the `serverInfo` name and title as aliases and its `instructions` as description), overlays are
 * applied under the tools' own names, then ids and names become the qualified names. A server whose tools, names and
 * server info are the same objects as at the last call is not converted again (converting every server made most
 * of a large gateway's sync: bench/NOTES.md, "Plug-in vector indexes"). Loading problems go to `log`, each line once;
 * several of one code for one server are one line with their count.
 */
export function createUpstreamCatalog(options: {
  overlays: readonly ToolOverlay[];
  log: (line: string) => void;
}): UpstreamCatalog {
  let converted = new Map<string, { from: readonly UpstreamTool[]; tools: Tool[] }>();
  const reported = new Set<string>();
  const report = (diagnostics: readonly Diagnostic[]): void => {
    for (const line of describe(diagnostics.filter((diagnostic) => diagnostic.severity === 'error'))) {
      if (reported.has(line)) continue;
      reported.add(line);
      options.log(line);
    }
  };
  return {
    toTools(tools) {
      const next = new Map<string, { from: readonly UpstreamTool[]; tools: Tool[] }>();
      for (const [server, serverTools] of groupByServer(tools)) {
        const before = converted.get(server);
        next.set(
          server,
          before !== undefined && isSameList(before.from, serverTools)
            ? before
            : { from: serverTools, tools: toServerTools(server, serverTools, { ...options, report }) },
        );
      }
      converted = next;
      return [...next.values()].flatMap((entry) => entry.tools);
    },
  };
}

// --- internal ---

function groupByServer(tools: readonly UpstreamTool[]): Map<string, UpstreamTool[]> {
  const byServer = new Map<string, UpstreamTool[]>();
  for (const tool of tools) {
    const group = byServer.get(tool.server);
    if (group === undefined) byServer.set(tool.server, [tool]);
    else group.push(tool);
  }
  return byServer;
}

/** The same definitions under the same names with the same server info: converting again gives the same tools. */
function isSameList(before: readonly UpstreamTool[], now: readonly UpstreamTool[]): boolean {
  return (
    before.length === now.length &&
    before.every((tool, at) => {
      const other = now[at]!;
      return (
        tool.definition === other.definition &&
        tool.qualifiedName === other.qualifiedName &&
        tool.serverInfo === other.serverInfo
      );
    })
  );
}

/** One server's tools as toolsift tools under their qualified names. */
function toServerTools(
  name: string,
  serverTools: readonly UpstreamTool[],
  options: { overlays: readonly ToolOverlay[]; report: (diagnostics: readonly Diagnostic[]) => void },
): Tool[] {
  const info = serverTools[0]?.serverInfo;
  // The MCP loader gives each tool this server: the config key, with the serverInfo name and title as aliases.
  const loaded = loadTools(
    {
      server: name,
      ...(info === undefined ? {} : { serverInfo: { name: info.name, title: info.title } }),
      ...(info?.instructions === undefined ? {} : { instructions: info.instructions }),
      tools: serverTools.map((tool) => tool.definition),
    },
    { format: 'mcp', file: `upstream "${name}"` },
  );
  options.report(loaded.diagnostics);
  const overlaid = applyOverlays(loaded.tools, options.overlays).tools;
  // The loader names each tool's place in the list (`/tools/3`): that is the upstream tool it was read from.
  const upstreamOf = (tool: Tool) => serverTools[Number(tool.source.pointer.split('/')[2])];
  const qualified = new Map(
    overlaid.flatMap((tool) => {
      const upstream = upstreamOf(tool);
      return upstream === undefined ? [] : [[tool.name, upstream.qualifiedName] as const];
    }),
  );
  return overlaid.flatMap((tool) => {
    const qualifiedName = qualified.get(tool.name);
    return qualifiedName === undefined ? [] : [withQualifiedNames(tool, qualifiedName, qualified)];
  });
}

/** The tool under its qualified name, the tools its relations name (an overlay names them plainly) too. */
function withQualifiedNames(tool: Tool, qualifiedName: string, qualified: ReadonlyMap<string, string>): Tool {
  const rename = <T extends { tool: string }>(relation: T): T => ({
    ...relation,
    tool: qualified.get(relation.tool) ?? relation.tool,
  });
  return {
    ...tool,
    id: qualifiedName,
    name: qualifiedName,
    conflicts: tool.conflicts.map(rename),
    alternatives: tool.alternatives.map(rename),
    complements: tool.complements.map(rename),
  };
}

/** One line per diagnostic; several of one code are one line with their count and the first one's message. */
function describe(diagnostics: readonly Diagnostic[]): string[] {
  const byCode = new Map<string, Diagnostic[]>();
  for (const diagnostic of diagnostics) {
    const group = byCode.get(diagnostic.code);
    if (group === undefined) byCode.set(diagnostic.code, [diagnostic]);
    else group.push(diagnostic);
  }
  return [...byCode.values()].map((group) => {
    const [first] = group as [Diagnostic, ...Diagnostic[]];
    const where = `${first.file}${first.pointer === undefined ? '' : ` at ${first.pointer}`}`;
    const more = group.length === 1 ? '' : ` (and ${(group.length - 1).toLocaleString('en')} more like it)`;
    return `${where}: ${first.message}${more} [${first.code}]; ${group.length === 1 ? 'the tool is' : 'those tools are'} left out of the search (call_tool still reaches ${group.length === 1 ? 'it' : 'them'})`;
  });
}
