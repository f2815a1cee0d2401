import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { describe, expect, it } from 'vitest';
import type { Embedder } from '../../src/embedding/embedder.js';
import { createHashEmbedder } from '../../src/embedding/hash-embedder.js';
import { createUseLiteEmbedder } from '../../src/embedding/use-lite-embedder.js';
import { ABSTENTION_FEATURES, abstentionLogit } from '../../src/rules/abstention-model.js';
import { abstentionModelFor } from '../../src/rules/abstention-rule.js';
import type { AbstentionSignals } from '../../src/rules/abstention-signals.js';
import { PROMPT_MODELS, SIGNAL_MODEL } from '../../src/rules/abstention-weights.js';
import { createSelector } from '../../src/selector/create-selector.js';
import { makeTool } from '../fixtures/make-tool.js';

const STRONG: AbstentionSignals = {
  denseMax: 0.85,
  denseMargin: 0.2,
  denseSpread: 0.3,
  coverage: 1,
  bm25: 25,
  bm25Margin: 0.6,
  agreement: 1,
  promptTerms: 5,
  outsideGap: 0,
  shortlist: 0,
};
const WEAK: AbstentionSignals = {
  denseMax: 0.15,
  denseMargin: 0.005,
  denseSpread: 0.01,
  coverage: 0,
  bm25: 0,
  bm25Margin: 0,
  agreement: 0,
  promptTerms: 5,
  outsideGap: 0,
  shortlist: 0,
};
const USE_LITE = PROMPT_MODELS.find((model) => model.id === 'use-lite');

describe('abstention model', () => {
  it.each([
    { model: 'signals', signals: STRONG, isAbove: true },
    { model: 'signals', signals: WEAK, isAbove: false },
    { model: 'signals, shortlist', signals: { ...STRONG, shortlist: 1 }, isAbove: true },
    // A weak shortlist of a catalog that holds a better tool.
    { model: 'signals, shortlist', signals: { ...WEAK, shortlist: 1, outsideGap: 0.3 }, isAbove: false },
    { model: 'use-lite', signals: STRONG, isAbove: true },
    { model: 'use-lite', signals: WEAK, isAbove: false },
  ])('$model: a clear fit is above the LOW_FIT point ($isAbove)', ({ model, signals, isAbove }) => {
    const chosen = model === 'use-lite' ? USE_LITE! : SIGNAL_MODEL;
    // Without a vector the centred prompt head adds nothing: the prompt counts as an average one.
    const logit = abstentionLogit({ model: chosen, signals });
    const fit = 1 / (1 + Math.exp(-(logit.signals + logit.prompt)));
    const regime = signals.shortlist > 0 ? chosen.shortlist : chosen.catalog;
    expect(fit > (regime.lowFit ?? 0.5)).toBe(isAbove);
  });

  it('abstains on nothing-like signals over a whole catalog', () => {
    const nothing = { ...WEAK, denseMax: 0.05, denseMargin: 0, denseSpread: 0 };
    for (const model of [SIGNAL_MODEL, USE_LITE!]) {
      const logit = abstentionLogit({ model, signals: nothing });
      expect(logit.signals + logit.prompt).toBeLessThan(0);
    }
  });

  it('puts the LOW_FIT point above the abstain point (fit 0.5) in every regime', () => {
    for (const model of [SIGNAL_MODEL, USE_LITE!])
      for (const regime of [model.catalog, model.shortlist]) expect(regime.lowFit).toBeGreaterThan(0.5);
  });

  it('ranks within a shortlist with its own coefficients', () => {
    const catalog = abstentionLogit({ model: SIGNAL_MODEL, signals: STRONG });
    const shortlist = abstentionLogit({ model: SIGNAL_MODEL, signals: { ...STRONG, shortlist: 1 } });
    expect(shortlist.signals).not.toBeCloseTo(catalog.signals, 3);
  });

  it('ships a use-lite prompt head of the embedder size, centred, with a full set of finite coefficients', () => {
    expect(USE_LITE?.prompt).toMatchObject({ embedder: 'use-lite', dimensions: 512 });
    expect(USE_LITE?.prompt?.weights).toHaveLength(512);
    for (const model of [SIGNAL_MODEL, USE_LITE!]) {
      for (const regime of [model.catalog, model.shortlist]) {
        expect(Object.keys(regime.weights).sort()).toEqual([...ABSTENTION_FEATURES].sort());
        expect([regime.bias, ...Object.values(regime.weights)].every(Number.isFinite)).toBe(true);
      }
    }
    expect(SIGNAL_MODEL.prompt).toBeUndefined();
  });

  it.each([
    { embedderId: 'use-lite', dimensions: 512, expected: 'use-lite' },
    { embedderId: 'use-lite', dimensions: 256, expected: 'signals' },
    { embedderId: 'hash:512', dimensions: 512, expected: 'signals' },
    { embedderId: 'openai:text-embedding-3-small', dimensions: 1536, expected: 'signals' },
  ])(
    'embedder $embedderId ($dimensions-d) uses the $expected model',
    ({ embedderId, dimensions, expected }) => {
      const model = abstentionModelFor({ embedderId, queryVector: new Float32Array(dimensions) });
      expect(model.id).toBe(expected);
    },
  );

  it('holds the prompt head within its limit, so wording alone cannot empty a selection', () => {
    const head = USE_LITE!;
    const limit = head.prompt?.limit ?? Number.POSITIVE_INFINITY;
    expect(limit).toBeLessThan(5);
    // A vector along the head's own weights, scaled far beyond a unit sentence vector: the part stops at the limit.
    const along = Float32Array.from(head.prompt?.weights ?? [], (weight) => weight * 100);
    const against = Float32Array.from(along, (value) => -value);
    expect(abstentionLogit({ model: head, signals: STRONG, queryVector: along }).prompt).toBe(limit);
    expect(abstentionLogit({ model: head, signals: STRONG, queryVector: against }).prompt).toBe(-limit);
  });

  it('adds the prompt head only with a vector of its size', () => {
    const head = USE_LITE!;
    const without = abstentionLogit({ model: head, signals: STRONG, queryVector: new Float32Array(3) });
    const vector = new Float32Array(512);
    vector[0] = 1;
    const withVector = abstentionLogit({ model: head, signals: STRONG, queryVector: vector });
    expect(without.prompt).toBe(0);
    expect(withVector.prompt).toBeCloseTo((head.prompt?.offset ?? 0) + (head.prompt?.weights[0] ?? 0), 6);
    expect(withVector.signals).toBe(without.signals);
  });
});

describe('abstention rule', () => {
  // Ids the prompts do not name (a named tool is never abstained on, so it carries no abstention reason).
  const catalog = [
    makeTool({ id: 'forecaster', description: 'Current weather for a city.' }),
    makeTool({ id: 'quoter', description: 'Latest stock price for a ticker.' }),
  ];

  it.each([
    { embedder: createHashEmbedder({ dimensions: 512 }), model: 'signals' },
    { embedder: renamed(createHashEmbedder({ dimensions: 512 }), 'use-lite'), model: 'use-lite' },
  ])('reports the model used, the prompt head and the signals ($model)', async ({ embedder, model }) => {
    const selector = await createSelector({ catalog, embedder, indexDir: false });
    const selection = await selector.select('current weather for a city', { k: 1, threshold: 0 });
    const reason = selection.tools[0]?.reasons.find((entry) => entry.kind === 'abstention');
    expect(reason?.details).toMatchObject({ model, threshold: 0, shortlist: 0, agreement: 1 });
    expect(reason?.message.includes('prompt wording')).toBe(model === 'use-lite');
    expect((reason?.details?.promptLogit as number) !== 0).toBe(model === 'use-lite');
  });

  it('switches to the shortlist regime when the caller gives candidates', async () => {
    const selector = await createSelector({ catalog, embedder: createHashEmbedder(), indexDir: false });
    const prompt = 'current weather for a city';
    const whole = await selector.select(prompt, { k: 1, threshold: 0 });
    const within = await selector.select(prompt, { k: 1, threshold: 0, candidates: ['forecaster'] });
    const fitOf = (selection: typeof whole) =>
      selection.tools[0]?.reasons.find((entry) => entry.kind === 'abstention')?.details;
    expect(fitOf(within)).toMatchObject({ shortlist: 1 });
    expect(fitOf(within)?.fit).not.toBe(fitOf(whole)?.fit);
  });

  it('measures how much better the catalog fits than the shortlist', async () => {
    const selector = await createSelector({ catalog, embedder: createHashEmbedder(), indexDir: false });
    const gapOf = async (candidates: string[]) =>
      (
        await selector.select('current weather for a city', { k: 1, threshold: 0, candidates })
      ).tools[0]?.reasons.find((entry) => entry.kind === 'abstention')?.details?.outsideGap as number;
    expect(await gapOf(['forecaster', 'quoter'])).toBe(0);
    expect(await gapOf(['quoter'])).toBeGreaterThan(0.5);
    const whole = await selector.select('current weather for a city', { k: 1, threshold: 0 });
    expect(whole.tools[0]?.reasons.find((entry) => entry.kind === 'abstention')?.details?.outsideGap).toBe(0);
  });

  it.each([
    { offset: -0.001, isAbstaining: false },
    { offset: 0.001, isAbstaining: true },
  ])(
    'abstains when the caller threshold is the fit $offset: $isAbstaining',
    async ({ offset, isAbstaining }) => {
      const selector = await createSelector({ catalog, embedder: createHashEmbedder(), indexDir: false });
      const prompt = 'stock price for a ticker';
      const probe = await selector.select(prompt, { k: 1, threshold: 0 });
      const fit = probe.tools[0]?.reasons.find((entry) => entry.kind === 'abstention')?.details
        ?.fit as number;
      const threshold = fit + offset;
      const selection = await selector.select(prompt, { k: 1, threshold });
      expect(selection.tools.length === 0).toBe(isAbstaining);
      expect(selection.abstention?.threshold).toBe(isAbstaining ? threshold : undefined);
    },
  );
});

describe('abstention when the tools that fit cannot run here', () => {
  const mailer = (fallback?: string) =>
    makeTool({
      id: 'mailer',
      description: 'Send an email message to a recipient.',
      prerequisites: [{ name: 'mail token', envVars: ['MAIL_TOKEN'], ...(fallback ? { fallback } : {}) }],
    });
  const others = [
    makeTool({ id: 'forecaster', description: 'Current weather for a city.' }),
    makeTool({ id: 'quoter', description: 'Latest stock price for a ticker.' }),
  ];
  const prompt = 'send an email message to a recipient';
  type Fitted = { tools: ReadonlyArray<{ reasons: ReadonlyArray<{ kind: string; details?: unknown }> }> };
  const fitOf = (selection: Fitted): number =>
    Number(
      (
        selection.tools[0]?.reasons.find((reason) => reason.kind === 'abstention')?.details as
          | { fit?: number }
          | undefined
      )?.fit,
    );

  it('judges the tools that can run on their own fit, and says which fitting ones need setup', async () => {
    const selector = await createSelector({
      catalog: [mailer(), ...others],
      embedder: createHashEmbedder(),
      indexDir: false,
    });
    const fitting = fitOf(await selector.select(prompt, { k: 1, threshold: 0, env: { MAIL_TOKEN: 'set' } }));
    const runnable = fitOf(await selector.select(prompt, { k: 1, threshold: 0, env: {} }));
    expect(runnable).toBeLessThan(fitting);
    const threshold = (fitting + runnable) / 2;

    const withToken = await selector.select(prompt, { k: 2, threshold, env: { MAIL_TOKEN: 'set' } });
    expect(withToken.tools[0]?.id).toBe('mailer');

    const without = await selector.select(prompt, { k: 2, threshold, env: {} });
    expect(without.tools).toEqual([]);
    expect(without.unavailable.map((tool) => tool.id)).toEqual(['mailer']);
    expect(without.warnings).toEqual([
      expect.objectContaining({
        code: 'ABSTAINED',
        message: expect.stringMatching(
          /^the tools that fit best cannot run here \(mailer; see unavailable\)/,
        ),
      }),
    ]);
    expect(without.abstention?.fit).toBeCloseTo(runnable, 3);
  });

  it('measures the shortlist tools that can run against the whole catalog, the set-aside best included', async () => {
    const selector = await createSelector({
      catalog: [mailer(), ...others],
      embedder: createHashEmbedder(),
      indexDir: false,
    });
    const gapOf = async (candidates: string[]) =>
      (await selector.select(prompt, { k: 1, threshold: 0, env: {}, candidates })).tools[0]?.reasons.find(
        (reason) => reason.kind === 'abstention',
      )?.details?.outsideGap as number;
    const setAside = await gapOf(['mailer', 'quoter']);
    expect(setAside).toBeGreaterThan(0.5);
    expect(setAside).toBe(await gapOf(['quoter']));
  });

  it('keeps a declared fallback offered in its place', async () => {
    const selector = await createSelector({
      catalog: [mailer('quoter'), ...others],
      embedder: createHashEmbedder(),
      indexDir: false,
    });
    const fitting = fitOf(await selector.select(prompt, { k: 1, threshold: 0, env: { MAIL_TOKEN: 'set' } }));
    const selection = await selector.select(prompt, { k: 1, threshold: fitting - 0.001, env: {} });
    expect(selection.tools.map((tool) => tool.id)).toEqual(['quoter']);
    expect(selection.warnings.filter((warning) => warning.code === 'ABSTAINED')).toEqual([]);
  });
});

// --- internal ---

function renamed(embedder: Embedder, id: string): Embedder {
  return { id, dimensions: embedder.dimensions, embed: (texts) => embedder.embed(texts) };
}

describe('abstention, when the prompt asks for a change a tool makes (use-lite)', () => {
  // A memory server's tools as a gateway indexes them, and two others; statements to a memory server share no
  // words with its tools and read like chat.
  const memory = { name: 'memory' };
  const tools = [
    makeTool({
      id: 'memory__add_facts',
      description: 'Add facts about people and things to the knowledge graph.',
      server: memory,
    }),
    makeTool({
      id: 'memory__drop_person',
      description: 'Delete a person and every fact about them from the knowledge graph.',
      server: memory,
    }),
    makeTool({
      id: 'memory__find_facts',
      description: 'Search the knowledge graph for facts matching a query.',
      server: memory,
    }),
    makeTool({
      id: 'memory__link_people',
      description: 'Link two people in the knowledge graph with a named relation.',
      server: memory,
    }),
    makeTool({
      id: 'files__read_text',
      description: 'Read a text file from disk.',
      server: { name: 'files' },
    }),
    makeTool({ id: 'calc__add', description: 'Add two numbers.', server: { name: 'calc' } }),
  ];
  const selectorOf = async () =>
    createSelector({
      catalog: tools,
      embedder: await createUseLiteEmbedder({ cacheDir: SHARED_TEST_CACHE_DIR }),
      indexDir: false,
    });

  it('keeps the tools, with LOW_FIT, for "forget everything about Bob": it asks to delete, and a tool deletes', async () => {
    const selector = await selectorOf();
    const prompt = 'forget everything about Bob';
    const fit = (await selector.select(prompt, { k: 3, abstain: 'never' })).tools[0]?.reasons.find(
      (reason) => reason.kind === 'abstention',
    )?.details.fit as number;
    expect(fit).toBeLessThan(0.5);
    const auto = await selector.select(prompt, { k: 3 });
    expect(auto.tools.length).toBe(3);
    expect(auto.warnings.find((warning) => warning.code === 'LOW_FIT')?.message).toMatch(
      /; they are kept, as the prompt asks to delete \("forget"\) and memory__drop_person says it does$/,
    );
    // `eager` empties below the LOW_FIT point, as before.
    expect((await selector.select(prompt, { k: 3, abstain: 'eager' })).tools).toEqual([]);
  }, 120_000);

  it.each([
    // No verb: nothing says a tool is asked for.
    "Alice isn't Bob's manager anymore",
    // A verb, but not as a request words it.
    'Bob moved to Berlin last year',
  ])(
    'still empties "%s" when nothing fits',
    async (prompt) => {
      const selector = await selectorOf();
      expect((await selector.select(prompt, { k: 3 })).tools).toEqual([]);
    },
    120_000,
  );
});
