import { describe, expect, test } from 'vitest';
import { capPrompt, MAX_PROMPT_LENGTH } from '../../src/ranking/cap-prompt.js';
import { createSelector } from '../../src/selector/create-selector.js';
import { sampleTools } from '../fixtures/make-tool.js';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('capPrompt', () => {
  test.each([
    ['a short prompt', 'book a flight to Oslo'],
    ['a prompt of exactly the limit', 'x'.repeat(MAX_PROMPT_LENGTH)],
  ])('keeps %s whole, with no warning', (_, prompt) => {
    expect(capPrompt(prompt)).toEqual({ prompt });
  });

  test('keeps the start and the end of a longer prompt, within the limit, and says so', () => {
    const prompt = `${'start '.repeat(2000)}${'middle '.repeat(10_000)}${'end '.repeat(500)}`;
    const capped = capPrompt(prompt);
    expect(capped.prompt.length).toBeLessThanOrEqual(MAX_PROMPT_LENGTH);
    expect(capped.prompt.startsWith('start start')).toBe(true);
    expect(capped.prompt.endsWith('end end ')).toBe(true);
    expect(capped.prompt).not.toContain('middle');
    expect(capped.warning?.code).toBe('PROMPT_TRUNCATED');
    expect(capped.warning?.message).toMatchInlineSnapshot(
      `"the prompt has 84,000 characters; selection read its first 3,069 and its last 1,024 (at most 4,096)"`,
    );
  });

  test('never splits a surrogate pair at either cut', () => {
    // Emoji are two UTF-16 units; with these offsets both cuts fall inside a pair, so each gives up one unit.
    const capped = capPrompt(`ab${'😀'.repeat(MAX_PROMPT_LENGTH)}c`);
    expect(capped.prompt).not.toMatch(LONE_SURROGATE);
    expect(capped.warning?.message).toMatchInlineSnapshot(
      `"the prompt has 8,195 characters; selection read its first 3,068 and its last 1,023 (at most 4,096)"`,
    );
  });
});

describe('select with a huge prompt', () => {
  test('reads 4,096 characters of a 10,000,000-character prompt, ranks, and warns', async () => {
    const selector = await createSelector({ catalog: sampleTools(), embedder: 'hash', indexDir: false });
    const prompt = `send an email to Bob ${'lorem ipsum '.repeat(833_333)}`;
    expect(prompt.length).toBeGreaterThanOrEqual(10_000_000);
    const selection = await selector.select(prompt, { k: 1, abstain: false });
    expect(selection.tools.map((tool) => tool.id)).toEqual(['send_email']);
    expect(selection.warnings).toContainEqual(expect.objectContaining({ code: 'PROMPT_TRUNCATED' }));
  });

  test('still refuses a prompt of only white space, however long', async () => {
    const selector = await createSelector({ catalog: sampleTools(), embedder: 'hash', indexDir: false });
    await expect(selector.select(' '.repeat(10_000_000))).rejects.toMatchObject({ code: 'USAGE_ERROR' });
  });
});
