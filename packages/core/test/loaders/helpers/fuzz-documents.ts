import fc from 'fast-check';
import { stringify as stringifyToml } from 'smol-toml';
import { stringify as stringifyYaml } from 'yaml';
import { ErrorCode, ToolsiftError } from '../../../src/errors.js';
import { loadTools } from '../../../src/loaders/load-tools.js';
import { parseTool } from '../../../src/loaders/parse-tool.js';
import type { Tool, ToolFormat } from '../../../src/model/tool.js';

/**
 * Fuzzed metadata for every format loader: each document is the skeleton of one format (so detection picks
 * that loader) whose values are either plausible or hostile — numbers, lists and tables where text belongs,
 * objects whose `toString` is not a function, null-prototype objects (as TOML tables are), `__proto__` keys,
 * NaN, long strings. Shared by the fast property test and the large fuzz script (bench/src/fuzz-loaders.ts).
 */
export interface FuzzDocument {
  /** The format whose skeleton was used. */
  format: ToolFormat;
  /** The parsed value, as a loader would get it. */
  value: unknown;
}

/** Documents of every format, in equal shares. */
export function fuzzDocuments(): fc.Arbitrary<FuzzDocument> {
  const byFormat = skeletons();
  return fc.oneof(
    ...(Object.keys(byFormat) as ToolFormat[]).map((format) =>
      byFormat[format].map((value): FuzzDocument => ({ format, value })),
    ),
  );
}

/** The texts a fuzzed document can be written as, by file name: JSON always, YAML and TOML when they can hold it. */
export function fuzzTexts(document: FuzzDocument): Array<{ file: string; text: string }> {
  const texts: Array<{ file: string; text: string }> = [];
  const json = safely(() => JSON.stringify(document.value));
  if (json !== undefined) texts.push({ file: fileFor(document.format, 'json'), text: json });
  const yaml = safely(() => stringifyYaml(document.value));
  if (yaml !== undefined) texts.push({ file: fileFor(document.format, 'yaml'), text: yaml });
  const toml = safely(() => stringifyToml(document.value as Record<string, unknown>));
  if (toml !== undefined) texts.push({ file: fileFor(document.format, 'toml'), text: toml });
  return texts;
}

/** Damage a text: cut it, duplicate a slice, or drop in a character that syntaxes care about. */
export const textDamage: fc.Arbitrary<(text: string) => string> = fc
  .tuple(
    fc.nat(),
    fc.nat(),
    fc.constantFrom('', '{', '}', '[', ']', '"', "'", ':', '=', '\n', '\t', '\u0000', '#', '&a', '*a', '- '),
  )
  .map(([at, length, insert]) => (text: string) => {
    const start = text.length === 0 ? 0 : at % text.length;
    return text.slice(0, start) + insert + text.slice(start + (length % 8));
  });

/** What a load may produce without being a crash: tools that pass the model again, and coded diagnostics. */
export function checkLoadOutcome(outcome: {
  tools: Tool[];
  diagnostics: Array<{ code: string; severity: string; file: string; message: string }>;
}): string | undefined {
  for (const diagnostic of outcome.diagnostics) {
    if (!KNOWN_CODES.has(diagnostic.code)) return `unknown diagnostic code ${diagnostic.code}`;
    if (!['error', 'warning', 'info'].includes(diagnostic.severity))
      return `bad severity ${diagnostic.severity}`;
    if (
      typeof diagnostic.file !== 'string' ||
      typeof diagnostic.message !== 'string' ||
      diagnostic.message === ''
    )
      return `diagnostic without file or message: ${JSON.stringify(diagnostic)}`;
  }
  for (const tool of outcome.tools) {
    const again = parseTool(tool, { source: { file: tool.source.file } });
    if (again.tool === undefined) return `a loaded tool fails the model: ${again.diagnostics[0]?.message}`;
    // What tool views do with every parameter description (String() of a table threw in describeParameters).
    const properties = tool.parameters.properties;
    if (typeof properties === 'object' && properties !== null)
      for (const property of Object.values(properties))
        String((property as { description?: unknown }).description ?? '');
  }
  return undefined;
}

/** Load one input; a ToolsiftError is an allowed outcome, anything else thrown is returned as the crash. */
export function loadOrCrash(
  input: unknown,
  options: { file: string; format?: ToolFormat },
): { crash?: unknown; problem?: string; diagnostics: Array<{ code: string }> } {
  try {
    const outcome = loadTools(input, options);
    const problem = checkLoadOutcome(outcome);
    return { ...(problem !== undefined ? { problem } : {}), diagnostics: outcome.diagnostics };
  } catch (error) {
    if (error instanceof ToolsiftError) return { diagnostics: [{ code: error.code }] };
    return { crash: error, diagnostics: [] };
  }
}

// --- internal ---

const KNOWN_CODES = new Set<string>(Object.values(ErrorCode));

function safely<T>(make: () => T): T | undefined {
  try {
    return make();
  } catch {
    return undefined;
  }
}

function fileFor(format: ToolFormat, extension: string): string {
  switch (format) {
    case 'matimo':
      return `fuzz/definition.${extension}`;
    case 'self-describing':
      return `tool_metadata/fuzz.${extension}`;
    case 'extension-info':
      return `fuzz.info.${extension}`;
    case 'shinkai':
      return `fuzz/metadata.${extension}`;
    case 'mcp':
      return `fuzz-mcp-tools.${extension}`;
    default:
      return `fuzz.${extension}`;
  }
}

const KEYS = [
  'description',
  'type',
  'properties',
  'items',
  'required',
  'name',
  'title',
  'toString',
  'valueOf',
  '__proto__',
  'constructor',
  'enum',
  'default',
  'desc',
];

/** A hostile JSON-like value, a few levels deep. */
const hostile: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string({ maxLength: 12 }),
    fc.constantFrom(
      'string',
      'strnig',
      'int',
      'array:string',
      'object',
      'maybe',
      'true',
      '',
      ' ',
      '{param}',
      '\u001b[2J',
      'sk-proj-abc',
    ),
    fc.integer(),
    fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, 1e308),
    fc.boolean(),
    fc.constant(null),
    fc.constant({ toString: 1 }),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 4 }),
    fc
      .dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 3 })
      .map((record) => Object.assign(Object.create(null), record)),
  ),
})).value;

/** Mostly a plausible value, sometimes a hostile one. */
function maybe<T>(plausible: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 1, arbitrary: hostile });
}

const word = fc.constantFrom('weather', 'send_email', 'query', 'get-issue', 'list files', 'ÄÖ', 'a');
const text = maybe(fc.oneof(word, fc.string({ maxLength: 30 })));
const typeWord = maybe(
  fc.constantFrom(
    'string',
    'number',
    'integer',
    'boolean',
    'object',
    'array',
    'dict',
    'float',
    'any',
    'array:string',
    'strnig',
  ),
);
const schemaProperty = fc.record(
  {
    type: typeWord,
    description: text,
    enum: maybe(fc.array(word, { maxLength: 3 })),
    default: hostile,
    items: maybe(fc.record({ type: typeWord })),
  },
  { requiredKeys: [] },
);
const jsonSchema = maybe(
  fc.record(
    {
      type: maybe(fc.constantFrom('object', 'dict')),
      properties: maybe(fc.dictionary(word, maybe(schemaProperty), { maxKeys: 3 })),
      required: maybe(fc.array(word, { maxLength: 2 })),
      description: text,
    },
    { requiredKeys: ['type'] },
  ),
);
const parameterMap = maybe(
  fc.dictionary(
    word,
    maybe(
      fc.record({ type: typeWord, description: text, required: maybe(fc.boolean()) }, { requiredKeys: [] }),
    ),
    { maxKeys: 3 },
  ),
);
const parameterList = maybe(
  fc.array(
    maybe(
      fc.record(
        { name: text, type: typeWord, description: text, required: maybe(fc.boolean()), desc: text },
        { requiredKeys: ['name'] },
      ),
    ),
    { maxLength: 3 },
  ),
);

function skeletons(): Record<ToolFormat, fc.Arbitrary<unknown>> {
  return {
    mcp: fc.record({
      tools: fc.array(
        fc.record(
          {
            name: maybe(word),
            description: text,
            inputSchema: jsonSchema,
            outputSchema: jsonSchema,
            annotations: maybe(
              fc.record({ readOnlyHint: maybe(fc.boolean()), title: text }, { requiredKeys: [] }),
            ),
          },
          { requiredKeys: ['name'] },
        ),
        { maxLength: 3 },
      ),
    }),
    openai: fc.oneof(
      fc.array(
        fc.record({
          type: fc.constant('function'),
          function: fc.record(
            { name: maybe(word), description: text, parameters: jsonSchema },
            { requiredKeys: ['name'] },
          ),
        }),
        { maxLength: 3 },
      ),
      fc.record({
        id: hostile,
        question: text,
        function: fc.array(
          fc.record({ name: maybe(word), description: text, parameters: jsonSchema, response: jsonSchema }),
          { maxLength: 2 },
        ),
      }),
    ),
    matimo: fc.record(
      {
        name: maybe(word),
        description: text,
        version: maybe(fc.constantFrom('1.0.0', 1.2)),
        parameters: parameterMap,
        execution: maybe(fc.record({ type: fc.constantFrom('http', 'command') })),
        output_schema: jsonSchema,
        examples: maybe(
          fc.array(maybe(fc.record({ name: text, description: text, params: hostile })), { maxLength: 2 }),
        ),
        tags: maybe(fc.array(word)),
        risk: maybe(fc.constantFrom('low', 'HIGH', 'extreme')),
        authentication: hostile,
      },
      { requiredKeys: ['name', 'execution'] },
    ),
    paularlott: fc.record(
      {
        description: text,
        keywords: maybe(fc.array(word)),
        parameters: fc.oneof(parameterList, parameterMap),
        discoverable: maybe(fc.boolean()),
        requires_approval: hostile,
      },
      { requiredKeys: ['description'] },
    ),
    shinkai: fc.record(
      {
        name: maybe(word),
        description: text,
        author: text,
        keywords: maybe(fc.array(word)),
        parameters: jsonSchema,
        result: jsonSchema,
        configurations: hostile,
        oauth: hostile,
        tools: maybe(fc.array(fc.constant('local:::a:::b'))),
        operating_system: maybe(fc.array(fc.constantFrom('linux', 'macos'))),
        sqlTables: hostile,
      },
      { requiredKeys: ['name', 'result', 'parameters'] },
    ),
    'self-describing': fc.record(
      {
        name: maybe(word),
        description: text,
        category: text,
        use_cases: maybe(
          fc.array(maybe(fc.record({ title: text, when_to_use: text, not_for: text })), { maxLength: 2 }),
        ),
        conflicts: maybe(
          fc.array(maybe(fc.record({ tool: text, severity: maybe(fc.constantFrom('high', 'low', 'hgh')) })), {
            maxLength: 2,
          }),
        ),
        alternatives: hostile,
        complements: hostile,
        examples: hostile,
        prerequisites: hostile,
        rate_limit: hostile,
      },
      { requiredKeys: ['name', 'use_cases'] },
    ),
    'extension-info': fc.record({
      ns: maybe(word),
      title: text,
      tools: maybe(
        fc.dictionary(
          word,
          maybe(
            fc.record({
              title: text,
              description: text,
              examples: maybe(fc.array(text, { maxLength: 2 })),
              schema: maybe(fc.record({ fields: parameterMap })),
              ui: hostile,
            }),
          ),
          { maxKeys: 3 },
        ),
      ),
    }),
  };
}
