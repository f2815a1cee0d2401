import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSelector, type Selector } from '../../src/selector/create-selector.js';

// The real thing: the default offline use-lite embedder and a persisted index over the project catalog.
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
let indexDir: string;
let selector: Selector;

beforeAll(async () => {
  indexDir = await mkdtemp(path.join(os.tmpdir(), 'toolsift-use-lite-'));
  selector = await createSelector({ catalog: path.join(repoRoot, 'metadata'), indexDir });
});
afterAll(async () => {
  await rm(indexDir, { recursive: true, force: true });
});

describe('selection with use-lite over metadata/', () => {
  it('uses use-lite by default and builds a persistent index', () => {
    expect(selector.embedder).toMatchObject({ id: 'use-lite', dimensions: 512 });
    expect(selector.index).toMatchObject({ status: 'built', dir: indexDir, reused: 0 });
  });

  it.each([
    ['email the Q3 report to Alice', ['send_email_smtp', 'gmail-send-message']],
    ['will it rain in Lisbon tomorrow', ['get_weather_forecast']],
    ['how many yen is 250 dollars', ['convert_currency']],
    ['clone the repository github.com/acme/api', ['git_clone_repository']],
  ])('%s', async (prompt, expected) => {
    // Ranking only: prerequisites (API keys this machine lacks) and abstention are the rules' business.
    const selection = await selector.select(prompt, { k: 3, abstain: false, includeUnavailable: true });
    expect(expected).toContain(selection.tools[0]?.id);
  });

  it('reloads the saved index without embedding the catalog again', async () => {
    const reloaded = await createSelector({ catalog: path.join(repoRoot, 'metadata'), indexDir });
    expect(reloaded.index).toMatchObject({ status: 'loaded', embedded: 0 });
    const prompt = 'translate this paragraph into Spanish';
    expect((await reloaded.select(prompt)).tools).toEqual((await selector.select(prompt)).tools);
  });
});
