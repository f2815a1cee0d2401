import type { AgentInputItem } from '@openai/agents';
import type { ConversationEvent } from '../shared/conversation-event.js';

/**
 * The user turns and function calls of a run's input (the conversation as the Runner passes it to the agent),
 * in order. User text is the string content or the text parts joined; images and files carry none. Hosted
 * tool calls and tool results change nothing.
 */
export function agentInputEvents(items: readonly AgentInputItem[]): ConversationEvent[] {
  const events: ConversationEvent[] = [];
  for (const item of items) {
    if ('role' in item && item.role === 'user') {
      const text = userText(item.content).trim();
      if (text.length > 0) events.push({ kind: 'user', text });
    } else if (item.type === 'function_call') {
      events.push({ kind: 'call', toolName: item.name });
    }
  }
  return events;
}

// --- internal ---

type UserContent = Extract<AgentInputItem, { role: 'user' }>['content'];

function userText(content: UserContent): string {
  if (typeof content === 'string') return content;
  return content
    .map((part) => (part.type === 'input_text' ? part.text : ''))
    .filter((text) => text !== '')
    .join('\n');
}
