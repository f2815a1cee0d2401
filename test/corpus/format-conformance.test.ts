import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ListToolsResultSchema, ToolSchema as McpToolSchema } from '@modelcontextprotocol/sdk/types.js';
import {
  FORMAT_TARGETS,
  type FormatResult,
  type FormatTarget,
  FormatWarningCode,
  formatPayload,
  formatTools,
  loadCatalog,
  type OpenAIChatTool,
  type Tool,
} from '@toolsift/core';
import { DEV_TOOLS_FOLDER } from '@toolsift/test-support/dev-tools';
import {
  PROVIDER_NAME_PATTERNS,
  validateGeminiSchema,
  validateOpenAIStrictSchema,
} from '@toolsift/test-support/format-validators';
import { sharedDataForTest } from '@toolsift/test-support/shared-data';
import { beforeAll, describe, expect, test } from 'vitest';

// Every tool of a catalog, emitted for every target and checked against each provider's rules by the validators
// in format-validators.ts: our own catalogs everywhere, and the real-world corpora (with metadata/) where present.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ours = [
  join(root, 'metadata'),
  join(root, 'packages', 'core', 'test', 'fixtures', 'formats'),
  DEV_TOOLS_FOLDER,
];
const corpora = sharedDataForTest(
  'corpora',
  'format conformance over the public corpora (test/corpus/format-conformance.test.ts)',
);

describe.for([
  { name: 'metadata/ and the test fixtures', paths: ours, minimum: 100 },
  {
    name: 'the public corpora and metadata/',
    paths: corpora === undefined ? [] : [ours[0]!, corpora],
    minimum: 1000,
  },
])('format conformance over $name', ({ paths, minimum }) => {
  let tools: Tool[] = [];
  const results = new Map<FormatTarget, FormatResult<unknown>>();

  beforeAll(async () => {
    if (paths.length === 0) return;
    tools = (await loadCatalog(paths)).tools;
    for (const target of FORMAT_TARGETS) results.set(target, formatTools(tools, target));
  });

  describe.skipIf(paths.length === 0)('every target', () => {
    test('the catalog loads', () => {
      expect(tools.length).toBeGreaterThan(minimum);
    });

    test.each(FORMAT_TARGETS)(
      '%s: one emitted tool per tool, unique names routing back to every id',
      (target) => {
        const result = results.get(target)!;
        expect(result.tools).toHaveLength(tools.length);
        expect(result.tokens).toHaveLength(tools.length);
        expect(Object.keys(result.names)).toHaveLength(tools.length);
        expect(new Set(Object.values(result.names))).toEqual(new Set(tools.map((tool) => tool.id)));
        const codes = new Set<string>(Object.values(FormatWarningCode));
        const bad = result.warnings.filter(
          (warning) => warning.target !== target || !codes.has(warning.code),
        );
        expect(bad).toEqual([]);
      },
    );

    test.each([
      ['openai', PROVIDER_NAME_PATTERNS.openai],
      ['openai-strict', PROVIDER_NAME_PATTERNS.openai],
      ['openai-responses', PROVIDER_NAME_PATTERNS.openai],
      ['anthropic', PROVIDER_NAME_PATTERNS.anthropic],
      ['gemini', PROVIDER_NAME_PATTERNS.gemini],
      ['mcp', PROVIDER_NAME_PATTERNS.mcp],
    ] as const)('%s: every name matches the provider pattern', (target, pattern) => {
      const invalid = Object.keys(results.get(target)!.names).filter((name) => !pattern.test(name));
      expect(invalid).toEqual([]);
    });

    test.each(['openai-strict', 'openai-responses'] as const)(
      '%s: every strict schema satisfies the strict-mode rules; the others fell back with a warning',
      (target) => {
        const result = results.get(target)!;
        const problems: string[] = [];
        result.tools.forEach((emitted, index) => {
          const { parameters, strict } = functionOf(emitted);
          const id = tools[index]!.id;
          if (strict)
            problems.push(...validateOpenAIStrictSchema(parameters).map((problem) => `${id}: ${problem}`));
          else if (
            !result.warnings.some((warning) => warning.toolId === id && warning.code === 'STRICT_FALLBACK')
          ) {
            problems.push(`${id}: strict false without a STRICT_FALLBACK warning`);
          }
        });
        expect(problems).toEqual([]);
        const strictShare =
          result.tools.filter((emitted) => functionOf(emitted).strict).length / tools.length;
        expect(strictShare).toBeGreaterThan(0.5);
      },
    );

    test('openai: object parameters, and every array has items', () => {
      const problems = results.get('openai')!.tools.flatMap((emitted, index) => {
        const { parameters } = functionOf(emitted);
        const found = parameters.type === 'object' ? [] : ['root is not an object'];
        walk(parameters, '', (node, path) => {
          if (node.type === 'array' && node.items === undefined && node.prefixItems === undefined)
            found.push(`${path}: no items`);
        });
        return found.map((problem) => `${tools[index]!.id}: ${problem}`);
      });
      expect(problems).toEqual([]);
    });

    test('gemini: every declaration uses only the allowed keywords and types', () => {
      const problems = results.get('gemini')!.tools.flatMap((emitted, index) => {
        const { parameters } = emitted as { parameters?: unknown };
        if (parameters === undefined) return [];
        const found = validateGeminiSchema(parameters);
        if ((parameters as { type?: unknown }).type !== 'object') found.push('/: root is not an object');
        return found.map((problem) => `${tools[index]!.id}: ${problem}`);
      });
      expect(problems).toEqual([]);
      const payload = formatPayload('gemini', results.get('gemini')!.tools as never[]);
      expect(JSON.stringify(payload)).not.toMatch(
        /"\$ref"|"\$schema"|"additionalProperties"|"anyOf"|"oneOf"|"allOf"/,
      );
    });

    test('anthropic: object input schemas and object input examples', () => {
      const problems = results.get('anthropic')!.tools.flatMap((emitted, index) => {
        const tool = emitted as { input_schema: { type?: unknown }; input_examples?: unknown[] };
        const found = tool.input_schema.type === 'object' ? [] : ['input_schema is not an object'];
        for (const example of tool.input_examples ?? []) {
          if (example === null || typeof example !== 'object' || Array.isArray(example))
            found.push('non-object example');
        }
        return found.map((problem) => `${tools[index]!.id}: ${problem}`);
      });
      expect(problems).toEqual([]);
    });

    test('mcp: every tool parses with the MCP SDK schema, and so does the tools/list result', () => {
      const mcp = results.get('mcp')!;
      const problems = mcp.tools.flatMap((emitted, index) => {
        const parsed = McpToolSchema.safeParse(emitted);
        return parsed.success ? [] : [`${tools[index]!.id}: ${parsed.error.message}`];
      });
      expect(problems).toEqual([]);
      expect(ListToolsResultSchema.safeParse(formatPayload('mcp', mcp.tools as never[])).success).toBe(true);
    });

    test.each(FORMAT_TARGETS)(
      '%s: no default or example of a credential-named property is emitted',
      (target) => {
        const leaks: string[] = [];
        results.get(target)!.tools.forEach((emitted, index) => {
          walk(emitted, '', (node, path) => {
            const key = path.split('/').at(-1) ?? '';
            const isCredential =
              /password|secret|api_?key|token$/i.test(key) &&
              !/(?:page|next|continuation|cursor)_?token$/i.test(key);
            if (
              isCredential &&
              /\/properties\/[^/]+$/.test(path) &&
              ('default' in node || 'examples' in node)
            ) {
              leaks.push(`${tools[index]!.id}${path}`);
            }
          });
        });
        expect(leaks).toEqual([]);
      },
    );

    test.each(FORMAT_TARGETS)('%s: output is deterministic', (target) => {
      expect(formatTools(tools, target)).toEqual(results.get(target));
    });
  });
});

// --- internal ---

function functionOf(emitted: unknown): { parameters: Record<string, unknown>; strict: boolean } {
  const tool = emitted as OpenAIChatTool | { parameters: Record<string, unknown>; strict: boolean };
  return 'function' in tool
    ? { parameters: tool.function.parameters, strict: tool.function.strict === true }
    : { parameters: tool.parameters, strict: tool.strict };
}

function walk(
  value: unknown,
  path: string,
  visit: (node: Record<string, unknown>, path: string) => void,
): void {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) walk(item, `${path}/${index}`, visit);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const node = value as Record<string, unknown>;
  visit(node, path);
  for (const [key, child] of Object.entries(node)) walk(child, `${path}/${key}`, visit);
}
