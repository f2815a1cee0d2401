import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSelector, diagnoseCatalog, type Selector } from '@toolsift/selector';
import { repoRoot } from '@toolsift/test-support/serve-mcp-process';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serveUi, type UiServer } from '../../src/ui/serve-ui.js';

// The page's server over HTTP, as the browser meets it: who may call, and the JSON API's answers to good and bad
// input, over the catalog the page tests use (real use-lite embedder, real index).
const CATALOG = path.join(repoRoot, 'test/support/fixtures/ui/catalog');
const OVERLAY = path.join(repoRoot, 'test/support/fixtures/ui/overlays/notes.overlay.yaml');
const TOKEN = 'test-token-for-the-page';

let root: string;
let selector: Selector;
let server: UiServer;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'toolsift-ui-api-'));
  const env = { TOOLSIFT_CACHE_DIR: SHARED_TEST_CACHE_DIR };
  selector = await createSelector({
    catalog: CATALOG,
    overlays: [OVERLAY],
    indexDir: path.join(root, 'index'),
    env,
  });
  await selector.learn([{ prompt: 'jot down the shopping list', tool: 'create_note' }]);
  server = await serveUi({
    port: 0,
    token: TOKEN,
    source: {
      title: 'the test catalog',
      selector: async () => selector,
      env: {},
      diagnose: (onProgress) =>
        diagnoseCatalog({ catalog: CATALOG, embedder: selector.embedder, env, onProgress }),
    },
  });
});

afterAll(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

const call = async (
  pathname: string,
  init: { method?: string; body?: string; headers?: Record<string, string>; token?: string | null } = {},
) => {
  const { token = TOKEN, ...rest } = init;
  const response = await fetch(new URL(pathname, server.url), {
    ...rest,
    headers: { ...(token === null ? {} : { Authorization: `Bearer ${token}` }), ...init.headers },
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
};

/** A GET through node:http, which sends the Host header it is given (fetch sends its own). */
const rawGet = (pathname: string, headers: Record<string, string>) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(new URL(pathname, server.url), { headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });

const post = (pathname: string, body: unknown) =>
  call(pathname, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });

describe('who may call', () => {
  test('the page is served on 127.0.0.1, its URL carrying the token in the fragment', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(server.pageUrl).toBe(`${server.url}#token=${TOKEN}`);
  });

  test('the page itself needs no token, and may load nothing but its own files', async () => {
    const page = await call('/', { token: null });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.text).not.toContain(TOKEN);
    expect((await call('/main.js', { token: null })).headers.get('content-type')).toBe(
      'text/javascript; charset=utf-8',
    );
  });

  test('an API call without the token gets 401', async () => {
    const answer = await call('/api/summary', { token: null });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer');
    expect(answer.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'Unauthorized: send Authorization: Bearer <token>' },
    });
    expect((await call('/api/summary', { token: 'wrong' })).status).toBe(401);
  });

  test('a Host naming another host (DNS rebinding) gets 403, for the page and the API', async () => {
    for (const pathname of ['/', '/api/summary']) {
      const answer = await rawGet(pathname, { Host: 'attacker.example', Authorization: `Bearer ${TOKEN}` });
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body).error.code).toBe('FORBIDDEN');
    }
  });

  test.each([
    ['a page of another site', { Origin: 'https://attacker.example' }],
    ['a sandboxed page', { Origin: 'null' }],
  ])('%s gets 403, for the page and the API', async (_name, headers) => {
    expect((await call('/', { headers })).status).toBe(403);
    const answer = await call('/api/summary', { headers });
    expect(answer.status).toBe(403);
    expect(answer.json().error.code).toBe('FORBIDDEN');
  });

  test('a page on this machine may call', async () => {
    const origin = { Origin: 'http://localhost:5173' };
    expect((await call('/api/summary', { headers: origin })).status).toBe(200);
  });

  test('only the files of the ui folder are served, and only read', async () => {
    expect((await call('/../package.json', { token: null })).status).toBe(404);
    expect((await call('/%2e%2e/package.json', { token: null })).status).toBe(404);
    expect((await call('/nothing.js', { token: null })).status).toBe(404);
    expect((await call('/', { method: 'POST', token: null })).status).toBe(405);
  });
});

describe('the JSON API', () => {
  test('summary: the catalog, its facets, the LLM formats', async () => {
    const summary = (await call('/api/summary')).json();
    expect(summary).toMatchObject({
      title: 'the test catalog',
      isGateway: false,
      tools: 6,
      facets: { servers: [], formats: [{ value: 'mcp', count: 6 }], codes: [] },
      maxPromptLength: 100_000,
    });
    expect(summary.targets).toContain('anthropic');
  });

  test('tools: filtered and paged', async () => {
    const page = (await call('/api/tools?text=note&limit=2')).json();
    expect(page.total).toBe(3);
    expect(page.tools.map((tool: { id: string }) => tool.id)).toEqual(['create_note', 'search_notes']);
  });

  test('tool: fields with where each came from, views (learned ones too), learned prompts', async () => {
    const detail = (await call('/api/tool?id=create_note')).json();
    expect(detail.tool.id).toBe('create_note');
    expect(
      detail.fields.find((field: { field: string }) => field.field === 'description').origin,
    ).toMatchObject({
      kind: 'file',
      file: expect.stringMatching(/notes\.tools\.json$/),
      pointer: '/tools/0',
    });
    expect(detail.views.at(-1)).toMatchObject({ kind: 'learned', text: 'jot down the shopping list' });
    expect(detail.learned).toEqual([
      { tool: 'create_note', prompt: 'jot down the shopping list', source: 'labelled' },
    ]);
  });

  test('tool: a field an overlay set names the overlay and the entry', async () => {
    const detail = (await call('/api/tool?id=send_email')).json();
    const originOf = (name: string) =>
      detail.fields.find((field: { field: string }) => field.field === name)?.origin;
    expect(originOf('keywords')).toEqual({
      kind: 'overlay',
      file: OVERLAY,
      pointer: '/tools/send_email',
      isStale: false,
    });
    expect(originOf('useCases')).toMatchObject({ kind: 'overlay', file: OVERLAY });
    expect(originOf('description')).toMatchObject({ kind: 'file' });
  });

  test('select: the ranked tools, their reasons and timings, and the request for the chosen format', async () => {
    const selection = (
      await post('/api/select', { prompt: 'forecast for Porto this weekend', k: 3, target: 'anthropic' })
    ).json();
    expect(selection.tools[0].id).toBe('get_forecast');
    expect(selection.tools[0].reasons.length).toBeGreaterThan(0);
    expect(selection.timings.total).toBeGreaterThan(0);
    expect(selection.promptLength).toBe(31);
    expect(selection.request.target).toBe('anthropic');
    expect(selection.request.payload[0]).toMatchObject({
      name: 'get_forecast',
      input_schema: { type: 'object' },
    });
  });

  test('forget: the prompt leaves the learned list', async () => {
    await selector.learn([{ prompt: 'note that the boiler needs a check', tool: 'create_note' }]);
    const report = (
      await post('/api/forget', { tool: 'create_note', prompt: 'note that the boiler needs a check' })
    ).json();
    expect(report).toMatchObject({ changed: 1, tools: ['create_note'] });
    const { entries } = (await call('/api/learned')).json();
    expect(entries.map((entry: { prompt: string }) => entry.prompt)).toEqual(['jot down the shopping list']);
  });

  test('doctor: started by a POST, its state read by a GET until done', async () => {
    expect((await call('/api/doctor')).json()).toEqual({ state: 'idle' });
    expect((await post('/api/doctor', {})).json().state).toBe('running');
    let state = (await call('/api/doctor')).json();
    while (state.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (await call('/api/doctor')).json();
    }
    expect(state.state).toBe('done');
    expect(state.report.tools).toBe(6);
  });
});

describe('bad input gets a stable code and says what was wrong', () => {
  test.each([
    ['select with no prompt', () => post('/api/select', {}), 400],
    ['select with an unknown format', () => post('/api/select', { prompt: 'hi', target: 'cobol' }), 400],
    ['select with k out of range', () => post('/api/select', { prompt: 'hi', k: 0 }), 400],
    ['select with an unknown field', () => post('/api/select', { prompt: 'hi', kk: 3 }), 400],
    ['a prompt over 100,000 characters', () => post('/api/select', { prompt: 'x'.repeat(100_001) }), 400],
    ['tools with a limit in letters', () => call('/api/tools?limit=ten'), 400],
    ['tools with a limit over 500', () => call('/api/tools?limit=501'), 400],
    ['tool with no id', () => call('/api/tool'), 400],
    ['forget with no prompt', () => post('/api/forget', { tool: 'create_note' }), 400],
    ['the gateway panel of a catalog', () => call('/api/gateway'), 400],
    ['a body that is not JSON', () => call('/api/select', { method: 'POST', body: '{"prompt":' }), 400],
  ])('%s: 400 USAGE_ERROR', async (_name, request, status) => {
    const answer = await request();
    expect(answer.status).toBe(status);
    expect(answer.json().error.code).toBe('USAGE_ERROR');
  });

  test('messages name the endpoint and each field', async () => {
    expect(
      (await post('/api/select', { prompt: '', target: 'cobol' })).json().error.message,
    ).toMatchInlineSnapshot(
      `"Bad input for /api/select: prompt: must not be empty; target: Invalid option: expected one of "openai"|"openai-strict"|"openai-responses"|"anthropic"|"gemini"|"mcp"|"json-schema""`,
    );
    expect((await call('/api/tools?limit=ten')).json().error.message).toMatchInlineSnapshot(
      `"Bad input for /api/tools: limit: must be a whole number written in digits"`,
    );
    expect((await call('/api/nothing')).json()).toMatchInlineSnapshot(`
      {
        "error": {
          "code": "USAGE_ERROR",
          "message": "No API endpoint GET /api/nothing. Endpoints: /api/summary, /api/tools, /api/tool, /api/select, /api/learned, /api/forget, /api/doctor, /api/gateway.",
        },
      }
    `);
  });

  test('an unknown tool is a 404 UNKNOWN_TOOL', async () => {
    const answer = await call('/api/tool?id=create_notes');
    expect(answer.status).toBe(404);
    expect(answer.json().error).toEqual({
      code: 'UNKNOWN_TOOL',
      message: 'No tool "create_notes" in the catalog.',
    });
  });

  test('a body over 2 MiB is a 413', async () => {
    const answer = await post('/api/select', { prompt: 'x'.repeat(3 * 1024 * 1024) });
    expect(answer.status).toBe(413);
    expect(answer.json().error.code).toBe('USAGE_ERROR');
  });
});
