import { ErrorCode } from '../../errors.js';
import { isRecord } from '../../schema/is-record.js';
import { joinPointer } from '../../schema/json-pointer.js';
import { parametersToSchema } from '../../schema/parameters-to-schema.js';
import type { FormatLoader, LoadedTool } from '../types.js';
import { createFieldReader } from './field-reader.js';
import { fileStem } from './file-names.js';
import { optional } from './optional.js';
import { extensionsFor, setEntry } from './rest-of.js';

/**
 * paularlott/mcp `toolmetadata` (TOML or JSON): the tool name is the file stem; keys are case-insensitive
 * (`Description`, `KEYWORDS`); `[[parameters]]` or the legacy `[parameters.<name>]` table form, types like
 * `int`, `float`, `bool`, `array:string` (unknown types are strings). `discoverable` and unknown keys are
 * kept under `extensions.paularlott`. A file with `[[arguments]]` is a prompt, not a tool (NOT_A_TOOL).
 */
export const paularlottLoader: FormatLoader = {
  format: 'paularlott',
  detect(document) {
    const data = document.data;
    if (!isRecord(data) || document.syntax === 'jsonl') return 0;
    const keys = Object.keys(data).map((key) => key.toLowerCase());
    const isToml = document.syntax === 'toml';
    if (!isToml && keys.some((key) => FOREIGN_KEYS.has(key))) return 0;
    const known = keys.filter((key) => KNOWN_KEYS.has(key)).length;
    if (known === 0) return 0;
    const unknown = keys.length - known;
    if (isToml) return Math.max(0.6, 0.9 - 0.1 * unknown);
    const folded = foldKeys(data);
    if (!isParameterList(folded.parameters) || !isParameterList(folded.arguments)) return 0.2;
    return Math.max(0.3, 0.75 - 0.1 * unknown);
  },
  load(document, context) {
    const read = createFieldReader({ document, context, format: 'paularlott' });
    const raw = read.record(document.data, '');
    if (raw === undefined) return [];
    const data = foldKeys(raw);
    const pointerOf = (key: string): string => joinPointer('', originalKey(raw, key));
    const name = fileStem(document.file);
    if (data.parameters === undefined && data.arguments !== undefined) {
      read.report({
        code: ErrorCode.NotATool,
        severity: 'warning',
        pointer: pointerOf('arguments'),
        message: `"${name}" declares [[arguments]]: it is an MCP prompt definition, not a tool; skipped.`,
      });
      return [];
    }
    const parameters = parametersToSchema(foldParameterKeys(data.parameters));
    read.schemaProblems(parameters.problems, pointerOf('parameters'));
    const discoverable = read.boolean(data.discoverable, pointerOf('discoverable'));
    const rest: Record<string, unknown> = { ...optional('discoverable', discoverable) };
    for (const [key, value] of Object.entries(raw)) {
      if (!CONSUMED.has(key.toLowerCase())) setEntry(rest, key, value);
    }
    const tool: LoadedTool = {
      id: name,
      name,
      description: read.string(data.description, pointerOf('description'))?.trim() ?? '',
      source: read.source(''),
      keywords: read.strings(data.keywords, pointerOf('keywords')) ?? [],
      parameters: parameters.schema,
      ...optional('requiresApproval', read.boolean(data.requires_approval, pointerOf('requires_approval'))),
      ...extensionsFor('paularlott', rest),
    };
    return [tool];
  },
};

// --- internal ---

const KNOWN_KEYS = new Set([
  'description',
  'keywords',
  'parameters',
  'discoverable',
  'requires_approval',
  'arguments',
]);
const CONSUMED = new Set(['description', 'keywords', 'parameters', 'discoverable', 'requires_approval']);
/** A tool name, a namespace or a tools map means another format: paularlott files carry none of them. */
const FOREIGN_KEYS = new Set(['name', 'ns', 'tools', 'id']);

/** Lower-cases top-level keys; the first spelling of a key wins (Go's decoder matches case-insensitively). */
function foldKeys(record: Record<string, unknown>): Record<string, unknown> {
  const folded: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const lower = key.toLowerCase();
    if (!Object.hasOwn(folded, lower)) setEntry(folded, lower, value);
  }
  return folded;
}

function originalKey(record: Record<string, unknown>, lower: string): string {
  return Object.keys(record).find((key) => key.toLowerCase() === lower) ?? lower;
}

/** Parameter entries with case-folded keys, in either the list or the legacy table form. */
function foldParameterKeys(parameters: unknown): unknown {
  if (Array.isArray(parameters))
    return parameters.map((entry) => (isRecord(entry) ? foldKeys(entry) : entry));
  if (isRecord(parameters)) {
    const folded: Record<string, unknown> = {};
    for (const [name, entry] of Object.entries(parameters)) {
      setEntry(folded, name, isRecord(entry) ? foldKeys(entry) : entry);
    }
    return folded;
  }
  return parameters;
}

function isParameterList(value: unknown): boolean {
  if (value === undefined) return true;
  if (Array.isArray(value)) return value.every(isRecord);
  return isRecord(value) && Object.values(value).every(isRecord);
}
