import { ErrorCode } from '../../errors.js';
import type { Risk, ToolExample } from '../../model/tool.js';
import { RiskSchema } from '../../model/tool.js';
import { isRecord } from '../../schema/is-record.js';
import { toObjectSchema } from '../../schema/object-schema.js';
import { parametersToSchema } from '../../schema/parameters-to-schema.js';
import type { FormatLoader, LoadedTool } from '../types.js';
import { createFieldReader, type FieldReader } from './field-reader.js';
import { baseName } from './file-names.js';
import { countMarkers, hasMatimoMarkers, SELF_DESCRIBING_MARKERS } from './format-markers.js';
import { checkMatimoDefinition } from './matimo-checks.js';
import { matimoPrerequisites } from './matimo-prerequisites.js';
import { optional } from './optional.js';
import { extensionsFor, restOf } from './rest-of.js';

/**
 * Matimo `definition.yaml`: per-parameter `required`/`validation`, `output_schema` as `result`, `execution`,
 * `authentication`, `error_handling`, `status`, `notes` kept under `extensions.matimo`; the secret env vars
 * become a prerequisite. `type: provider` files are not tools (NOT_A_TOOL warning).
 */
export const matimoLoader: FormatLoader = {
  format: 'matimo',
  detect(document) {
    const data = document.data;
    if (!isRecord(data) || document.syntax === 'toml' || document.syntax === 'jsonl') return 0;
    if (countMarkers(data, SELF_DESCRIBING_MARKERS) > 0 || data.ns !== undefined) return 0;
    const hint = /^definition\.ya?ml$/i.test(baseName(document.file)) ? 0.05 : 0;
    if (data.type === 'provider' && typeof data.name === 'string') return 0.9 + hint;
    const execution = data.execution;
    if (isRecord(execution) && typeof execution.type === 'string') return 0.9 + hint;
    if (hasMatimoMarkers(data) && typeof data.name === 'string') return 0.8 + hint;
    if (typeof data.name === 'string' && hasPerParameterRequired(data.parameters)) return 0.6 + hint;
    return 0;
  },
  load(document, context) {
    const read = createFieldReader({ document, context, format: 'matimo' });
    const data = read.record(document.data, '');
    if (data === undefined) return [];
    const name = read.string(data.name, '/name');
    if (data.type === 'provider') {
      read.report({
        code: ErrorCode.NotATool,
        severity: 'warning',
        pointer: '',
        message: `"${name ?? '(unnamed)'}" is a Matimo provider definition (type: provider), not a tool; skipped.`,
      });
      return [];
    }
    if (name === undefined || name.trim() === '') {
      read.report({
        pointer: '',
        message: 'Matimo definition needs a "name" (a string); the tool is skipped.',
      });
      return [];
    }
    checkMatimoDefinition(data, name, read);
    const parameters =
      data.parameters === undefined && data.input !== undefined
        ? toObjectSchema(data.input)
        : parametersToSchema(data.parameters);
    read.schemaProblems(parameters.problems, data.parameters === undefined ? '/input' : '/parameters');
    const resultKey = data.output_schema !== undefined ? 'output_schema' : 'output';
    const result = read.schema(data[resultKey], `/${resultKey}`);
    const tool: LoadedTool = {
      id: name,
      name,
      description: read.string(data.description, '/description')?.trim() ?? '',
      source: read.source(''),
      ...optional('version', read.text(data.version, '/version')),
      tags: read.strings(data.tags, '/tags') ?? [],
      examples: examplesOf(data.examples, read),
      parameters: parameters.schema,
      ...optional('result', result),
      prerequisites: matimoPrerequisites(data, read),
      ...optional('requiresApproval', read.boolean(data.requires_approval, '/requires_approval')),
      ...optional('risk', riskOf(data.risk, read)),
      ...extensionsFor('matimo', restOf(data, CONSUMED)),
    };
    return [tool];
  },
};

// --- internal ---

/** Keys mapped onto Tool fields; every other key is kept under `extensions.matimo`. */
const CONSUMED = [
  ...['name', 'description', 'version', 'tags', 'examples', 'parameters', 'input', 'output_schema', 'output'],
  ...['requires_approval', 'risk'],
];

function hasPerParameterRequired(parameters: unknown): boolean {
  if (!isRecord(parameters)) return false;
  const values = Object.values(parameters);
  return values.length > 0 && values.every((value) => isRecord(value) && typeof value.required === 'boolean');
}

function examplesOf(value: unknown, read: FieldReader): ToolExample[] {
  const examples: ToolExample[] = [];
  (read.list(value, '/examples') ?? []).forEach((entry, index) => {
    const pointer = `/examples/${index}`;
    const example = read.record(entry, pointer);
    if (example === undefined) return;
    examples.push({
      ...optional('name', read.string(example.name, `${pointer}/name`)),
      ...optional('description', read.string(example.description, `${pointer}/description`)),
      ...optional('input', example.params ?? example.input),
      ...optional('output', example.expected_result ?? example.output),
    });
  });
  return examples;
}

function riskOf(value: unknown, read: FieldReader): Risk | undefined {
  if (value === undefined || value === null) return undefined;
  const parsed = RiskSchema.safeParse(typeof value === 'string' ? value.toLowerCase() : value);
  if (parsed.success) return parsed.data;
  read.invalid('/risk', `one of ${RiskSchema.options.join(', ')}`, value);
  return undefined;
}
