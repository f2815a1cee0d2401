import { isRecord } from '@toolsift/core';
import type { ConversationEvent } from '../shared/conversation-event.js';
import type { AiSdkMessage } from './ai-sdk-types.js';

/**
 * The user turns and tool calls of AI SDK messages, in order. User text is the string content or the text
 * parts joined; calls are the assistant's `tool-call` parts. System and tool messages change nothing.
 */
export function conversationEvents(messages: readonly AiSdkMessage[]): ConversationEvent[] {
  const events: ConversationEvent[] = [];
  for (const message of messages) {
    if (message.role === 'user') {
      const text = userText(message.content).trim();
      if (text.length > 0) events.push({ kind: 'user', text });
    } else if (message.role === 'assistant' && Array.isArray(message.content)) {
      for (const part of message.content) {
        if (isRecord(part) && part.type === 'tool-call' && typeof part.toolName === 'string') {
          events.push({ kind: 'call', toolName: part.toolName });
        }
      }
    }
  }
  return events;
}

// --- internal ---

function userText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((part) => isRecord(part) && part.type === 'text' && typeof part.text === 'string')
    .map((part) => (part as { text: string }).text)
    .join('\n');
}
