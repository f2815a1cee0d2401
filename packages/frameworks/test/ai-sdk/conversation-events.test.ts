import { describe, expect, test } from 'vitest';
import { conversationEvents } from '../../src/ai-sdk/conversation-events.js';

describe('conversationEvents', () => {
  test('reads user turns (string or text parts) and assistant tool calls, in order', () => {
    expect(
      conversationEvents([
        { role: 'system', content: 'You are helpful.' },
        { role: 'user', content: 'weather in Paris?' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Let me check.' },
            { type: 'tool-call', toolCallId: '1', toolName: 'get_weather', input: {} },
            { type: 'tool-call', toolCallId: '2', toolName: 'get_weather', input: {} },
          ],
        },
        {
          role: 'tool',
          content: [{ type: 'tool-result', toolCallId: '1', toolName: 'get_weather', output: {} }],
        },
        { role: 'assistant', content: 'Sunny.' },
        {
          role: 'user',
          content: [
            { type: 'image', image: 'data:' },
            { type: 'text', text: 'mail this' },
            { type: 'text', text: 'to Alice' },
          ],
        },
        { role: 'user', content: [{ type: 'image', image: 'data:' }] },
        { role: 'user', content: '   ' },
      ]),
    ).toEqual([
      { kind: 'user', text: 'weather in Paris?' },
      { kind: 'call', toolName: 'get_weather' },
      { kind: 'call', toolName: 'get_weather' },
      { kind: 'user', text: 'mail this\nto Alice' },
    ]);
  });
});
