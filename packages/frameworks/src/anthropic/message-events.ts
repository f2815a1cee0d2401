import type { ConversationEvent } from '../shared/conversation-event.js';
import type { AnthropicMessages } from './anthropic-types.js';

/**
 * The user turns and tool calls of a Messages API conversation, in order. A user turn is a user message's text
 * (the string content, or its text blocks joined); a user message that only carries tool results is none. A
 * call is an assistant `tool_use` of a tool `toolIdOf` knows (the search tool and unknown names are left out).
 */
export function messageEvents(
  messages: AnthropicMessages,
  toolIdOf: (name: string) => string | undefined,
): ConversationEvent[] {
  const events: ConversationEvent[] = [];
  for (const message of messages) {
    const content = message.content ?? [];
    const blocks = (
      typeof content === 'string' ? [{ type: 'text', text: content }] : content
    ) as readonly Block[];
    if (message.role === 'user') {
      const text = blocks
        .map((block) => (block.type === 'text' ? (block.text ?? '') : ''))
        .filter((part) => part.trim() !== '')
        .join('\n')
        .trim();
      if (text !== '') events.push({ kind: 'user', text });
    } else if (message.role === 'assistant') {
      for (const block of blocks) {
        if (block.type !== 'tool_use') continue;
        const toolId = toolIdOf(block.name ?? '');
        if (toolId !== undefined) events.push({ kind: 'call', toolName: toolId });
      }
    }
  }
  return events;
}

// --- internal ---

/** The fields read of a content block. */
interface Block {
  type: string;
  text?: string;
  name?: string;
}
