import { describe, expect, it } from 'vitest';
import { makeTool } from '../fixtures/make-tool.js';
import { idsOf, rulesSelector } from './rules-fixture.js';

const tools = [
  makeTool({
    id: 'schedule_meeting',
    description: 'Schedule a meeting with colleagues and send the invite.',
    dependsOn: ['local:::someone:::find_slot'],
    complements: [{ tool: 'notify_chat', scenario: 'tell the team in chat' }, { tool: 'blocked_tool' }],
    alternatives: [{ tool: 'book_room', when: 'only a room is needed' }],
    conflicts: [{ tool: 'blocked_tool', severity: 'high' }],
  }),
  makeTool({ id: 'find_slot', description: 'Find a free time slot in calendars.' }),
  makeTool({ id: 'notify_chat', description: 'Post a note to a chat channel.' }),
  makeTool({ id: 'book_room', description: 'Book a meeting room.' }),
  makeTool({ id: 'blocked_tool', description: 'Something unrelated entirely.' }),
];

describe('relations', () => {
  it('adds dependsOn before and complements after the tool with expand, each with its reason', async () => {
    const selector = await rulesSelector(tools);
    const selection = await selector.select('schedule a meeting with colleagues and send the invite', {
      k: 1,
      abstain: false,
      expand: true,
    });
    expect(idsOf(selection)).toEqual(['find_slot', 'schedule_meeting', 'notify_chat']);
    expect(selection.tools[0]?.reasons.find((reason) => reason.kind === 'depends-on')?.message).toBe(
      'added because schedule_meeting depends on it',
    );
    expect(selection.tools[2]?.reasons.find((reason) => reason.kind === 'complement')?.message).toBe(
      'added as a complement of schedule_meeting: tell the team in chat',
    );
    expect(selection.suggestions).toEqual([
      expect.objectContaining({ id: 'book_room', for: 'schedule_meeting' }),
    ]);
  });

  it('adds nothing without expand but still suggests alternatives', async () => {
    const selector = await rulesSelector(tools);
    const selection = await selector.select('schedule a meeting with colleagues and send the invite', {
      k: 1,
      abstain: false,
    });
    expect(idsOf(selection)).toEqual(['schedule_meeting']);
    expect(selection.suggestions.map((tool) => tool.id)).toEqual(['book_room']);
    expect(selection.suggestions[0]?.reasons[0]?.message).toBe(
      'alternative to schedule_meeting when: only a room is needed',
    );
  });
});

describe('abstention and reported facts', () => {
  const catalog = [
    makeTool({
      id: 'weather',
      description: 'Current weather for a city.',
      requiresApproval: false,
      annotations: { readOnlyHint: true },
    }),
    makeTool({ id: 'stock_quote', description: 'Latest stock price for a ticker.' }),
  ];

  it('abstains when nothing fits and says why', async () => {
    const selector = await rulesSelector(catalog);
    const selection = await selector.select('compose a sonnet about autumn leaves', { k: 2 });
    expect(selection.tools).toEqual([]);
    expect(selection.abstention).toMatchObject({ threshold: 0.5 });
    expect(selection.abstention?.fit).toBeLessThan(0.5);
    expect(selection.warnings).toEqual([expect.objectContaining({ code: 'ABSTAINED' })]);
    expect(selection.warnings[0]?.message).toMatch(/below the threshold 0\.5 \(best cosine/);
  });

  it.each([
    { label: 'abstain: false', options: { abstain: false } },
    { label: 'threshold 0', options: { threshold: 0 } },
  ])('does not abstain with $label', async ({ options }) => {
    const selector = await rulesSelector(catalog);
    const selection = await selector.select('compose a sonnet about autumn leaves', { k: 2, ...options });
    expect(selection.tools).toHaveLength(2);
    expect(selection.abstention).toBeUndefined();
  });

  it('never abstains on a tool the prompt names, and reports declared facts', async () => {
    const selector = await rulesSelector(catalog);
    const selection = await selector.select('weather', { k: 1, threshold: 1 });
    expect(selection.tools[0]).toMatchObject({
      id: 'weather',
      requiresApproval: false,
      annotations: { readOnlyHint: true },
    });
  });
});
