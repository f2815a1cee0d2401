import { isRecord, type Tool } from '@toolsift/core';
import { type ToolActionFact, toolActionOf } from '../actions/tool-action.js';
import { identifierWords } from '../views/identifier-words.js';

/**
 * Which reads return each field, for the identifiers and tokens other tools take as input: `GetUserToken` returns
 * the `token` that `AddAlarm` requires. Fields are compared by `fieldKey` (`user_id` meets `userId`). Only tools
 * read from the same file count: a file is one API or server, and another API's `user_id` is not this one's.
 */
export interface ReturnedInputs {
  /** Reads from `tool`'s source file whose declared result has this field (by `fieldKey`), in catalog order. */
  readersOf(field: string, tool: Pick<Tool, 'source'>): readonly string[];
}

/** What a tool does (see `toolActionOf`). */
export type ToolActionOf = (tool: Tool) => ToolActionFact | undefined;

/**
 * Index the result fields of a catalog's reads (tools without a result schema are left out). `actionOf` says
 * what a tool does (default `toolActionOf`; an index passes its catalog's action table, namespaces known).
 */
export function createReturnedInputs(
  tools: Iterable<Tool>,
  actionOf: ToolActionOf = (tool) => toolActionOf(tool),
): ReturnedInputs {
  const readers = new Map<string, string[]>();
  for (const tool of tools) {
    // Most tools declare no result: ruled out before `actionOf` splits their names into words.
    const fields = resultFields(tool);
    // Writes are no providers: creating an appointment returns its id, but cancelling one must not create one.
    if (fields.length === 0 || actionOf(tool)?.action !== 'read') continue;
    const required = new Set(requiredInputs(tool).map(fieldKey));
    for (const field of fields) {
      // A tool that needs the field itself (`CheckToken` takes the token it checks) supplies nothing.
      if (required.has(fieldKey(field))) continue;
      const key = readerKey(field, tool);
      const list = readers.get(key) ?? [];
      if (list.at(-1) !== tool.id) list.push(tool.id);
      readers.set(key, list);
    }
  }
  return { readersOf: (field, tool) => readers.get(readerKey(field, tool)) ?? NONE };
}

/**
 * The required inputs of a tool that identify something or grant access, which a user seldom types and another
 * call usually supplies: a token (`token`, `access_token`), or an id of a named thing (`user_id`, `orderId`,
 * `session_uuid`). A bare `id` is left out: it names whatever its tool is about, which a field name cannot match.
 */
export function requiredIdentifierInputs(tool: Pick<Tool, 'parameters'>): string[] {
  return requiredInputs(tool).filter((name) => {
    const words = identifierWords(name);
    const last = words.at(-1) ?? '';
    return last === 'token' || (IDENTIFIER_WORDS.has(last) && words.length > 1);
  });
}

/** A field name folded for comparison: lower case, letters and digits only. */
export function fieldKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

// --- internal ---

const NONE: readonly string[] = Object.freeze([]);
const IDENTIFIER_WORDS = new Set(['id', 'ids', 'uuid', 'guid']);
function readerKey(field: string, tool: Pick<Tool, 'source'>): string {
  return `${tool.source.file}\u0000${fieldKey(field)}`;
}

function requiredInputs(tool: Pick<Tool, 'parameters'>): string[] {
  const required = tool.parameters.required;
  return Array.isArray(required) ? required.filter((name): name is string => typeof name === 'string') : [];
}

/** The property names of a result schema, or of its items when it is a list. */
function resultFields(tool: Tool): string[] {
  const result = tool.result;
  const items = result?.items;
  const properties = isRecord(result?.properties)
    ? result.properties
    : isRecord(items) && isRecord(items.properties)
      ? items.properties
      : undefined;
  return properties === undefined ? [] : Object.keys(properties);
}
