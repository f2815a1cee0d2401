import { isRecord } from '../../schema/is-record.js';
import { joinPointer } from '../../schema/json-pointer.js';
import { normalizeType } from '../../schema/normalize-type.js';
import { describeValue, type FieldReader } from './field-reader.js';

/**
 * Matimo's own rules where toolsift reads more than Matimo does, each an error (METADATA_INVALID) because
 * Matimo refuses the definition: a name is an identifier (its spec: "kebab-case, hyphens, no spaces"; its
 * own tools also use snake_case, so `_` is allowed), a parameter `type` is one of the five its spec lists,
 * and `required` is `true` or `false`. The tool still loads as toolsift reads it (an unknown type as a
 * string, a required that is not a boolean as optional), so one typo does not hide the tool.
 */
export function checkMatimoDefinition(data: Record<string, unknown>, name: string, read: FieldReader): void {
  if (!NAME.test(name)) {
    read.report({
      pointer: '/name',
      message:
        `Matimo tool name ${JSON.stringify(name)} is not an identifier: use lowercase letters, digits, ` +
        `"-" or "_" (kebab-case, no spaces), e.g. "${suggestName(name)}".`,
    });
  }
  if (!isRecord(data.parameters)) return;
  for (const [parameter, entry] of Object.entries(data.parameters)) {
    if (!isRecord(entry)) continue;
    const pointer = joinPointer('/parameters', parameter);
    checkType(entry.type, `${pointer}/type`, read);
    if (entry.required !== undefined && typeof entry.required !== 'boolean') {
      read.report({
        pointer: `${pointer}/required`,
        message:
          `Expected true or false at ${pointer}/required, found ${describeValue(entry.required)}; ` +
          'the parameter is read as optional.',
      });
    }
  }
}

// --- internal ---

/** The parameter types Matimo's spec lists (`type (required)`: "string|number|boolean|object|array"). */
const MATIMO_TYPES = ['string', 'number', 'boolean', 'object', 'array'];
const NAME = /^[A-Za-z0-9_-]+$/;

function checkType(type: unknown, pointer: string, read: FieldReader): void {
  if (type === undefined || (typeof type === 'string' && MATIMO_TYPES.includes(type))) return;
  const normalized = normalizeType(type);
  const reading = normalized.isKnown ? JSON.stringify(normalized.schema.type ?? 'any') : '"string"';
  read.report({
    pointer,
    message:
      `Expected a Matimo parameter type (${MATIMO_TYPES.join(', ')}) at ${pointer}, ` +
      `found ${describeValue(type)}; read as ${reading}.`,
  });
}

function suggestName(name: string): string {
  const suggested = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return suggested === '' ? 'my-tool' : suggested;
}
