import { ErrorCode } from '../../errors.js';
import { RiskSchema, type ToolAnnotations, type ToolExample } from '../../model/tool.js';
import { isRecord } from '../../schema/is-record.js';
import { joinPointer } from '../../schema/json-pointer.js';
import type { FieldReader } from '../formats/field-reader.js';
import { createFieldReader } from '../formats/field-reader.js';
import { optional } from '../formats/optional.js';
import { ANNOTATION_KEYS, readAnnotations } from '../formats/read-annotations.js';
import {
  alternativesOf,
  complementsOf,
  conflictsOf,
  prerequisitesOf,
  useCasesOf,
} from '../formats/self-describing-fields.js';
import type { FormatLoaderContext, ParsedDocument } from '../types.js';
import {
  OVERLAY_MARKER,
  OVERLAY_VERSIONS,
  type OverlayEntry,
  type OverlayValues,
  type ToolOverlay,
} from './tool-overlay.js';

/** True when a parsed document is a toolsift overlay (it has the `toolsift_overlay` key at the top). */
export function isOverlayDocument(data: unknown): boolean {
  return isRecord(data) && data[OVERLAY_MARKER] !== undefined;
}

/**
 * Read an overlay document: `toolsift_overlay: 1`, an optional `server: {names, title, description}` and
 * `tools: {<tool name>: {description_hash, keywords, use_cases, examples, conflicts, ...}}`, keys written as in the
 * self-describing format. A wrong type or an unknown key is reported (METADATA_INVALID) and left out; the rest of
 * the file still applies. Undefined when the file cannot be an overlay at all (an unknown version, no `tools`).
 */
export function readOverlay(
  document: ParsedDocument,
  context: FormatLoaderContext,
  options: { isShipped?: boolean } = {},
): ToolOverlay | undefined {
  const read = createFieldReader({ document, context, format: 'self-describing' });
  const data = read.record(document.data, '');
  if (data === undefined) return undefined;
  const version = data[OVERLAY_MARKER];
  if (typeof version !== 'number' || !OVERLAY_VERSIONS.includes(version)) {
    read.report({
      pointer: `/${OVERLAY_MARKER}`,
      message: `Unknown overlay version ${JSON.stringify(version)}: expected ${OVERLAY_VERSIONS.join(' or ')} (the file is not applied).`,
    });
    return undefined;
  }
  reportUnknownKeys(data, '', TOP_KEYS, read);
  const tools = read.record(data.tools, '/tools');
  if (tools === undefined) {
    read.report({ pointer: '', message: 'An overlay needs "tools": a map from tool name to its metadata.' });
    return undefined;
  }
  // A `server` that cannot be read names no server: the overlay then matches nothing rather than every server.
  const server =
    data.server === undefined || data.server === null
      ? undefined
      : (serverOf(data.server, read) ?? { names: [] });
  const entries = Object.entries(tools).flatMap(([tool, value]) => {
    const entry = entryOf(tool, value, joinPointer('/tools', tool), { document, read });
    return entry === undefined ? [] : [entry];
  });
  return {
    file: document.file,
    ...optional('server', server),
    entries,
    isShipped: options.isShipped === true,
  };
}

// --- internal ---

const TOP_KEYS = [OVERLAY_MARKER, 'server', 'tools', 'description'];
const SERVER_KEYS = ['names', 'title', 'description'];
const ENTRY_KEYS = [
  ...['description_hash', 'title', 'keywords', 'capabilities', 'category', 'tags', 'use_cases', 'examples'],
  ...[
    'conflicts',
    'alternatives',
    'complements',
    'prerequisites',
    'annotations',
    'risk',
    'requires_approval',
  ],
];

function serverOf(value: unknown, read: FieldReader): ToolOverlay['server'] {
  if (value === undefined || value === null) return undefined;
  // `server: memory` is the short form of `server: {names: [memory]}`.
  if (typeof value === 'string') return { names: [value] };
  if (!isRecord(value)) {
    read.invalid('/server', 'a server name, or {names: [...], description}', value);
    return undefined;
  }
  const server = read.record(value, '/server');
  if (server === undefined) return undefined;
  reportUnknownKeys(server, '/server', SERVER_KEYS, read);
  const names = read.strings(server.names, '/server/names') ?? [];
  if (names.length === 0) {
    read.report({
      pointer: '/server',
      message: 'An overlay "server" needs "names": the names the server goes by.',
    });
    return undefined;
  }
  return {
    names,
    ...optional('title', read.string(server.title, '/server/title')),
    ...optional('description', read.string(server.description, '/server/description')?.trim()),
  };
}

function entryOf(
  tool: string,
  value: unknown,
  pointer: string,
  context: { document: ParsedDocument; read: FieldReader },
): OverlayEntry | undefined {
  const read = context.read;
  const entry = read.record(value, pointer);
  if (entry === undefined) return undefined;
  reportUnknownKeys(entry, pointer, ENTRY_KEYS, read);
  // The self-describing field readers report at `/use_cases/...`: give them this entry's place in the file.
  const at = prefixed(read, pointer);
  const values: OverlayValues = {
    ...optional('title', read.string(entry.title, `${pointer}/title`)),
    ...nonEmpty('keywords', read.strings(entry.keywords, `${pointer}/keywords`)),
    ...nonEmpty('capabilities', read.strings(entry.capabilities, `${pointer}/capabilities`)),
    ...optional('category', read.string(entry.category, `${pointer}/category`)),
    ...nonEmpty('tags', read.strings(entry.tags, `${pointer}/tags`)),
    ...nonEmpty('useCases', useCasesOf(entry.use_cases, at)),
    ...nonEmpty('examples', examplesOf(entry.examples, `${pointer}/examples`, read)),
    ...nonEmpty('conflicts', conflictsOf(entry.conflicts, at)),
    ...nonEmpty('alternatives', alternativesOf(entry.alternatives, at)),
    ...nonEmpty('complements', complementsOf(entry.complements, at)),
    ...nonEmpty('prerequisites', prerequisitesOf(entry.prerequisites, at)),
    ...optional('annotations', annotationsOf(entry.annotations, `${pointer}/annotations`, read)),
    ...optional('risk', riskOf(entry.risk, `${pointer}/risk`, read)),
    ...optional('requiresApproval', read.boolean(entry.requires_approval, `${pointer}/requires_approval`)),
  };
  const position = context.document.locate(pointer);
  return {
    tool,
    pointer,
    ...optional('line', position?.line),
    ...optional('column', position?.column),
    ...optional('writtenFor', hashesOf(entry.description_hash, `${pointer}/description_hash`, read)),
    values,
  };
}

/** `description_hash`: one hash or a list; a number means YAML read an unquoted hash (`5e3558916850` is 5e355…). */
function hashesOf(value: unknown, pointer: string, read: FieldReader): string[] | undefined {
  const values = Array.isArray(value) ? value : [value];
  if (values.some((item) => typeof item === 'number')) {
    read.report({
      pointer,
      message:
        'A description_hash must be a quoted string ("5e3558916850"): unquoted, YAML reads some hashes as numbers.',
    });
    return undefined;
  }
  return read.strings(value, pointer);
}

/** `examples`: a prompt as a plain string, or `{prompt, name, description, input}`. */
function examplesOf(value: unknown, pointer: string, read: FieldReader): ToolExample[] {
  const examples: ToolExample[] = [];
  (read.list(value, pointer) ?? []).forEach((item, index) => {
    const at = `${pointer}/${index}`;
    if (typeof item === 'string') {
      if (item.trim() !== '') examples.push({ prompt: item.trim() });
      return;
    }
    const example = read.record(item, at);
    if (example === undefined) return;
    reportUnknownKeys(example, at, ['prompt', 'name', 'description', 'input', 'output'], read);
    examples.push({
      ...optional('prompt', read.string(example.prompt, `${at}/prompt`)),
      ...optional('name', read.string(example.name, `${at}/name`)),
      ...optional('description', read.string(example.description, `${at}/description`)),
      ...optional('input', example.input ?? undefined),
      ...optional('output', example.output ?? undefined),
    });
  });
  return examples;
}

function annotationsOf(value: unknown, pointer: string, read: FieldReader): ToolAnnotations | undefined {
  const annotations = readAnnotations(value, pointer, read);
  for (const key of Object.keys(annotations.extra)) {
    read.report({
      pointer: joinPointer(pointer, key),
      message: `Unknown overlay key "${key}" (it is ignored). Known keys here: ${ANNOTATION_KEYS.join(', ')}.`,
    });
  }
  const parsed = annotations.value;
  return parsed !== undefined && Object.keys(parsed).length > 0 ? parsed : undefined;
}

function riskOf(value: unknown, pointer: string, read: FieldReader): OverlayValues['risk'] {
  if (value === undefined || value === null) return undefined;
  const parsed = RiskSchema.safeParse(typeof value === 'string' ? value.toLowerCase() : value);
  if (parsed.success) return parsed.data;
  read.invalid(pointer, `one of ${RiskSchema.options.join(', ')}`, value);
  return undefined;
}

/** Overlays are written for toolsift, so a key it does not know is a mistake (a typo such as `use_case`). */
function reportUnknownKeys(
  record: Record<string, unknown>,
  pointer: string,
  known: readonly string[],
  read: FieldReader,
): void {
  for (const key of Object.keys(record)) {
    if (known.includes(key)) continue;
    read.report({
      pointer: joinPointer(pointer, key),
      code: ErrorCode.MetadataInvalid,
      message: `Unknown overlay key "${key}" (it is ignored). Known keys here: ${known.join(', ')}.`,
    });
  }
}

/** A reader whose pointers are read as relative to `base`. */
function prefixed(read: FieldReader, base: string): FieldReader {
  const at = (pointer: string): string => `${base}${pointer}`;
  return {
    ...read,
    report: (input) => read.report({ ...input, pointer: at(input.pointer) }),
    invalid: (pointer, expected, found) => read.invalid(at(pointer), expected, found),
    string: (value, pointer) => read.string(value, at(pointer)),
    required: (value, options) => read.required(value, { ...options, pointer: at(options.pointer) }),
    text: (value, pointer) => read.text(value, at(pointer)),
    strings: (value, pointer) => read.strings(value, at(pointer)),
    boolean: (value, pointer) => read.boolean(value, at(pointer)),
    number: (value, pointer) => read.number(value, at(pointer)),
    record: (value, pointer) => read.record(value, at(pointer)),
    list: (value, pointer) => read.list(value, at(pointer)),
    schemaProblems: (problems, pointer) => read.schemaProblems(problems, at(pointer)),
    schema: (value, pointer) => read.schema(value, at(pointer)),
    source: (pointer) => read.source(at(pointer)),
  };
}

function nonEmpty<const K extends string, V>(key: K, value: readonly V[] | undefined): { [P in K]?: V[] } {
  return (value === undefined || value.length === 0 ? {} : { [key]: [...value] }) as { [P in K]?: V[] };
}
