import type { Tool } from '@toolsift/core';
import { identifierWords } from '../views/identifier-words.js';
import { parseToolRoute } from '../views/tool-route.js';
import { unqualifiedName } from '../views/tool-server.js';
import { actionsOfWord, type ToolAction } from './action-words.js';

/** A tool's action and what says so: its HTTP method, the verb its name starts with, or its MCP annotations
 * (`readOnlyHint: false` on `star_repository`: it writes, kind unsaid). */
export interface ToolActionFact {
  action: ToolAction;
  source: 'route' | 'name' | 'annotations';
  /** The method, the verb, or `readOnlyHint`. */
  word: string;
}

/**
 * What a tool does, when its metadata says so plainly: a REST route's method (`GET` reads, `POST` creates,
 * `PUT` and `PATCH` update, `DELETE` deletes); else the first word of its name after any namespace
 * (`create_or_update_file` creates, `Cocktails::Search by name` reads, and with `github` among `namespaces`,
 * `github-create-issue` creates), when that word is a verb of one action only. MCP's `readOnlyHint` is the
 * tool's own word and overrides both: `true` reads; `false` writes, of the kind the route or name says when they
 * say one (`get_or_create_session` is no read). Undefined when nothing says.
 */
export function toolActionOf(
  tool: Pick<Tool, 'name' | 'annotations'>,
  namespaces: ReadonlySet<string> = NO_NAMESPACES,
): ToolActionFact | undefined {
  const readOnly = tool.annotations?.readOnlyHint;
  if (readOnly === true) return { action: 'read', source: 'annotations', word: 'readOnlyHint' };
  const said = routeOrNameAction(tool, namespaces);
  if (readOnly === false && (said === undefined || said.action === 'read'))
    return { action: 'write', source: 'annotations', word: 'readOnlyHint' };
  return said;
}

/**
 * The words that open the names of at least three tools as a prefix before `-`, `_` or a space, and are no verb
 * (`github` of `github-create-issue`, `github-list-issues`, ...; Matimo names tools service first).
 */
export function nameNamespaces(names: Iterable<string>): Set<string> {
  const counts = new Map<string, number>();
  for (const name of names) {
    const prefix = LEADING_WORD.exec(name)?.[1]?.toLowerCase();
    if (prefix !== undefined) counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
  }
  const namespaces = new Set<string>();
  for (const [prefix, count] of counts)
    if (count >= 3 && actionsOfWord(prefix).length === 0) namespaces.add(prefix);
  return namespaces;
}

// --- internal ---

function routeOrNameAction(
  tool: Pick<Tool, 'name'>,
  namespaces: ReadonlySet<string>,
): ToolActionFact | undefined {
  const method = parseToolRoute(tool)?.method;
  const routeAction = method === undefined ? undefined : METHOD_ACTIONS[method];
  if (method !== undefined && routeAction !== undefined)
    return { action: routeAction, source: 'route', word: method };
  const words = identifierWords(unqualifiedName(tool.name));
  const verb = words.length > 1 && namespaces.has(words[0]!) ? words[1] : words[0];
  const actions = verb === undefined ? [] : actionsOfWord(verb);
  return verb !== undefined && actions.length === 1
    ? { action: actions[0]!, source: 'name', word: verb }
    : undefined;
}

const NO_NAMESPACES: ReadonlySet<string> = new Set();
// A leading word in one case, then a separator: `github-`, `gmail_`, `Slack ` (not `getUser`, which is camelCase).
const LEADING_WORD = /^([A-Za-z][a-z0-9]*|[A-Z0-9]+)[-_ ]/;

const METHOD_ACTIONS: Readonly<Record<string, ToolAction>> = {
  GET: 'read',
  HEAD: 'read',
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};
