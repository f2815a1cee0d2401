import { isRecord, type Tool } from '@toolsift/core';
import { stem } from '../lexical/stem.js';
import { identifierWords } from '../views/identifier-words.js';

/**
 * The states a tool sets or filters by, by their stem (`close` -> `closed`): the one-word values of its parameters named for a state
 * (`state: open | closed`, `status`, `issue_state`, `states: [OPEN, CLOSED]`). A tool's name often does not say
 * them (`update_issue_state` and `update_issue_title` both update), and a prompt names one with a verb ("close",
 * which shares its stem with `closed`) or an adjective ("open pull requests").
 */
export function toolStates(tool: Pick<Tool, 'parameters'>): ReadonlyMap<string, string> {
  const states = new Map<string, string>();
  const properties = tool.parameters.properties;
  if (!isRecord(properties)) return states;
  for (const [name, property] of Object.entries(properties)) {
    if (!STATE_PARAMETER_WORDS.has(stem(identifierWords(name).at(-1) ?? ''))) continue;
    for (const value of enumValues(property)) {
      const words = identifierWords(value);
      const key = words.length === 1 ? stem(words[0]!) : undefined;
      if (key !== undefined && !states.has(key)) states.set(key, value);
    }
  }
  return states;
}

// --- internal ---

// `state`, `states`, `status`, `statuses`, stemmed.
const STATE_PARAMETER_WORDS: ReadonlySet<string> = new Set([stem('state'), stem('status')]);

// The string values of a property's `enum`, or of its items' when it is an array of states.
function enumValues(property: unknown): string[] {
  if (!isRecord(property)) return [];
  const values = Array.isArray(property.enum)
    ? property.enum
    : isRecord(property.items) && Array.isArray(property.items.enum)
      ? property.items.enum
      : [];
  return values.filter((value): value is string => typeof value === 'string');
}
