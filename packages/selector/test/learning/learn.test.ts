import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PROMPT_LENGTH } from '../../src/ranking/cap-prompt.js';
import { createSelector } from '../../src/selector/create-selector.js';
import { countingEmbedder, sampleTools } from '../fixtures/make-tool.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'toolsift-learn-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const prompt = 'do I need an umbrella for the picnic';

describe('learning from usage', () => {
  it('adds a prompt as a learned view of its tool only, and it wins that prompt', async () => {
    const selector = await createSelector({
      catalog: sampleTools(),
      embedder: countingEmbedder(),
      indexDir: dir,
    });
    const report = await selector.learn([{ prompt, tool: 'get_weather' }]);
    expect(report).toEqual({ changed: 1, unchanged: 0, tools: ['get_weather'] });
    expect(selector.views('get_weather').filter((view) => view.kind === 'learned')).toEqual([
      expect.objectContaining({ text: prompt, toolId: 'get_weather' }),
    ]);
    for (const tool of selector.tools.filter((other) => other.id !== 'get_weather')) {
      expect(selector.views(tool.id).map((view) => view.text)).not.toContain(prompt);
    }
    const [top] = (await selector.select(prompt, { k: 1, abstain: false })).tools;
    expect(top?.id).toBe('get_weather');
    expect(top?.reasons.find((reason) => reason.kind === 'dense')?.details?.viewKind).toBe('learned');
  });

  it('keeps a prompt learned for two tools separate, per tool', async () => {
    const selector = await createSelector({
      catalog: sampleTools(),
      embedder: countingEmbedder(),
      indexDir: false,
    });
    await selector.learn([
      { prompt: 'email my boss the ACME share price', tool: 'send_email' },
      { prompt: 'email my boss the ACME share price', tool: 'stock_quote' },
    ]);
    const keys = [...selector.views('send_email'), ...selector.views('stock_quote')]
      .filter((view) => view.kind === 'learned')
      .map((view) => view.key);
    expect(keys).toHaveLength(2);
    expect(keys.every((key, index) => key.startsWith(index === 0 ? 'send_email#' : 'stock_quote#'))).toBe(
      true,
    );
  });

  it('persists learned prompts, learns each once, and forgets them', async () => {
    const first = await createSelector({
      catalog: sampleTools(),
      embedder: countingEmbedder(),
      indexDir: dir,
    });
    await first.learn([{ prompt, tool: 'get_weather' }]);
    const embedder = countingEmbedder();
    const second = await createSelector({ catalog: sampleTools(), embedder, indexDir: dir });
    expect(second.index.status).toBe('loaded');
    expect(second.learned()).toEqual([{ prompt, tool: 'get_weather', source: 'labelled' }]);
    expect(await second.learn([{ prompt: prompt.toUpperCase(), tool: 'get_weather' }])).toMatchObject({
      changed: 0,
      unchanged: 1,
    });

    expect(await second.forget([{ prompt }])).toEqual({ changed: 1, unchanged: 0, tools: ['get_weather'] });
    expect(second.views('get_weather').some((view) => view.kind === 'learned')).toBe(false);
    const third = await createSelector({ catalog: sampleTools(), embedder, indexDir: dir });
    expect(third.learned()).toEqual([]);
  });

  it('refuses a prompt for a tool the catalog does not have', async () => {
    const selector = await createSelector({
      catalog: sampleTools(),
      embedder: countingEmbedder(),
      indexDir: false,
    });
    await expect(selector.learn([{ prompt, tool: 'umbrella_finder' }])).rejects.toMatchObject({
      code: 'UNKNOWN_TOOL',
    });
    expect(selector.learned()).toEqual([]);
  });

  // Written out in pieces so that no secret scanner mistakes the test for a leak.
  const password = ['hun', 'ter2'].join('');
  const key = ['sk', 'proj', 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'].join('-');

  it.each([
    ['a password in a URL', `send the report through smtp://mailer:${password}@mail.example.com`],
    ['an OpenAI key', `email Bob with the key ${key}`],
  ])('skips a prompt holding %s, says how many and why, and writes nothing of it', async (_name, secret) => {
    const selector = await createSelector({
      catalog: sampleTools(),
      embedder: countingEmbedder(),
      indexDir: dir,
    });
    const report = await selector.learn([
      { prompt: secret, tool: 'send_email' },
      { prompt: 'mail the minutes to the team', tool: 'send_email' },
    ]);
    expect(report).toEqual({
      changed: 1,
      unchanged: 0,
      tools: ['send_email'],
      skipped: 1,
      warnings: [
        {
          code: 'PROMPT_HAS_SECRET',
          message:
            '1 prompt(s) not learned: they hold what looks like a secret (an API key, a token, a password in a URL)',
          count: 1,
        },
      ],
    });
    expect(selector.learned().map((entry) => entry.prompt)).toEqual(['mail the minutes to the team']);
    const secretPart = secret.includes(password) ? password : key;
    for (const file of await readdir(dir))
      if (!file.endsWith('vector-index'))
        expect(await readFile(path.join(dir, file), 'latin1')).not.toContain(secretPart);
  });

  it('skips a prompt holding a secret kept in memory only too (isSaved: false)', async () => {
    const selector = await createSelector({
      catalog: sampleTools(),
      embedder: countingEmbedder(),
      indexDir: false,
    });
    const report = await selector.learn([{ prompt: `call it with ${key}`, tool: 'send_email' }], {
      isSaved: false,
    });
    expect(report).toMatchObject({
      changed: 0,
      skipped: 1,
      warnings: [{ code: 'PROMPT_HAS_SECRET', count: 1 }],
    });
    expect(selector.learned()).toEqual([]);
  });

  it('learns a prompt of 10 MB as selection reads it: its start and end, at most MAX_PROMPT_LENGTH', async () => {
    const selector = await createSelector({
      catalog: sampleTools(),
      embedder: countingEmbedder(),
      indexDir: dir,
    });
    const pasted = `${'lorem ipsum '.repeat(900_000)}so is it raining in Oslo`;
    const report = await selector.learn([{ prompt: pasted, tool: 'get_weather' }]);
    expect(report.warnings).toEqual([
      {
        code: 'PROMPT_TRUNCATED',
        message: `1 prompt(s) longer than ${MAX_PROMPT_LENGTH.toLocaleString('en-US')} characters learned as their start and end, as selection reads them`,
        count: 1,
      },
    ]);
    const [learned] = selector.learned();
    expect(learned?.prompt.length).toBeLessThanOrEqual(MAX_PROMPT_LENGTH);
    expect(learned?.prompt).toMatch(/^lorem ipsum .* … .*so is it raining in Oslo$/);
    // Learned again, or forgotten, whole: the same prompt.
    expect(await selector.learn([{ prompt: pasted, tool: 'get_weather' }])).toMatchObject({
      changed: 0,
      unchanged: 1,
    });
    expect(await selector.forget([{ prompt: pasted }])).toMatchObject({ changed: 1 });
  });
});
