import {
  type FormatWarning,
  type OpenAIResponsesTool,
  type Tool as ToolsiftTool,
  toOpenAIResponsesTools,
} from '@toolsift/core';
import type { Selector } from '@toolsift/selector';
import { checkSameTools } from '../shared/check-same-tools.js';
import type {
  FunctionTool,
  NamespaceTool,
  ResponsesDeferredTool,
  ResponsesFunctionDefinition,
} from './responses-types.js';

/** Every tool of a search's catalog as a Responses request declares it (deferred) and a search output loads it. */
export interface DeferredFunctions {
  /** The declared tools, each function with `defer_loading: true`: functions, and a namespace per server. */
  declared: ResponsesDeferredTool[];
  /** The definitions a `tool_search_output` carries for these tool ids (functions, or namespaces of them). */
  loaded(toolIds: readonly string[]): ResponsesDeferredTool[];
  /** The tool id behind a function call (its name, and namespace when it has one); undefined when unknown. */
  toolIdOf(name: string, namespace?: string): string | undefined;
  /** What the Responses format could not express of the selector's tools (functions given as they are: none). */
  warnings: FormatWarning[];
}

/**
 * The deferred functions of a search: the user's own definitions when given (kept as written), else the
 * selector's tools written by toolsift's Responses writer (strict schemas unless `strict: false`), tools that
 * know their server grouped in a namespace per server (named after it, functions by their own names). Given
 * functions must be exactly the selector's tools by name: USAGE_ERROR naming the ones that differ.
 */
export function deferredFunctions(options: {
  selector: Selector;
  given?: readonly ResponsesFunctionDefinition[] | undefined;
  strict?: boolean | undefined;
}): DeferredFunctions {
  const { selector, given } = options;
  const entries: Entry[] = [];
  const warnings: FormatWarning[] = [];
  if (given !== undefined) {
    checkSameTools({ selector, names: given.map((tool) => tool.name), toolsWord: 'the functions given' });
    for (const tool of given) {
      entries.push({
        toolId: tool.name,
        definition: { type: 'function', strict: null, ...tool } as FunctionTool,
      });
    }
  } else {
    const groups = new Map<string | undefined, ToolsiftTool[]>();
    for (const tool of selector.tools) {
      const server = tool.server?.name;
      groups.set(server, [...(groups.get(server) ?? []), tool]);
    }
    const takenNamespaces = new Set<string>();
    for (const [server, tools] of groups) {
      const written = toOpenAIResponsesTools(tools, {
        nameFrom: server === undefined ? 'id' : 'name',
        ...(options.strict !== undefined ? { strict: options.strict } : {}),
      });
      warnings.push(...written.warnings);
      const namespace = server === undefined ? undefined : namespaceOf(tools[0]!, server, takenNamespaces);
      written.tools.forEach((definition, index) => {
        entries.push({
          toolId: tools[index]!.id,
          definition: definition as FunctionTool,
          ...(namespace !== undefined ? { namespace } : {}),
        });
      });
    }
  }
  const byId = new Map(entries.map((entry) => [entry.toolId, entry]));
  const idByCall = new Map(
    entries.map((entry) => [callKey(entry.definition.name, entry.namespace?.name), entry.toolId]),
  );
  return {
    declared: grouped(entries, true),
    loaded: (toolIds) =>
      grouped(
        toolIds.flatMap((toolId) => byId.get(toolId) ?? []),
        false,
      ),
    toolIdOf: (name, namespace) => idByCall.get(callKey(name, namespace)),
    warnings,
  };
}

// --- internal ---

/** One catalog tool: its id, its function definition, and the namespace it is declared in (if any). */
interface Entry {
  toolId: string;
  definition: FunctionTool | OpenAIResponsesTool;
  namespace?: { name: string; description: string };
}

/** The entries as request tools: functions alone, namespace members together at their first member's place. */
function grouped(entries: readonly Entry[], isDeferred: boolean): ResponsesDeferredTool[] {
  const tools: ResponsesDeferredTool[] = [];
  const namespaces = new Map<string, NamespaceTool>();
  for (const entry of entries) {
    const definition = {
      ...entry.definition,
      ...(isDeferred ? { defer_loading: true } : {}),
    } as FunctionTool;
    if (entry.namespace === undefined) {
      tools.push(definition);
      continue;
    }
    let namespace = namespaces.get(entry.namespace.name);
    if (namespace === undefined) {
      namespace = { type: 'namespace', ...entry.namespace, tools: [] };
      namespaces.set(entry.namespace.name, namespace);
      tools.push(namespace);
    }
    namespace.tools.push(definition);
  }
  return tools;
}

function callKey(name: string, namespace: string | undefined): string {
  return namespace === undefined ? name : `${namespace}\u0000${name}`;
}

/** A namespace per server: a name the API takes (made unique), and the server's description. */
function namespaceOf(
  tool: ToolsiftTool,
  server: string,
  taken: Set<string>,
): { name: string; description: string } {
  const base = server.replace(/[^a-zA-Z0-9_-]+/g, '_').slice(0, 60) || 'server';
  let name = base;
  for (let counter = 2; taken.has(name); counter++) name = `${base}_${counter}`;
  taken.add(name);
  const description = tool.server?.description ?? `Tools of the ${tool.server?.title ?? server} server.`;
  return { name, description };
}
