import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import { type BaseMessage, coerceMessageLikeToMessage } from '@langchain/core/messages';
import type { ConversationEvent } from '../shared/conversation-event.js';

/**
 * The user turns and tool calls of a LangChain conversation (messages, message-like tuples or objects, a string
 * prompt or a prompt value), in order. User text is the string content or the text blocks joined; calls are the
 * `tool_calls` of AI messages. System and tool messages change nothing.
 */
export function messageEvents(input: BaseLanguageModelInput): ConversationEvent[] {
  const events: ConversationEvent[] = [];
  for (const message of toMessages(input)) {
    const type = message.getType();
    if (type === 'human') {
      const text = textOf(message.content).trim();
      if (text.length > 0) events.push({ kind: 'user', text });
    } else if (type === 'ai') {
      for (const call of (message as { tool_calls?: Array<{ name: string }> }).tool_calls ?? []) {
        events.push({ kind: 'call', toolName: call.name });
      }
    }
  }
  return events;
}

// --- internal ---

function toMessages(input: BaseLanguageModelInput): BaseMessage[] {
  if (typeof input === 'string') return [coerceMessageLikeToMessage(['human', input])];
  if (Array.isArray(input)) return input.map((message) => coerceMessageLikeToMessage(message));
  return (input as { toChatMessages(): BaseMessage[] }).toChatMessages();
}

function textOf(content: BaseMessage['content']): string {
  if (typeof content === 'string') return content;
  return content
    .map((block) => (block.type === 'text' && typeof block.text === 'string' ? block.text : ''))
    .filter((text) => text !== '')
    .join('\n');
}
