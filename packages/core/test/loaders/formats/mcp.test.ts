import { describe, expect, it } from 'vitest';
import { mcpLoader } from '../../../src/loaders/formats/mcp.js';
import { parseTestDocument } from './document.js';
import { loadFixture, loadText, toolById } from './load-fixture.js';

describe('mcpLoader', () => {
  const weather = loadFixture(mcpLoader, 'mcp/weather-tools-list.json');

  it('reads a tools/list result: name, title, description, inputSchema, outputSchema', () => {
    expect(weather.diagnostics).toEqual([]);
    expect(toolById(weather, 'get_forecast')).toMatchObject({
      name: 'get_forecast',
      title: 'Weather forecast',
      description: 'Get the forecast for a place for the next days.',
      source: { format: 'mcp', file: 'mcp/weather-tools-list.json', pointer: '/tools/0' },
      parameters: {
        type: 'object',
        properties: {
          place: { type: 'string', description: 'City or coordinates' },
          days: { type: 'integer', minimum: 1, maximum: 10, default: 3 },
        },
        required: ['place'],
      },
      result: {
        type: 'object',
        properties: { days: { type: 'array', items: { type: 'object' } } },
        required: ['days'],
      },
    });
  });

  it('keeps annotations; unknown annotation keys, icons and _meta go to extensions.mcp', () => {
    const forecast = toolById(weather, 'get_forecast');
    expect(forecast.annotations).toEqual({
      title: 'Forecast',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
    expect(forecast.extensions.mcp).toEqual({
      icons: [{ src: 'https://example.com/sun.png', mimeType: 'image/png' }],
      _meta: { vendor: 'example' },
      annotations: { audience: 'assistant' },
    });
    expect(toolById(weather, 'clear_alerts')).toMatchObject({
      annotations: { destructiveHint: true },
      extensions: {},
    });
  });

  it("reads a bare array with docker's compact arguments, required unless optional; no schema means no parameters", () => {
    const files = loadFixture(mcpLoader, 'mcp/files-tools.json');
    expect(files.diagnostics).toEqual([]);
    expect(toolById(files, 'read_file').parameters).toEqual({
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Path relative to the workspace' },
        encoding: { type: 'string', description: 'Text encoding' },
        lines: { type: 'array', items: { type: 'integer' }, description: 'Only these line numbers' },
        follow_links: { type: 'boolean', description: 'Follow symbolic links' },
      },
      required: ['path'],
    });
    expect(toolById(files, 'list_roots').parameters).toEqual({ type: 'object', properties: {} });
    expect(toolById(files, 'stat_file')).toMatchObject({
      source: { pointer: '/2' },
      parameters: { required: ['path'] },
    });
  });

  it('reads a single Tool object (a github-mcp-server snapshot); the annotation title is the title', () => {
    const loaded = loadFixture(mcpLoader, 'mcp/create_issue.snap.json');
    expect(loaded.tools).toHaveLength(1);
    expect(loaded.tools[0]).toMatchObject({
      id: 'create_issue',
      title: 'Open an issue',
      source: { pointer: '' },
      parameters: {
        type: 'object',
        properties: { labels: { type: 'array', items: { type: 'string' } } },
        required: ['repo'],
      },
    });
  });

  it('reads a JSON-RPC response and JSON Lines of tools', () => {
    const rpc = {
      jsonrpc: '2.0',
      id: 1,
      result: { tools: [{ name: 'ping', inputSchema: { type: 'object' } }] },
    };
    expect(loadText(mcpLoader, 'r.json', JSON.stringify(rpc)).tools[0]).toMatchObject({
      id: 'ping',
      source: { pointer: '/result/tools/0' },
      parameters: { type: 'object', properties: {} },
    });
    const lines = loadText(
      mcpLoader,
      't.jsonl',
      '{"name": "a", "inputSchema": {}}\n{"name": "b", "arguments": []}\n',
    );
    expect(lines.tools.map((tool) => tool.id)).toEqual(['a', 'b']);
  });

  it('reads an MCP 2025-11-25 initialize result saved with its tools: execution, icons, _meta and unknown keys kept, serverInfo and instructions as the server', () => {
    const loaded = loadFixture(mcpLoader, 'mcp/initialize-and-tools-list.json');
    expect(loaded.diagnostics).toEqual([]);
    const server = {
      name: 'notes-server',
      aliases: ['Notes'],
      title: 'Notes',
      description: 'Keeps short text notes. Search before creating a note that may exist.',
    };
    for (const tool of loaded.tools) expect(tool.server).toEqual(server);
    expect(toolById(loaded, 'create_note')).toMatchObject({
      title: 'Create a note',
      source: { format: 'mcp', pointer: '/tools/0' },
      parameters: { required: ['title', 'body'] },
      result: { required: ['id'] },
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    });
    expect(toolById(loaded, 'create_note').extensions.mcp).toEqual({
      execution: { taskSupport: 'forbidden' },
      icons: [{ src: 'https://example.com/note.svg', mimeType: 'image/svg+xml', sizes: ['any'] }],
      _meta: { 'example.com/category': 'notes' },
    });
    // Keys other formats use, and keys no spec has yet, are kept: they never make the file unknown.
    expect(toolById(loaded, 'search_notes').extensions.mcp).toEqual({
      execution: { taskSupport: 'optional', pollIntervalHint: 500 },
      authentication: { scopes: ['notes.read'] },
      capabilities: ['search'],
      deprecation: { replacedBy: null },
    });
  });

  it('reads a list of tools/list pages (JSON Lines of JSON-RPC responses), pointing into each page', () => {
    const loaded = loadFixture(mcpLoader, 'mcp/notes-pages.jsonl');
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.tools.map((tool) => [tool.id, tool.source.pointer])).toEqual([
      ['list_notes', '/0/result/tools/0'],
      ['delete_note', '/1/result/tools/0'],
    ]);
    expect(toolById(loaded, 'delete_note').annotations).toEqual({ destructiveHint: true });
  });

  it('skips a tool without a name and reports wrong types, keeping the other tools', () => {
    const text = JSON.stringify([
      { description: 'nameless' },
      { name: 'ok', annotations: { readOnlyHint: 'yes' }, arguments: 3 },
    ]);
    const loaded = loadText(mcpLoader, 'tools.json', text);
    expect(
      loaded.diagnostics.map(({ severity, pointer, message }) => ({ severity, pointer, message })),
    ).toEqual([
      { severity: 'error', pointer: '/0', message: 'MCP tool needs a "name" (a string); it is skipped.' },
      {
        severity: 'error',
        pointer: '/1/arguments',
        message: 'Expected a list of arguments at /1/arguments, found number 3.',
      },
      {
        severity: 'error',
        pointer: '/1/annotations/readOnlyHint',
        message: 'Expected a boolean at /1/annotations/readOnlyHint, found string "yes".',
      },
    ]);
    expect(loaded.tools.map((tool) => tool.id)).toEqual(['ok']);
  });

  it.each([
    ['tools with inputSchema', 'x.json', [{ name: 'a', inputSchema: {} }], 0.95],
    [
      'a tool with inputSchema and other keys',
      'x.json',
      { name: 'a', inputSchema: {}, authentication: {} },
      0.9,
    ],
    [
      'tools with an MCP execution',
      'x.json',
      { tools: [{ name: 'a', inputSchema: {}, execution: {} }] },
      0.95,
    ],
    ['pages of tools', 'x.json', [{ result: { tools: [{ name: 'a', arguments: [] }] } }, { tools: [] }], 0.9],
    ["tools beside a server's capabilities", 'x.json', { capabilities: {}, tools: [{ name: 'a' }] }, 0],
    ['a tool with a Matimo execution', 'x.json', [{ name: 'a', execution: { type: 'http' } }], 0],
    ['a tools/list object of plain tools', 'x.json', { tools: [{ name: 'a', description: 'd' }] }, 0.6],
    ['plain tools in a tools.json', 'servers__x__tools.json', [{ name: 'a', description: 'd' }], 0.55],
    ['an empty tools.json', 'tools.json', [], 0.55],
    ['an empty array elsewhere', 'x.json', [], 0],
    ['OpenAI definitions', 'x.json', [{ name: 'a', parameters: { type: 'object' } }], 0],
    ['a single object without MCP keys', 'x.json', { name: 'a', description: 'd' }, 0],
    ['a Shinkai file with an empty tools list', 'x.json', { name: 'a', tools: [], configurations: {} }, 0],
  ])('detects %s', (_label, file, data, confidence) => {
    expect(mcpLoader.detect(parseTestDocument(file, JSON.stringify(data)))).toBeCloseTo(confidence);
  });
});
