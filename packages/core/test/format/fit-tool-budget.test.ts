import { describe, expect, test } from 'vitest';
import { estimateToolTokens, TOOL_TOKEN_OVERHEAD } from '../../src/format/estimate-tool-tokens.js';
import { fitToolBudget } from '../../src/format/fit-tool-budget.js';
import { toOpenAITools } from '../../src/format/to-openai-tools.js';
import { makeTool } from './make-tool.js';

const tools = Array.from({ length: 200 }, (_, index) =>
  makeTool({ id: `tool_${String(index).padStart(3, '0')}` }),
);

describe('estimateToolTokens', () => {
  test('is the UTF-8 size of the JSON over 4, rounded up, plus the overhead', () => {
    expect(estimateToolTokens({ a: 'bcd' })).toBe(Math.ceil(11 / 4) + TOOL_TOKEN_OVERHEAD);
    expect(estimateToolTokens({ a: 'ééé' })).toBe(Math.ceil(14 / 4) + TOOL_TOKEN_OVERHEAD);
  });
});

describe('fitToolBudget', () => {
  test('keeps the prefix that fits maxTokens and says why it stopped', () => {
    const { tokens } = toOpenAITools(tools.slice(0, 3));
    const budget = tokens[0]! + tokens[1]! + tokens[2]! - 1;
    const fitted = fitToolBudget({ tools, target: 'openai', maxTokens: budget });
    expect(fitted.fitted.map((tool) => tool.id)).toEqual(['tool_000', 'tool_001']);
    expect(fitted.tools).toHaveLength(2);
    expect(fitted.names).toEqual({ tool_000: 'tool_000', tool_001: 'tool_001' });
    expect(fitted.totalTokens).toBe(tokens[0]! + tokens[1]!);
    expect(fitted.stoppedBy).toBe('maxTokens');
  });

  test.each([
    ['openai', undefined, undefined, 128, 'providerLimit'],
    ['openai-responses', undefined, 10, 10, 'maxTools'],
    ['gemini', 'vertex', undefined, 64, 'providerLimit'],
    ['anthropic', undefined, undefined, 200, undefined],
    ['mcp', undefined, 150, 150, 'maxTools'],
  ] as const)(
    '%s (provider %s, maxTools %s) keeps %i tools',
    (target, provider, maxTools, count, stoppedBy) => {
      const fitted = fitToolBudget({
        tools,
        target,
        ...(provider !== undefined ? { provider } : {}),
        ...(maxTools !== undefined ? { maxTools } : {}),
      });
      expect(fitted.tools).toHaveLength(count);
      expect(fitted.stoppedBy).toBe(stoppedBy);
    },
  );

  test('a budget below the first tool keeps nothing', () => {
    expect(fitToolBudget({ tools, target: 'anthropic', maxTokens: 1 })).toMatchObject({
      tools: [],
      totalTokens: 0,
      stoppedBy: 'maxTokens',
    });
  });

  test('a negative budget is a usage error', () => {
    expect(() =>
      fitToolBudget({ tools, target: 'openai', maxTokens: -1 }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: Invalid maxTokens -1: expected a number of at least 0.]`,
    );
  });
});
