import { expect } from 'vitest';
import { CONVERSATION } from './ai-sdk-catalog.js';
import type { ModelRequest } from './ai-sdk-scripted-model.js';

/**
 * Run a conversation turn by turn through one `ai` version's `generateText` (given as `generate`, so the v5 and
 * v6 tests share it): each user turn is appended, then the messages the AI SDK returned for it.
 */
export async function runConversation<TMessage, TResult extends { response: { messages: TMessage[] } }>(
  userTurns: readonly string[],
  generate: (messages: TMessage[]) => Promise<TResult>,
): Promise<TResult[]> {
  const messages: TMessage[] = [];
  const results: TResult[] = [];
  for (const text of userTurns) {
    messages.push({ role: 'user', content: text } as TMessage);
    const result = await generate(messages);
    messages.push(...result.response.messages);
    results.push(result);
  }
  return results;
}

/**
 * What the model must have received over `CONVERSATION`'s two turns (a call and its answer each): at most `k`
 * tools a request, the first turn's tool in every one (the follow-up keeps it only because it was called), and
 * the follow-up's own tool in the follow-up.
 */
export function expectConversationRequests(requests: readonly ModelRequest[], k: number): void {
  expect(requests.map(({ userText, isAfterToolResult }) => [userText, isAfterToolResult])).toEqual([
    [CONVERSATION.firstTurn, false],
    [CONVERSATION.firstTurn, true],
    [CONVERSATION.secondTurn, false],
    [CONVERSATION.secondTurn, true],
  ]);
  for (const request of requests) {
    expect(request.tools.length).toBeGreaterThan(0);
    expect(request.tools.length).toBeLessThanOrEqual(k);
    expect(request.tools).toContain(CONVERSATION.firstTool);
  }
  expect(requests[2]?.tools).toContain(CONVERSATION.secondTool);
}
