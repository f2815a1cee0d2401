import { isRecord } from '../../schema/is-record.js';
import { emptyObjectSchema, toObjectSchema } from '../../schema/object-schema.js';
import { parametersToSchema, type SchemaResult } from '../../schema/parameters-to-schema.js';
import type { FormatLoader, LoadedTool } from '../types.js';
import { createFieldReader } from './field-reader.js';
import {
  countMarkers,
  hasMatimoMarkers,
  SELF_DESCRIBING_MARKERS,
  SHINKAI_MARKERS,
} from './format-markers.js';
import { optional } from './optional.js';
import { extensionsFor, restOf, setEntry } from './rest-of.js';
import {
  alternativesOf,
  complementsOf,
  conflictsOf,
  examplesOf,
  prerequisitesOf,
  rateLimitOf,
  useCasesOf,
} from './self-describing-fields.js';

/**
 * The Go self-describing tool metadata (YAML, `tool_metadata/<name>.yaml`): use cases with `not_for`,
 * conflicts with severity (default medium), alternatives, complements, worked examples, prerequisites with
 * env vars, rate limits. `best_practices`, `common_errors`, `providers`, `backend` and example explanations
 * are kept under `extensions['self-describing']`. The format has no parameters: an empty object schema,
 * unless the file adds `parameters` or `input_schema`.
 */
export const selfDescribingLoader: FormatLoader = {
  format: 'self-describing',
  detect(document) {
    const data = document.data;
    if (!isRecord(data) || document.syntax === 'toml' || document.syntax === 'jsonl') return 0;
    if (hasMatimoMarkers(data) || countMarkers(data, SHINKAI_MARKERS) > 0 || data.ns !== undefined) {
      return 0;
    }
    const hint = /(^|[\\/])tool_metadata[\\/]/.test(document.file) ? 0.05 : 0;
    const markers = countMarkers(data, SELF_DESCRIBING_MARKERS);
    if (markers > 0) return Math.min(0.95, 0.75 + 0.05 * markers) + hint;
    const hasIdentity =
      typeof data.name === 'string' && (typeof data.category === 'string' || typeof data.title === 'string');
    return hasIdentity ? 0.4 + hint : 0;
  },
  load(document, context) {
    const read = createFieldReader({ document, context, format: 'self-describing' });
    const data = read.record(document.data, '');
    if (data === undefined) return [];
    const name = read.required(data.name, {
      pointer: '',
      field: 'name',
      message: 'Self-describing metadata needs a "name" (a string); the tool is skipped.',
    });
    if (name === undefined) return [];
    const parametersKey = data.parameters !== undefined ? 'parameters' : 'input_schema';
    const parameters = parametersOf(data[parametersKey]);
    read.schemaProblems(parameters.problems, `/${parametersKey}`);
    const resultKey = data.output_schema !== undefined ? 'output_schema' : 'result';
    const result = read.schema(data[resultKey], `/${resultKey}`);
    const examples = examplesOf(data.examples, read);
    const rest = restOf(data, CONSUMED);
    if (examples.explanations.length > 0) setEntry(rest, 'example_explanations', examples.explanations);
    const tool: LoadedTool = {
      id: name,
      name,
      ...optional('title', read.string(data.title, '/title')),
      description: read.string(data.description, '/description')?.trim() ?? '',
      source: read.source(''),
      ...optional('version', read.text(data.version, '/version')),
      ...optional('category', read.string(data.category, '/category')),
      capabilities: read.strings(data.capabilities, '/capabilities') ?? [],
      keywords: read.strings(data.keywords, '/keywords') ?? [],
      tags: read.strings(data.tags, '/tags') ?? [],
      useCases: useCasesOf(data.use_cases, read),
      examples: examples.examples,
      parameters: parameters.schema,
      ...optional('result', result),
      conflicts: conflictsOf(data.conflicts, read),
      alternatives: alternativesOf(data.alternatives, read),
      complements: complementsOf(data.complements, read),
      prerequisites: prerequisitesOf(data.prerequisites, read),
      ...optional('rateLimit', rateLimitOf(data.rate_limit, read)),
      ...optional('requiresApproval', read.boolean(data.requires_approval, '/requires_approval')),
      ...extensionsFor('self-describing', rest),
    };
    return [tool];
  },
};

// --- internal ---

/** Keys mapped onto Tool fields; every other key is kept under `extensions['self-describing']`. */
const CONSUMED = [
  ...['name', 'title', 'description', 'version', 'category', 'capabilities', 'keywords', 'tags', 'use_cases'],
  ...['examples', 'parameters', 'input_schema', 'output_schema', 'result', 'conflicts', 'alternatives'],
  ...['complements', 'prerequisites', 'rate_limit', 'requires_approval'],
];

/** `parameters`/`input_schema` written as JSON Schema, or as a list/map of per-parameter entries. */
function parametersOf(value: unknown): SchemaResult {
  if (value === undefined || value === null) return { schema: emptyObjectSchema(), problems: [] };
  const isJsonSchema = isRecord(value) && (typeof value.type === 'string' || isRecord(value.properties));
  return isJsonSchema ? toObjectSchema(value) : parametersToSchema(value);
}
