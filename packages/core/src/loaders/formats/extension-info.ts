import type { JsonSchema, ToolExample } from '../../model/tool.js';
import { isRecord } from '../../schema/is-record.js';
import { joinPointer } from '../../schema/json-pointer.js';
import { parametersToSchema } from '../../schema/parameters-to-schema.js';
import type { FormatLoader, LoadedTool } from '../types.js';
import { createFieldReader, type FieldReader } from './field-reader.js';
import { baseName } from './file-names.js';
import { optional } from './optional.js';
import { extensionsFor, restOf, setEntry } from './rest-of.js';

/**
 * Extension info JSON (the gloodata extension system): `ns` + a `tools` map; the id is `${ns}.${toolKey}`.
 * `schema.fields` become parameters (a field is required unless its type admits null); `examples` are
 * prompts; a field whose `ui.args` entry names a `tagValues` type with fixed entries gets that `enum`.
 * `ns`, the extension's title/description/handlers/tagValues, `ui` and `contextActions` are kept under
 * `extensions['extension-info']`.
 */
export const extensionInfoLoader: FormatLoader = {
  format: 'extension-info',
  detect(document) {
    const data = document.data;
    if (!isRecord(data) || document.syntax === 'toml' || document.syntax === 'jsonl') return 0;
    const hint = /\.info\.json$/i.test(baseName(document.file)) ? 0.05 : 0;
    if (typeof data.ns === 'string' && isRecord(data.tools)) return 0.95 + hint;
    if (isRecord(data.tools) && Object.values(data.tools).some(isExtensionTool)) return 0.6 + hint;
    return 0;
  },
  load(document, context) {
    const read = createFieldReader({ document, context, format: 'extension-info' });
    const data = read.record(document.data, '');
    if (data === undefined) return [];
    const ns = read.required(data.ns, {
      pointer: '',
      field: 'ns',
      message: 'Extension info needs an "ns" (a string namespace); its tools are skipped.',
    });
    if (ns === undefined) return [];
    const extension = restOf(data, ['ns', 'tools']);
    const tagValues = isRecord(data.tagValues) ? data.tagValues : {};
    const tools: LoadedTool[] = [];
    for (const [key, value] of Object.entries(read.record(data.tools, '/tools') ?? {})) {
      const pointer = joinPointer('/tools', key);
      const entry = read.record(value, pointer);
      if (entry !== undefined) tools.push(toolOf({ ns, key, entry, pointer, extension, tagValues, read }));
    }
    return tools;
  },
};

// --- internal ---

function toolOf(input: {
  ns: string;
  key: string;
  entry: Record<string, unknown>;
  pointer: string;
  extension: Record<string, unknown>;
  tagValues: Record<string, unknown>;
  read: FieldReader;
}): LoadedTool {
  const { ns, key, entry, pointer, extension, tagValues, read } = input;
  const schema = read.record(entry.schema, `${pointer}/schema`) ?? {};
  const fields = read.record(schema.fields, `${pointer}/schema/fields`);
  const parameters = parametersToSchema(fields, { isRequiredByDefault: true });
  read.schemaProblems(parameters.problems, `${pointer}/schema/fields`);
  const ui = isRecord(entry.ui) ? entry.ui : undefined;
  addTagEnums(parameters.schema, ui, tagValues);
  const rest: Record<string, unknown> = { ns };
  if (Object.keys(extension).length > 0) setEntry(rest, 'extension', extension);
  const schemaRest = restOf(schema, ['fields']);
  if (Object.keys(schemaRest).length > 0) setEntry(rest, 'schema', schemaRest);
  for (const [name, value] of Object.entries(restOf(entry, ['title', 'description', 'examples', 'schema']))) {
    setEntry(rest, name, value);
  }
  return {
    id: `${ns}.${key}`,
    name: key,
    ...optional('title', read.string(entry.title, `${pointer}/title`)),
    description: read.string(entry.description, `${pointer}/description`)?.trim() ?? '',
    source: read.source(pointer),
    examples: examplesOf(entry.examples, `${pointer}/examples`, read),
    parameters: parameters.schema,
    ...extensionsFor('extension-info', rest),
  };
}

function examplesOf(value: unknown, pointer: string, read: FieldReader): ToolExample[] {
  const examples: ToolExample[] = [];
  (read.list(value, pointer) ?? []).forEach((prompt, index) => {
    const text = read.string(prompt, `${pointer}/${index}`);
    if (text !== undefined && text.trim() !== '') examples.push({ prompt: text });
  });
  return examples;
}

/** `ui.args.<field>.dtypeName` naming a tag type with fixed `entries: [[id, label], ...]` -> `enum` of ids. */
function addTagEnums(
  parameters: JsonSchema,
  ui: Record<string, unknown> | undefined,
  tagValues: Record<string, unknown>,
): void {
  const args = isRecord(ui?.args) ? ui.args : {};
  const properties = isRecord(parameters.properties) ? parameters.properties : {};
  for (const [field, arg] of Object.entries(args)) {
    const property = properties[field];
    const tag = isRecord(arg) && typeof arg.dtypeName === 'string' ? tagValues[arg.dtypeName] : undefined;
    if (!isRecord(property) || property.enum !== undefined || !isRecord(tag) || !Array.isArray(tag.entries))
      continue;
    const ids = tag.entries.map((entry) => (Array.isArray(entry) ? entry[0] : entry));
    if (ids.length === 0 || !ids.every((id) => typeof id === 'string')) continue;
    const isNullable = Array.isArray(property.type) && property.type.includes('null');
    property.enum = isNullable ? [...ids, null] : ids;
  }
}

function isExtensionTool(value: unknown): boolean {
  return isRecord(value) && (isRecord(value.schema) || isRecord(value.ui)) && Array.isArray(value.examples);
}
