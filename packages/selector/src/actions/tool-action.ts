import type { Tool } from '@toolsift/core';
import { parseToolRoute } from '../routes/tool-route.js';
import { identifierWords } from '../views/identifier-words.js';
import { actionsOfWord, type ToolAction } from './action-words.js';

/** A tool's action and what says so: its HTTP method, the verb its name starts with, or its MCP annotations. */
export interface ToolActionFact {
  action: ToolAction;
  source: 'route' | 'name' | 'annotations';
  /** The method, the verb, or `readOnlyHint`. */
  word: string;
}

/**
 * What a tool does, when its metadata says so plainly: a REST route's method (`GET` reads, `POST` creates,
 * `PUT` and `PATCH` update, `DELETE` deletes); else the first word of its name after any namespace
 * (`create_or_update_file` creates, `Cocktails::Search by name` reads), when that word is a verb of one
 * action only; else MCP's `readOnlyHint: true` (reads). Undefined when none of these holds.
 */
export function toolActionOf(tool: Pick<Tool, 'name' | 'annotations'>): ToolActionFact | undefined {
  const method = parseToolRoute(tool)?.method;
  const routeAction = method === undefined ? undefined : METHOD_ACTIONS[method];
  if (method !== undefined && routeAction !== undefined)
    return { action: routeAction, source: 'route', word: method };
  const verb = identifierWords(unqualifiedName(tool.name))[0];
  const actions = verb === undefined ? [] : actionsOfWord(verb);
  if (verb !== undefined && actions.length === 1) return { action: actions[0]!, source: 'name', word: verb };
  if (tool.annotations?.readOnlyHint === true)
    return { action: 'read', source: 'annotations', word: 'readOnlyHint' };
  return undefined;
}

// --- internal ---

const METHOD_ACTIONS: Readonly<Record<string, ToolAction>> = {
  GET: 'read',
  HEAD: 'read',
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

// The name after the last namespace separator (`::`, `:`, `/`, `.`, `__`): `github__create_issue` -> `create_issue`.
function unqualifiedName(name: string): string {
  const parts = name.split(/::|:|\/|\.|__/).filter((part) => part.trim().length > 0);
  return parts.at(-1) ?? name;
}
