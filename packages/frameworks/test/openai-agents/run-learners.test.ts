import { createHashEmbedder } from '@toolsift/selector';
import { describe, expect, test } from 'vitest';
import { createRunLearners } from '../../src/openai-agents/run-learners.js';
import { createCodeSelector } from '../../src/shared/create-code-selector.js';

const tools = [
  { name: 'get_weather', description: 'Current weather for a city', inputSchema: { type: 'object' } },
  { name: 'send_email', description: 'Send an email to someone', inputSchema: { type: 'object' } },
];
const open = () => createCodeSelector({ tools, embedder: createHashEmbedder(), indexDir: false });

describe('createRunLearners', () => {
  test('a learning is kept only while in flight: a run that never ends leaves nothing behind', async () => {
    const selector = await open();
    const learners = createRunLearners(selector, { isSaved: false });
    // A run that threw: its learner recorded a call, and no end of run ever comes.
    const learner = learners.learnerFor([{ kind: 'user', text: 'weather in Paris?' }]);
    learners.recordCall(learner, 'get_weather');
    expect(learners.inFlight()).toBe(1);
    expect(await learners.flush()).toMatchObject({ changed: 1, tools: ['get_weather'], failures: [] });
    expect(learners.inFlight()).toBe(0);
    expect(selector.learned()).toEqual([
      { prompt: 'weather in Paris?', tool: 'get_weather', source: 'call' },
    ]);
  });

  test('without onLearnError, a failure no choice took is returned by flush', async () => {
    const selector = await open();
    const learners = createRunLearners(selector, true);
    const learner = learners.learnerFor([{ kind: 'user', text: 'mail Bob' }]);
    learners.recordCall(learner, 'send_email');
    // Removed before the background learning runs: learning the call fails UNKNOWN_TOOL.
    await selector.removeTools(['send_email']);
    const summary = await learners.flush();
    expect(summary).toMatchObject({ failed: 1 });
    expect(summary.failures).toEqual([
      {
        example: { prompt: 'mail Bob', tool: 'send_email' },
        error: expect.objectContaining({ code: 'UNKNOWN_TOOL' }),
      },
    ]);
    expect(learners.takeFailures()).toEqual([]);
  });

  test.each([0, 2.5, Number.NaN])('learn.maxPerTool %s is a USAGE_ERROR at creation', async (maxPerTool) => {
    const selector = await open();
    expect(() => createRunLearners(selector, { maxPerTool })).toThrow(
      expect.objectContaining({ code: 'USAGE_ERROR' }),
    );
  });
});
