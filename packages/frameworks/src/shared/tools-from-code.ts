import {
  type Diagnostic,
  ErrorCode,
  isRecord,
  loadTools,
  parseTool,
  type Tool,
  type ToolInput,
  ToolsiftError,
} from '@toolsift/core';
import {
  type CodeToolDefinition,
  TOOLSIFT_METADATA_FIELDS,
  type ToolsiftMetadata,
} from './code-tool-definition.js';

/** Tools built from code definitions, with the advisories found (warnings only: errors are thrown). */
export interface CodeTools {
  tools: Tool[];
  diagnostics: Diagnostic[];
}

/**
 * Build toolsift `Tool`s from tools defined in code: name, description and JSON Schema input, plus the toolsift
 * metadata given beside each. The schema is normalised as the `openai` loader normalises function definitions.
 * Throws METADATA_INVALID (or DUPLICATE_TOOL_ID) naming every bad tool and field.
 * @example const tools = toolsFromCode([{ name: 'get_weather', description: 'Current weather', inputSchema }]);
 */
export function toolsFromCode(definitions: readonly CodeToolDefinition[]): Tool[] {
  return readCodeTools(definitions).tools;
}

/** `toolsFromCode` that also returns the advisories (missing descriptions, relations naming no tool...). */
export function readCodeTools(definitions: readonly CodeToolDefinition[]): CodeTools {
  if (!Array.isArray(definitions)) {
    throw new ToolsiftError(
      ErrorCode.MetadataInvalid,
      `tools given in code must be an array of { name, description, inputSchema, metadata? }, got ${describe(definitions)}`,
    );
  }
  const problems = definitions.flatMap((definition, index) => shapeProblems(definition, index));
  if (problems.length > 0) throw invalid(ErrorCode.MetadataInvalid, problems);
  const repeated = repeatedNames(definitions);
  if (repeated.length > 0) throw invalid(ErrorCode.DuplicateToolId, repeated);

  const loaded = loadTools(
    definitions.map((definition) => ({
      name: definition.name,
      ...(definition.description !== undefined ? { description: definition.description } : {}),
      parameters: definition.inputSchema,
    })),
    { format: 'openai', file: CODE_FILE },
  );
  const diagnostics = loaded.diagnostics.map((diagnostic) => named(diagnostic, definitions));
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  const tools: Tool[] = [];
  for (const tool of loaded.tools) {
    const index = Number(tool.source.pointer.split('/')[1]);
    const metadata = definitions[index]?.metadata;
    if (metadata === undefined) {
      tools.push(tool);
      continue;
    }
    const parsed = parseTool(withMetadata(tool, metadata), { source: { file: CODE_FILE } });
    if (parsed.tool !== undefined) tools.push(parsed.tool);
    else errors.push(...parsed.diagnostics.map((diagnostic) => named(diagnostic, definitions)));
  }
  if (errors.length > 0) {
    const codes = new Set(errors.map((error) => error.code));
    const code = codes.size === 1 ? errors[0]!.code : ErrorCode.MetadataInvalid;
    throw invalid(
      code,
      errors.map((error) => error.message),
      { diagnostics: errors },
    );
  }
  return {
    tools,
    diagnostics: [
      ...diagnostics.filter((diagnostic) => diagnostic.severity !== 'error'),
      ...unknownReferences(tools),
    ],
  };
}

// --- internal ---

/** The `source.file` of tools built from code. */
const CODE_FILE = '<code>';

const METADATA_FIELDS = new Set<string>(TOOLSIFT_METADATA_FIELDS);

/** What is wrong with the shape of one definition, before the loader sees it. */
function shapeProblems(definition: unknown, index: number): string[] {
  if (!isRecord(definition)) return [`tools[${index}] must be an object, got ${describe(definition)}`];
  const name = definition.name;
  if (typeof name !== 'string' || name.trim() === '') {
    return [`tools[${index}].name must be a non-empty string, got ${describe(name)}`];
  }
  const where = `tool "${name}" (tools[${index}])`;
  const problems: string[] = [];
  if (definition.description !== undefined && typeof definition.description !== 'string') {
    problems.push(`${where}: description must be a string, got ${describe(definition.description)}`);
  }
  if (!isRecord(definition.inputSchema)) {
    problems.push(
      `${where}: inputSchema must be a JSON Schema object, got ${describe(definition.inputSchema)}`,
    );
  }
  const metadata = definition.metadata;
  if (metadata === undefined) return problems;
  if (!isRecord(metadata))
    return [...problems, `${where}: metadata must be an object, got ${describe(metadata)}`];
  for (const key of Object.keys(metadata)) {
    if (!METADATA_FIELDS.has(key)) {
      problems.push(
        `${where}: unknown metadata field "${key}"; expected one of ${TOOLSIFT_METADATA_FIELDS.join(', ')}`,
      );
    }
  }
  const notFor = metadata.notFor;
  const isText = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';
  if (notFor !== undefined && !isText(notFor) && !(Array.isArray(notFor) && notFor.every(isText))) {
    problems.push(
      `${where}: metadata.notFor must be a non-empty string or an array of them, got ${describe(notFor)}`,
    );
  }
  return problems;
}

/** A name given to more than one tool: the model could not tell them apart. */
function repeatedNames(definitions: readonly CodeToolDefinition[]): string[] {
  const positions = new Map<string, number[]>();
  definitions.forEach(({ name }, index) => {
    positions.set(name, [...(positions.get(name) ?? []), index]);
  });
  return [...positions]
    .filter(([, indexes]) => indexes.length > 1)
    .map(
      ([name, indexes]) =>
        `tool name "${name}" is given ${indexes.length} times (${indexes.map((index) => `tools[${index}]`).join(', ')}); names must be unique`,
    );
}

/** The loaded tool with the user's metadata merged in, as input for `parseTool` (which validates it strictly). */
function withMetadata(tool: Tool, metadata: ToolsiftMetadata): ToolInput {
  const { notFor, conflicts, useCases, ...rest } = metadata;
  const notForTexts = notFor === undefined ? [] : typeof notFor === 'string' ? [notFor] : [...notFor];
  return {
    ...tool,
    ...rest,
    // A tool-wide "not for" is a use case with no positive text: only the negative evidence rule reads it.
    useCases: [...(useCases ?? []), ...notForTexts.map((text) => ({ title: '', notFor: text }))],
    ...(conflicts !== undefined
      ? { conflicts: conflicts.map((conflict) => ({ ...conflict, severity: conflict.severity ?? 'medium' })) }
      : {}),
  } as ToolInput;
}

/** The diagnostic with its message prefixed by the tool it is about (the loader only knows `/<index>/...`). */
function named(diagnostic: Diagnostic, definitions: readonly CodeToolDefinition[]): Diagnostic {
  const index = Number(diagnostic.pointer?.split('/')[1]);
  const name = Number.isInteger(index) ? definitions[index]?.name : undefined;
  if (name === undefined) return diagnostic;
  // The loader saw the schema as `parameters` of the tool at `/<index>`: say where the user wrote it.
  const message = diagnostic.message.replaceAll(`/${index}/parameters`, 'inputSchema');
  return { ...diagnostic, message: message.includes(`"${name}"`) ? message : `tool "${name}": ${message}` };
}

/** A relation naming no tool of the set is an advisory, as it is for a catalog read from files. */
function unknownReferences(tools: readonly Tool[]): Diagnostic[] {
  const known = new Set(tools.flatMap((tool) => [tool.id, tool.name]));
  const diagnostics: Diagnostic[] = [];
  for (const tool of tools) {
    const references = [
      ...tool.conflicts.map((conflict) => ['conflicts', conflict.tool] as const),
      ...tool.alternatives.map((alternative) => ['alternatives', alternative.tool] as const),
      ...tool.complements.map((complement) => ['complements', complement.tool] as const),
      ...tool.dependsOn.map((name) => ['dependsOn', name] as const),
    ];
    for (const [field, name] of references) {
      if (known.has(name) || (field === 'conflicts' && name.startsWith('mcp:'))) continue;
      diagnostics.push({
        code: ErrorCode.UnknownToolReference,
        severity: 'warning',
        file: CODE_FILE,
        pointer: tool.source.pointer,
        message: `tool "${tool.name}": metadata.${field} names "${name}", which is not one of the tools given`,
      });
    }
  }
  return diagnostics;
}

function invalid(
  code: ErrorCode,
  problems: readonly string[],
  details?: Record<string, unknown>,
): ToolsiftError {
  const message =
    problems.length === 1
      ? `invalid tool given in code: ${problems[0]}`
      : `invalid tools given in code:\n${problems.map((problem) => `- ${problem}`).join('\n')}`;
  return new ToolsiftError(code, message, { problems, ...details });
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}
