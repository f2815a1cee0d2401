import type { Tool } from '@toolsift/core';
import { snippet } from './rule-text.js';

/** The chat messages for the LLM stage: the prompt and each candidate's use cases, `not_for` and conflicts. */
export function rerankMessages(
  prompt: string,
  tools: readonly Tool[],
): Array<{ role: 'system' | 'user'; content: string }> {
  const catalog = tools.map((tool) => ({
    id: tool.id,
    name: tool.name,
    description: snippet(tool.description, 400),
    ...(tool.useCases.length > 0
      ? {
          useCases: tool.useCases.map((useCase) => ({
            title: useCase.title,
            ...(useCase.whenToUse === undefined ? {} : { whenToUse: useCase.whenToUse }),
            ...(useCase.notFor === undefined ? {} : { notFor: useCase.notFor }),
          })),
        }
      : {}),
    ...(tool.conflicts.length > 0
      ? {
          conflicts: tool.conflicts.map((conflict) => ({
            tool: conflict.tool,
            severity: conflict.severity,
            ...(conflict.whenPreferThis === undefined ? {} : { whenPreferThis: conflict.whenPreferThis }),
            ...(conflict.whenPreferOther === undefined ? {} : { whenPreferOther: conflict.whenPreferOther }),
          })),
        }
      : {}),
  }));
  return [
    {
      role: 'system',
      content:
        'You choose which tools an agent should be given for a user request. Choose only among the candidate ids, ' +
        "best first; respect each tool's notFor and conflicts (never choose both sides of a high conflict). " +
        'Choose none when no candidate fits. Answer with JSON {"tools": [ids], "reason": "one sentence"}.',
    },
    { role: 'user', content: JSON.stringify({ request: prompt, candidates: catalog }) },
  ];
}

/** The JSON Schema of the model's answer (OpenAI structured output, strict). */
export const RERANK_RESPONSE_SCHEMA = {
  type: 'object',
  properties: {
    tools: { type: 'array', items: { type: 'string' } },
    reason: { type: 'string' },
  },
  required: ['tools', 'reason'],
  additionalProperties: false,
} as const;

/** Parse the model's answer; `undefined` when it is not the expected JSON. */
export function parseRerankAnswer(
  content: string | null | undefined,
): { tools: string[]; reason: string } | undefined {
  if (content === null || content === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { tools, reason } = value as { tools?: unknown; reason?: unknown };
  if (!Array.isArray(tools) || !tools.every((item) => typeof item === 'string')) return undefined;
  return { tools, reason: typeof reason === 'string' ? reason : '' };
}
