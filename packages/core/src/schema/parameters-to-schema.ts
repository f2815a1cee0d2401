import type { JsonSchema } from '../model/tool.js';
import { isRecord } from './is-record.js';
import { escapeSegment } from './json-pointer.js';
import { normalizeSchema } from './normalize-schema.js';
import type { SchemaProblem } from './schema-problem.js';

/** A parameters JSON Schema plus what had to be skipped to build it. */
export interface SchemaResult {
  /** Always an object schema: `{ type: 'object', properties, required? }`. */
  schema: JsonSchema;
  /** Entries that were skipped (reported by the loader as diagnostics). */
  problems: SchemaProblem[];
}

/** How a parameter list marks required parameters. */
export interface ParametersToSchemaOptions {
  /** A parameter without `required`/`optional` is required (docker's compact form). Nullable types never are. */
  isRequiredByDefault?: boolean;
}

/**
 * Builds an object JSON Schema from a per-parameter list: an array of `{name, type, description|desc,
 * required|optional, default, enum, validation, ...}` (paularlott, docker `arguments`) or a map of
 * name -> parameter (Matimo, extension-info `schema.fields`, paularlott's legacy table form). A parameter
 * without a type is a string. A description that is not text (a TOML table, a list) is dropped with a problem.
 * @example parametersToSchema([{ name: 'tags', type: 'array:string', required: true }])
 */
export function parametersToSchema(
  parameters: unknown,
  options: ParametersToSchemaOptions = {},
): SchemaResult {
  const problems: SchemaProblem[] = [];
  const properties: JsonSchema = {};
  const required: string[] = [];
  const add = (name: string, parameter: unknown, pointer: string): void => {
    if (typeof parameter === 'string') parameter = { type: parameter };
    if (!isRecord(parameter)) {
      problems.push({ pointer, expected: 'a parameter object', found: parameter });
      return;
    }
    const { schema, isRequired } = toProperty(parameter, {
      isRequiredByDefault: options.isRequiredByDefault === true,
      problems,
      pointer,
    });
    Object.defineProperty(properties, name, {
      value: schema,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    if (isRequired && !required.includes(name)) required.push(name);
  };
  if (Array.isArray(parameters)) {
    parameters.forEach((parameter, index) => {
      const name = isRecord(parameter) ? parameter.name : undefined;
      if (typeof name === 'string' && name !== '') add(name, parameter, `/${index}`);
      else
        problems.push({ pointer: `/${index}`, expected: 'a parameter object with a name', found: parameter });
    });
  } else if (isRecord(parameters)) {
    for (const [name, parameter] of Object.entries(parameters))
      add(name, parameter, `/${escapeSegment(name)}`);
  } else if (parameters !== undefined && parameters !== null) {
    problems.push({ pointer: '', expected: 'a list or map of parameters', found: parameters });
  }
  return { schema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) }, problems };
}

// --- internal ---

function toProperty(
  parameter: Record<string, unknown>,
  options: { isRequiredByDefault: boolean; problems: SchemaProblem[]; pointer: string },
): { schema: JsonSchema; isRequired: boolean } {
  const { isRequiredByDefault, problems, pointer } = options;
  const { name: _name, required, optional, desc, ...rest } = parameter;
  const written: Record<string, unknown> = { ...rest };
  if (typeof desc === 'string' && written.description === undefined) written.description = desc;
  else if (desc !== undefined && desc !== null && typeof desc !== 'string')
    problems.push({ pointer: `${pointer}/desc`, expected: 'a string', found: desc });
  if (written.type === undefined || written.type === null) written.type = impliedType(written);
  if (written.type === undefined) delete written.type;
  if (Array.isArray(required)) written.required = required;
  const found: SchemaProblem[] = [];
  const schema = normalizeSchema(written, found);
  for (const problem of found) problems.push({ ...problem, pointer: `${pointer}${problem.pointer}` });
  const isNullable = Array.isArray(schema.type) && schema.type.includes('null');
  const isRequired =
    typeof required === 'boolean'
      ? required
      : typeof optional === 'boolean'
        ? !optional
        : isRequiredByDefault && !isNullable;
  return { schema, isRequired };
}

function impliedType(parameter: Record<string, unknown>): string | undefined {
  if (isRecord(parameter.properties)) return 'object';
  if (parameter.items !== undefined) return 'array';
  if (['enum', 'const', 'anyOf', 'oneOf', 'allOf'].some((key) => parameter[key] !== undefined))
    return undefined;
  return 'string';
}
