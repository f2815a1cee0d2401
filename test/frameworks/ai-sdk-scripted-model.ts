/**
 * The model side of the AI SDK tests: a script saying which tool the model calls for which user message, and
 * the log of every request the AI SDK's mock model received. Shared by the `ai` v5 and v6 tests, which wrap it
 * in their own `MockLanguageModelV2` / `MockLanguageModelV3`.
 */

/** A request as the mock model received it: the last user text, the tools offered, and what came last. */
export interface ModelRequest {
  userText: string;
  tools: string[];
  isAfterToolResult: boolean;
}

/** What the scripted model does for a request: call a tool, or answer in text. */
export type ScriptedReply =
  | { kind: 'call'; toolName: string; callId: string }
  | { kind: 'text'; text: string };

/** The call options the mock models pass to `doGenerate` (the V2 and V3 prompts have this shape). */
export interface PromptOptions {
  prompt: ReadonlyArray<{ role: string; content: unknown }>;
  tools?: ReadonlyArray<{ name: string }> | undefined;
}

/**
 * A model that, for a user message in `script`, calls the scripted tool when the request offers it (a real model
 * cannot call a tool it was not given), then answers in text once the tool result is back.
 */
export function createScript(script: Readonly<Record<string, string>>): {
  requests: ModelRequest[];
  reply(options: PromptOptions): ScriptedReply;
} {
  const requests: ModelRequest[] = [];
  let calls = 0;
  return {
    requests,
    reply(options) {
      const userText = lastUserText(options.prompt);
      const tools = (options.tools ?? []).map((tool) => tool.name);
      const isAfterToolResult = options.prompt.at(-1)?.role === 'tool';
      requests.push({ userText, tools, isAfterToolResult });
      const toolName = script[userText];
      if (isAfterToolResult) return { kind: 'text', text: 'Done.' };
      if (toolName === undefined || !tools.includes(toolName))
        return { kind: 'text', text: 'I have no tool for that.' };
      calls++;
      return { kind: 'call', toolName, callId: `call-${calls}` };
    },
  };
}

/** A reply as the content of a `doGenerate` result (the same in the V2 and V3 specifications). */
export function replyContent(
  answer: ScriptedReply,
): Array<
  { type: 'tool-call'; toolCallId: string; toolName: string; input: string } | { type: 'text'; text: string }
> {
  return answer.kind === 'call'
    ? [{ type: 'tool-call', toolCallId: answer.callId, toolName: answer.toolName, input: '{}' }]
    : [{ type: 'text', text: answer.text }];
}

// --- internal ---

function lastUserText(prompt: PromptOptions['prompt']): string {
  const message = prompt.findLast((entry) => entry.role === 'user');
  if (message === undefined) return '';
  if (typeof message.content === 'string') return message.content;
  return (message.content as Array<{ type: string; text?: string }>)
    .filter((part) => part.type === 'text')
    .map((part) => part.text ?? '')
    .join('\n');
}
