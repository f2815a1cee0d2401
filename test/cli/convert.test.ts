import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadTools } from '@toolsift/core';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { runToolsift } from './run-toolsift.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'toolsift-convert-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const toolsift = (...argv: string[]) => runToolsift(argv, { cwd: root });

const MATIMO = `name: slack-send-message
description: Send a message to a Slack channel
version: '1.0.0'
parameters:
  channel:
    type: string
    description: Channel ID or name
    required: true
  message:
    type: string
    description: Message text
    required: true
    validation:
      minLength: 1
      maxLength: 4000
  thread_ts:
    type: string
    description: Thread timestamp
    required: false
execution:
  type: http
  method: POST
  url: 'https://slack.com/api/chat.postMessage'
output_schema:
  type: object
  properties:
    ok:
      type: boolean
  required: [ok]
authentication:
  type: bearer
  secret_env_var: MATIMO_SLACK_TOKEN
error_handling:
  retry: 2
  backoff_type: exponential
`;

const MCP = JSON.stringify({
  tools: [
    { name: 'list_issues', description: 'List issues.', inputSchema: { type: 'object', properties: {} } },
    {
      name: 'get_issue',
      description: 'Get one issue.',
      inputSchema: { type: 'object', properties: { number: { type: 'integer' } }, required: ['number'] },
      title: 'Get issue',
      annotations: { readOnlyHint: true },
    },
  ],
});

describe('toolsift convert', () => {
  test('matimo -> openai', async () => {
    await writeFile(join(root, 'definition.yaml'), MATIMO);
    const { code, stdout, stderr } = await toolsift('convert', 'definition.yaml', '--to', 'openai');
    expect({ code, stderr }).toEqual({
      code: 0,
      stderr:
        'warning: slack-send-message: RESULT_DROPPED openai tools have no output schema; the result schema is left out.\n',
    });
    const written = JSON.parse(stdout);
    expect(written).toMatchObject({
      type: 'function',
      function: { name: 'slack-send-message', description: 'Send a message to a Slack channel' },
    });
    expect(written.function.parameters).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string', minLength: 1, maxLength: 4000 } },
      required: ['channel', 'message'],
    });
  });

  test('matimo -> matimo round-trips: the written definition loads as the same tool', async () => {
    await writeFile(join(root, 'definition.yaml'), MATIMO);
    const { code, stdout } = await toolsift('convert', 'definition.yaml', '--to', 'matimo');
    expect(code).toBe(0);
    expect(stdout).toContain('      minLength: 1\n      maxLength: 4000\n');
    const original = loadTools(MATIMO, { file: 'definition.yaml' });
    const written = loadTools(stdout, { file: 'definition.yaml' });
    expect(written.diagnostics).toEqual([]);
    expect(written.tools).toEqual(original.tools);
  });

  test('mcp -> mcp with --id picks one tool; without it all come out', async () => {
    await writeFile(join(root, 'tools.json'), MCP);
    const one = await toolsift('convert', 'tools.json', '--to', 'mcp', '--id', 'get_issue');
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout)).toEqual(JSON.parse(MCP).tools[1]);
    const all = await toolsift('convert', 'tools.json', '--to', 'mcp');
    expect(JSON.parse(all.stdout)).toEqual(JSON.parse(MCP));
  });

  test('--to json writes the normalised tools', async () => {
    await writeFile(join(root, 'tools.json'), MCP);
    const { stdout } = await toolsift('convert', 'tools.json', '--to', 'json');
    const tools = JSON.parse(stdout);
    expect(
      tools.map((tool: { id: string; source: { format: string } }) => [tool.id, tool.source.format]),
    ).toEqual([
      ['list_issues', 'mcp'],
      ['get_issue', 'mcp'],
    ]);
  });

  test('an unknown --to is a usage error listing the targets', async () => {
    await writeFile(join(root, 'tools.json'), MCP);
    const { code, stdout, stderr } = await toolsift('convert', 'tools.json', '--to', 'xml');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toBe(
      'toolsift: Unknown --to format "xml". Valid formats: openai, openai-strict, openai-responses, anthropic, gemini, mcp, json-schema, matimo, json. [USAGE_ERROR]',
    );
  });

  test('an unknown --id names the known ids', async () => {
    await writeFile(join(root, 'tools.json'), MCP);
    const { code, stderr } = await toolsift('convert', 'tools.json', '--to', 'openai', '--id', 'nope');
    expect(code).toBe(1);
    expect(stderr.split('\n')[0]).toBe(
      'toolsift: No tool with id or name "nope" in tools.json. Known ids: list_issues, get_issue. [USAGE_ERROR]',
    );
  });

  test('a broken file prints its diagnostics on stderr and exits 1 with nothing on stdout', async () => {
    await writeFile(join(root, 'broken.yaml'), 'name: [oops\n');
    const { code, stdout, stderr } = await toolsift('convert', 'broken.yaml', '--to', 'openai');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^broken\.yaml:\d+:\d+ PARSE_ERROR Invalid YAML: /);
  });
});
