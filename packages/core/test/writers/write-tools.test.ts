import { describe, expect, test } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { type Tool, ToolSchema } from '../../src/model/tool.js';
import { toMatimoDefinition } from '../../src/writers/to-matimo-definition.js';
import { WRITE_TARGETS, writeTools } from '../../src/writers/write-tools.js';

const tool: Tool = ToolSchema.parse({
  id: 'github.create-issue',
  name: 'github-create-issue',
  title: 'Create issue',
  description: 'Create a new issue in a GitHub repository',
  version: '1.0.0',
  parameters: {
    type: 'object',
    properties: {
      repo: {
        type: 'string',
        description: 'Repository name',
        minLength: 1,
        maxLength: 100,
        pattern: '^[\\w.-]+$',
      },
      count: { type: 'integer', description: 'How many', minimum: 1, maximum: 10, default: 3 },
      labels: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 5 },
      note: { type: ['string', 'null'], enum: ['a', 'b', null] },
    },
    required: ['repo'],
  },
  result: { type: 'object', properties: { id: { type: 'number' } }, required: ['id'] },
  annotations: { readOnlyHint: false, destructiveHint: false },
  tags: ['github'],
  requiresApproval: true,
  examples: [{ name: 'basic', input: { repo: 'x' } }, { prompt: 'open an issue' }],
  source: { format: 'matimo', file: 'definition.yaml', pointer: '' },
  extensions: {
    matimo: {
      execution: { type: 'http', method: 'POST', url: 'https://api.github.com/repos/{owner}/{repo}/issues' },
      authentication: { type: 'bearer', secret_env_var: 'MATIMO_GITHUB_TOKEN', client_secret: 'hunter2' },
      status: 'stable',
    },
  },
});

describe('writeTools', () => {
  test('targets: every emit target of format/, then matimo and json', () => {
    expect(WRITE_TARGETS).toEqual([
      'openai',
      'openai-strict',
      'openai-responses',
      'anthropic',
      'gemini',
      'mcp',
      'json-schema',
      'matimo',
      'json',
    ]);
    expect(Object.isFrozen(WRITE_TARGETS)).toBe(true);
  });

  test('emit targets: one tool is one object, and what changed comes back as warnings', () => {
    const written = writeTools([tool], { to: 'openai' });
    expect(JSON.parse(written.text)).toEqual({
      type: 'function',
      function: { name: 'github_create-issue', description: tool.description, parameters: tool.parameters },
    });
    expect(written.warnings).toEqual([
      'github.create-issue: NAME_CHANGED Name "github.create-issue" is not valid for openai (^[a-zA-Z0-9_-]{1,64}$); emitted as "github_create-issue".',
      'github.create-issue: RESULT_DROPPED openai tools have no output schema; the result schema is left out.',
    ]);
  });

  test('emit targets: several tools take the target payload shape', () => {
    const other = { ...tool, id: 'other' };
    expect(Object.keys(JSON.parse(writeTools([tool, other], { to: 'mcp' }).text))).toEqual(['tools']);
    expect(JSON.parse(writeTools([tool, other], { to: 'anthropic' }).text)).toHaveLength(2);
  });

  test('matimo: per-parameter required and validation come back from JSON Schema; secrets are redacted', () => {
    const written = writeTools([tool], { to: 'matimo' });
    expect(written.warnings).toEqual([]);
    expect(parseYaml(written.text)).toEqual({
      name: 'github-create-issue',
      description: tool.description,
      version: '1.0.0',
      parameters: {
        repo: {
          type: 'string',
          description: 'Repository name',
          required: true,
          validation: { minLength: 1, maxLength: 100, pattern: '^[\\w.-]+$' },
        },
        count: {
          type: 'number',
          description: 'How many',
          required: false,
          default: 3,
          validation: { min: 1, max: 10 },
        },
        labels: {
          type: 'array',
          required: false,
          items: { type: 'string' },
          validation: { minItems: 1, maxItems: 5 },
        },
        note: { type: 'string', required: false, enum: ['a', 'b', null] },
      },
      execution: tool.extensions.matimo?.execution,
      output_schema: tool.result,
      authentication: { type: 'bearer', secret_env_var: 'MATIMO_GITHUB_TOKEN', client_secret: '[redacted]' },
      tags: ['github'],
      requires_approval: true,
      examples: [{ name: 'basic', params: { repo: 'x' } }],
      status: 'stable',
    });
    expect(Object.keys(toMatimoDefinition(tool)).slice(0, 5)).toEqual([
      'name',
      'description',
      'version',
      'parameters',
      'execution',
    ]);
  });

  test('matimo: several tools are several YAML documents', () => {
    expect(writeTools([tool, tool], { to: 'matimo' }).text.split(/^---$/m)).toHaveLength(2);
  });

  test('json: the normalised tool, secrets redacted, secret locations kept', () => {
    const written = JSON.parse(writeTools([tool], { to: 'json' }).text);
    expect(written.id).toBe('github.create-issue');
    expect(written.extensions.matimo.authentication).toEqual({
      type: 'bearer',
      secret_env_var: 'MATIMO_GITHUB_TOKEN',
      client_secret: '[redacted]',
    });
  });

  test('an unknown target is a USAGE_ERROR naming the valid ones', () => {
    expect(() => writeTools([tool], { to: 'yaml' })).toThrowError(
      expect.objectContaining({ code: 'USAGE_ERROR' }),
    );
    expect(() => writeTools([tool], { to: 'toString' })).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: Unknown output format "toString". Valid formats: openai, openai-strict, openai-responses, anthropic, gemini, mcp, json-schema, matimo, json.]`,
    );
  });
});
