import type { Tool, ToolExample, UseCase } from '@toolsift/core';

/** One prompt a tool's own metadata gives: a use case's example (else its when-to-use, else its title), or an
 * example's prompt (else its name and description, as its view says them). */
export interface OwnPrompt {
  text: string;
  source: 'use-case' | 'example';
  index: number;
}

/**
 * A tool's own prompts, one per distinct text (case and spacing aside): a text written twice (a use case's example
 * that is also an example prompt) is one prompt, held out as one, else the copy left behind would match it word for
 * word. Each keeps the place of its first writing; `holdOut` removes every writing.
 */
export function ownPrompts(tool: Pick<Tool, 'useCases' | 'examples'>): OwnPrompt[] {
  const byKey = new Map<string, OwnPrompt>();
  const add = (text: string, source: OwnPrompt['source'], index: number): void => {
    const key = keyOf(text);
    if (key.length > 0 && !byKey.has(key)) byKey.set(key, { text: normalize(text), source, index });
  };
  for (const [index, useCase] of tool.useCases.entries()) add(useCasePrompt(useCase), 'use-case', index);
  for (const [index, example] of tool.examples.entries()) add(examplePrompt(example), 'example', index);
  return [...byKey.values()];
}

/** The tool without the use cases and examples that say any of `held` (the prompts held out of its views). */
export function holdOut(tool: Tool, held: readonly OwnPrompt[]): Tool {
  if (held.length === 0) return tool;
  const keys = new Set(held.map((prompt) => keyOf(prompt.text)));
  return {
    ...tool,
    useCases: tool.useCases.filter((useCase) => !keys.has(keyOf(useCasePrompt(useCase)))),
    examples: tool.examples.filter((example) => !keys.has(keyOf(examplePrompt(example)))),
  };
}

// --- internal ---

function useCasePrompt(useCase: UseCase): string {
  return useCase.example ?? useCase.whenToUse ?? useCase.title;
}

function examplePrompt(example: ToolExample): string {
  return example.prompt ?? [example.name, example.description].filter(Boolean).join('. ');
}

function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function keyOf(text: string): string {
  return normalize(text).toLowerCase();
}
