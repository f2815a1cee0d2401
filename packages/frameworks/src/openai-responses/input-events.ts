import type { ConversationEvent } from '../shared/conversation-event.js';
import type { ResponsesInput } from './responses-types.js';

/**
 * The user turns and function calls of a Responses API conversation, in order: a user message's text (the string
 * content, or its `input_text` parts joined), and each `function_call` of a tool `toolIdOf` knows (by name and
 * namespace). Everything else (tool search items, outputs, assistant messages) changes nothing.
 */
export function inputEvents(
  input: ResponsesInput,
  toolIdOf: (name: string, namespace?: string) => string | undefined,
): ConversationEvent[] {
  const items: ReadonlyArray<Item> =
    typeof input === 'string' ? [{ role: 'user', content: input }] : (input as ReadonlyArray<Item>);
  const events: ConversationEvent[] = [];
  for (const item of items) {
    if (item.role === 'user') {
      const text = userText(item.content).trim();
      if (text !== '') events.push({ kind: 'user', text });
    } else if (item.type === 'function_call' && typeof item.name === 'string') {
      const toolId = toolIdOf(item.name, item.namespace ?? undefined);
      if (toolId !== undefined) events.push({ kind: 'call', toolName: toolId });
    }
  }
  return events;
}

// --- internal ---

/** The fields read of an input item. */
interface Item {
  type?: string;
  role?: string;
  content?: unknown;
  name?: string;
  namespace?: string | null;
}

function userText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: { type?: string; text?: unknown }) =>
      part.type === 'input_text' && typeof part.text === 'string' ? part.text : '',
    )
    .filter((text) => text !== '')
    .join('\n');
}
