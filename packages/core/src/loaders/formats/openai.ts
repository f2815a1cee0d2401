import type { JsonSchema } from '../../model/tool.js';
import { isRecord } from '../../schema/is-record.js';
import { normalizeSchema } from '../../schema/normalize-schema.js';
import { toObjectSchema } from '../../schema/object-schema.js';
import type { SchemaProblem } from '../../schema/schema-problem.js';
import type { FormatLoader, LoadedTool } from '../types.js';
import { createFieldReader, type FieldReader } from './field-reader.js';
import { countMarkers, hasFileFormatMarkers, MCP_TOOL_MARKERS } from './format-markers.js';
import { listItems } from './list-items.js';
import { type OpenAiDefinition, openAiDefinitions } from './openai-definitions.js';
import { optional } from './optional.js';
import { extensionsFor, restOf, setEntry } from './rest-of.js';

/**
 * OpenAI function definitions: wrapped `{type:'function', function:{...}}` or bare `{name, description,
 * parameters}`, one or a list (also `{tools:[...]}`/`{functions:[...]}`), JSON Lines of them (the bench
 * `tools.jsonl`, whose extra fields go to `extensions.openai`), and BFCL test cases `{id, question,
 * function:[...]}`. The id is `name` exactly as written. BFCL's `"type": "dict"`, `float`, `any`, `tuple`
 * are normalised; `response` (or `returns`) becomes the result, as does API-Bank's `output_parameters` (a map of
 * output names to their schemas, or a schema).
 */
export const openAiLoader: FormatLoader = {
  format: 'openai',
  detect(document) {
    const listed = listItems(document.data, CONTAINERS);
    if (listed === undefined || document.syntax === 'toml') return 0;
    if (listed.shape === 'container' && isRecord(document.data) && hasFileFormatMarkers(document.data))
      return 0;
    const records = listed.items.map((item) => item.value).filter(isRecord);
    if (records.length < listed.items.length) return 0;
    if (records.some((record) => hasFileFormatMarkers(record) || countMarkers(record, MCP_TOOL_MARKERS) > 0))
      return 0;
    if (listed.shape === 'single') {
      const [record] = records;
      if (record === undefined) return 0;
      if (isWrapped(record)) return 0.95;
      if (isTestCase(record)) return 0.9;
      return typeof record.name === 'string' && hasOpenAiParameters(record) ? 0.8 : 0;
    }
    if (records.length === 0) return listed.shape === 'array' ? 0.5 : 0.3;
    if (records.some((record) => isWrapped(record) || isTestCase(record))) return 0.9;
    if (!records.every((record) => typeof record.name === 'string')) return 0;
    if (records.some(hasOpenAiParameters)) return 0.9;
    return document.syntax === 'jsonl' ? 0.55 : 0.5;
  },
  load(document, context) {
    const read = createFieldReader({ document, context, format: 'openai' });
    const listed = listItems(document.data, CONTAINERS);
    if (listed === undefined) {
      read.invalid('', 'a function definition or a list of them', document.data);
      return [];
    }
    const tools: LoadedTool[] = [];
    const ids = new Set<string>();
    /** BFCL repeats a function in many test cases: the same definition is one tool. */
    const byDefinition = new Map<string, { testCases: unknown[] }>();
    for (const definition of openAiDefinitions(listed.items, read)) {
      const tool = toolOf(definition, read);
      if (tool === undefined) continue;
      if (definition.testCase !== undefined) {
        const canonical = stableStringify(definition.value);
        const seen = byDefinition.get(canonical);
        if (seen !== undefined) {
          seen.testCases.push(definition.testCase);
          continue;
        }
        const testCases = [definition.testCase];
        byDefinition.set(canonical, { testCases });
        const extension = tool.extensions?.openai ?? {};
        setEntry(extension, 'test_cases', testCases);
        tool.extensions = { openai: extension };
        if (ids.has(tool.id)) tool.id = `${tool.id}@${String(definition.testCase)}`;
      }
      ids.add(tool.id);
      tools.push(tool);
    }
    return tools;
  },
};

// --- internal ---

const CONTAINERS = [['tools'], ['functions']] as const;
const CONSUMED = [
  'name',
  'title',
  'description',
  'parameters',
  'response',
  'returns',
  'output_parameters',
  'category',
  'name_for_human',
];

function isWrapped(record: Record<string, unknown>): boolean {
  return isRecord(record.function) && (record.type === 'function' || record.name === undefined);
}

function isTestCase(record: Record<string, unknown>): boolean {
  return Array.isArray(record.function) || (isRecord(record.function) && record.question !== undefined);
}

function hasOpenAiParameters(record: Record<string, unknown>): boolean {
  const parameters = record.parameters;
  return isRecord(parameters) && (typeof parameters.type === 'string' || isRecord(parameters.properties));
}

function toolOf(definition: OpenAiDefinition, read: FieldReader): LoadedTool | undefined {
  const { value: entry, pointer } = definition;
  const name = read.required(entry.name, {
    pointer,
    field: 'name',
    message: 'Function definition needs a "name" (a string); it is skipped.',
  });
  if (name === undefined) return undefined;
  const parameters = toObjectSchema(entry.parameters);
  read.schemaProblems(parameters.problems, `${pointer}/parameters`);
  const result = resultOf(entry, pointer, read);
  const rest = restOf(entry, entry.type === 'function' ? [...CONSUMED, 'type'] : CONSUMED);
  if (definition.wrapper !== undefined && Object.keys(definition.wrapper).length > 0) {
    setEntry(rest, 'wrapper', definition.wrapper);
  }
  const title =
    read.string(entry.title, `${pointer}/title`) ??
    read.string(entry.name_for_human, `${pointer}/name_for_human`);
  return {
    id: name,
    name,
    ...optional('title', title),
    description: read.string(entry.description, `${pointer}/description`)?.trim() ?? '',
    source: read.source(pointer),
    ...optional('category', read.string(entry.category, `${pointer}/category`)),
    parameters: parameters.schema,
    ...optional('result', result),
    ...extensionsFor('openai', rest),
  };
}

/** The declared output: `response`, `returns`, or `output_parameters` (a map of outputs becomes an object schema). */
function resultOf(
  entry: Record<string, unknown>,
  pointer: string,
  read: FieldReader,
): JsonSchema | undefined {
  if (entry.response !== undefined) return read.schema(entry.response, `${pointer}/response`);
  if (entry.returns !== undefined) return read.schema(entry.returns, `${pointer}/returns`);
  if (entry.output_parameters === undefined) return undefined;
  const at = `${pointer}/output_parameters`;
  const output = read.record(entry.output_parameters, at);
  if (output === undefined) return undefined;
  // Usually a map of output names; a JSON Schema written there is taken as it is.
  const isSchema = typeof output.type === 'string' || isRecord(output.properties);
  if (isSchema) return read.schema(output, at);
  const problems: SchemaProblem[] = [];
  const schema = normalizeSchema({ type: 'object', properties: output }, problems);
  // The wrapper is ours: problems below `/properties` are below the map as written.
  read.schemaProblems(
    problems.map((problem) => ({ ...problem, pointer: problem.pointer.replace(/^\/properties/, '') })),
    at,
  );
  return schema;
}

/** JSON with sorted keys, to compare definitions. */
function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stableStringify(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
