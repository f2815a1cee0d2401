import { estimateToolTokens, formatTools } from '@toolsift/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Selector } from '../../src/selector/create-selector.js';
import { projectCatalogSelector, RANKING_ONLY } from '../fixtures/project-catalog.js';

describe('maxTokens in selection options', () => {
  let selector: Selector;
  beforeAll(async () => {
    selector = await projectCatalogSelector();
  });

  it('keeps the longest prefix that fits the budget and warns about the rest', async () => {
    const prompt = 'send an email with the report to the team';
    const full = await selector.select(prompt, { ...RANKING_ONLY, k: 5 });
    const tools = full.tools.map((selected) => selector.tool(selected.id)!);
    const emitted = formatTools(tools, 'openai');
    const firstTwo = emitted.tools.slice(0, 2).reduce((sum, tool) => sum + estimateToolTokens(tool), 0);

    const cut = await selector.select(prompt, {
      ...RANKING_ONLY,
      k: 5,
      maxTokens: firstTwo,
      target: 'openai',
    });
    expect(cut.tools.map((tool) => tool.id)).toEqual(full.tools.slice(0, 2).map((tool) => tool.id));
    expect(cut.warnings.map((warning) => warning.code)).toContain('TOOL_BUDGET');
  });

  it('changes nothing when the budget is large enough', async () => {
    const full = await selector.select('weather forecast for Berlin', { ...RANKING_ONLY, k: 4 });
    const budgeted = await selector.select('weather forecast for Berlin', {
      ...RANKING_ONLY,
      k: 4,
      maxTokens: 1e6,
    });
    expect(budgeted.tools.map((tool) => tool.id)).toEqual(full.tools.map((tool) => tool.id));
    expect(budgeted.warnings.map((warning) => warning.code)).not.toContain('TOOL_BUDGET');
  });
});
