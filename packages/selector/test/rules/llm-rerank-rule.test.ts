import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTool } from '../fixtures/make-tool.js';
import { idsOf, rulesSelector } from './rules-fixture.js';

/** A scripted OpenAI-compatible chat server: each request takes the next scripted reply. */
let server: Server;
let baseURL: string;
const script: Array<{ status: number; body: unknown }> = [];
const requests: Array<{
  model: string;
  messages: Array<{ content: string }>;
  response_format?: { type: string };
}> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      requests.push(JSON.parse(body));
      const reply = script.shift() ?? { status: 500, body: { error: { message: 'no scripted reply' } } };
      response.writeHead(reply.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const tools = [
  makeTool({
    id: 'send_mail',
    description: 'Send an email message.',
    useCases: [{ title: 'Send', notFor: 'chat messages' }],
    conflicts: [{ tool: 'post_chat', severity: 'low', whenPreferOther: 'team chat' }],
  }),
  makeTool({ id: 'post_chat', description: 'Post a message to a chat channel.' }),
  makeTool({ id: 'weather', description: 'Weather for a city.' }),
];

function completion(content: string) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 0,
    model: 'scripted',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
    usage: { prompt_tokens: 321, completion_tokens: 12, total_tokens: 333 },
  };
}

describe('LLM rerank stage', () => {
  it("merges the model's choice and reason, and reports its time and tokens", async () => {
    script.push({
      status: 200,
      body: completion(JSON.stringify({ tools: ['post_chat'], reason: 'the user wants the team chat' })),
    });
    const selector = await rulesSelector(tools);
    const selection = await selector.select('send a message to the team', {
      k: 3,
      rerank: { model: 'scripted', baseURL, apiKey: 'test' },
    });
    expect(idsOf(selection)).toEqual(['post_chat']);
    expect(selection.tools[0]?.reasons.find((reason) => reason.kind === 'llm')?.message).toBe(
      'scripted chose it (1 of 1): the user wants the team chat',
    );
    expect(selection.rerank).toMatchObject({
      model: 'scripted',
      chosen: ['post_chat'],
      promptTokens: 321,
      completionTokens: 12,
    });
    expect(selection.rerank?.ms).toBeGreaterThanOrEqual(0);
    expect(selection.timings.rerank).toBeGreaterThanOrEqual(0);
    const request = requests.at(-1);
    expect(request?.model).toBe('scripted');
    expect(request?.response_format?.type).toBe('json_schema');
    const sent = JSON.parse(request?.messages[1]?.content ?? '{}');
    expect(sent.candidates.find((tool: { id: string }) => tool.id === 'send_mail')).toMatchObject({
      useCases: [{ title: 'Send', notFor: 'chat messages' }],
      conflicts: [{ tool: 'post_chat', severity: 'low', whenPreferOther: 'team chat' }],
    });
  });

  it.each([
    {
      label: 'a server error',
      reply: { status: 500, body: { error: { message: 'boom' } } },
      pattern: /failed, the local ranking is kept: 500/,
    },
    {
      label: 'an answer that is not JSON',
      reply: { status: 200, body: completion('post_chat, obviously') },
      pattern: /not the expected JSON/,
    },
    {
      label: 'an unknown tool',
      reply: { status: 200, body: completion(JSON.stringify({ tools: ['nope'], reason: 'x' })) },
      pattern: /not candidates: nope/,
    },
  ])('falls back to the local ranking with a warning on $label', async ({ reply, pattern }) => {
    script.push(reply);
    const selector = await rulesSelector(tools);
    const local = await selector.select('send a message to the team', { k: 2, abstain: false });
    const selection = await selector.select('send a message to the team', {
      k: 2,
      abstain: false,
      rerank: { model: 'scripted', baseURL, apiKey: 'test' },
    });
    expect(idsOf(selection)).toEqual(idsOf(local));
    expect(selection.rerank).toBeUndefined();
    const warning = selection.warnings.find((entry) => entry.code === 'RERANK_FAILED');
    expect(warning?.message).toMatch(pattern);
  });
});
