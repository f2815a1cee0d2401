import { isRecord } from '../../schema/is-record.js';
import type { FieldReader } from './field-reader.js';
import type { ListedItem } from './list-items.js';
import { restOf } from './rest-of.js';

/** One function definition found in a document, unwrapped. */
export interface OpenAiDefinition {
  /** The definition itself: `{name, description, parameters, ...}`. */
  value: Record<string, unknown>;
  /** JSON pointer of the definition. */
  pointer: string;
  /** The wrapper's other keys (`strict`, ...) when written `{type:'function', function:{...}}`. */
  wrapper?: Record<string, unknown>;
  /** Id of the BFCL test case the definition came from (`{id, question, function:[...]}`), else its pointer. */
  testCase?: string | number;
}

/** Unwraps listed items into function definitions: wrapped, bare, or the functions of a BFCL test case. */
export function openAiDefinitions(items: readonly ListedItem[], read: FieldReader): OpenAiDefinition[] {
  const definitions: OpenAiDefinition[] = [];
  for (const { value, pointer } of items) {
    const item = read.record(value, pointer);
    if (item === undefined) continue;
    const inner = item.function;
    if (Array.isArray(inner) || (isRecord(inner) && item.question !== undefined)) {
      const functions = Array.isArray(inner) ? inner : [inner];
      // Only a string or number names a case: the id is quoted into tool ids (an object there once threw).
      const caseId = typeof item.id === 'string' || typeof item.id === 'number' ? item.id : pointer;
      functions.forEach((entry, index) => {
        const at = Array.isArray(inner) ? `${pointer}/function/${index}` : `${pointer}/function`;
        const definition = read.record(entry, at);
        if (definition !== undefined) definitions.push({ value: definition, pointer: at, testCase: caseId });
      });
    } else if (isRecord(inner) && (item.type === 'function' || item.name === undefined)) {
      const wrapper = restOf(item, item.type === 'function' ? ['function', 'type'] : ['function']);
      definitions.push({ value: inner, pointer: `${pointer}/function`, wrapper });
    } else {
      definitions.push({ value: item, pointer });
    }
  }
  return definitions;
}
