import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSelector, type Selector } from '../../src/selector/create-selector.js';
import type { SelectOptions } from '../../src/selector/selection.js';
import { countingEmbedder, makeTool, sampleTools } from '../fixtures/make-tool.js';
import { projectCatalogSelector, RANKING_ONLY } from '../fixtures/project-catalog.js';

describe('createSelector over the project catalog', () => {
  let selector: Selector;
  beforeAll(async () => {
    selector = await projectCatalogSelector();
  });

  it('returns exactly the result shape', async () => {
    const selection = await selector.select('what is the weather in Paris right now', {
      ...RANKING_ONLY,
      k: 3,
    });
    expect(Object.keys(selection).sort()).toEqual([
      'suggestions',
      'timings',
      'tools',
      'unavailable',
      'warnings',
    ]);
    expect(selection.tools).toHaveLength(3);
    for (const tool of selection.tools) {
      expect(Object.keys(tool)).toEqual(
        expect.arrayContaining(['confidence', 'id', 'name', 'reasons', 'score']),
      );
      expect(tool.score).toBeGreaterThanOrEqual(0);
      expect(tool.score).toBeLessThanOrEqual(1);
      expect(tool.confidence).toBeGreaterThanOrEqual(0);
      expect(tool.confidence).toBeLessThanOrEqual(1);
      expect(tool.reasons.map((reason) => reason.kind)).toContain('fusion');
    }
    expect(selection.tools[0]?.id).toBe('get_current_weather');
    for (const list of [selection.unavailable, selection.suggestions, selection.warnings])
      expect(Array.isArray(list)).toBe(true);
    expect(Object.keys(selection.timings)).toEqual(
      expect.arrayContaining([
        'embed',
        'exact',
        'dense',
        'lexical',
        'fuse',
        'confidence',
        'explain',
        'total',
      ]),
    );
  });

  it('puts a tool the prompt names first, and says so', async () => {
    const selection = await selector.select('use git_clone_repository on this url', {
      ...RANKING_ONLY,
      k: 2,
    });
    expect(selection.tools[0]?.id).toBe('git_clone_repository');
    expect(selection.tools[0]?.reasons[0]).toMatchObject({ kind: 'exact-name' });
  });

  it('explains which view and which words matched', async () => {
    const [top] = (await selector.select('send an email over smtp', { ...RANKING_ONLY, k: 1 })).tools;
    const dense = top!.reasons.find((reason) => reason.kind === 'dense');
    const lexical = top!.reasons.find((reason) => reason.kind === 'lexical');
    expect(dense?.details).toMatchObject({ view: expect.stringContaining('#') });
    expect(lexical?.kind === 'lexical' ? lexical.details.terms : []).toEqual(
      expect.arrayContaining(['smtp']),
    );
  });

  it('writes the fusion as the weights it used: multi-sentence prompts lean on the lexical side', async () => {
    const fusionOf = async (prompt: string, options: SelectOptions = {}, from = selector) => {
      const selection = await from.select(prompt, { ...RANKING_ONLY, k: 1, ...options });
      const reason = selection.tools[0]?.reasons.find((entry) => entry.kind === 'fusion');
      const match = /fused (-?[\d.]+) = dense (-?[\d.]+) x ([\d.]+) \+ lexical (-?[\d.]+) x ([\d.]+)/.exec(
        reason?.message ?? '',
      );
      const [fused, dense, denseWeight, lexical, lexicalWeight] = (match?.slice(1) ?? []).map(Number);
      // The message adds up, to its rounding.
      expect(Math.abs(dense! * denseWeight! + lexical! * lexicalWeight! - fused!)).toBeLessThan(0.002);
      return { denseWeight, lexicalWeight };
    };
    expect(await fusionOf('what is the weather in Paris right now')).toEqual({
      denseWeight: 0.5,
      lexicalWeight: 0.5,
    });
    // Defaults: fusion.multiSentenceDense 0.3 against fusion.lexical 0.5, scaled to sum to 1.
    expect(await fusionOf('I am in Paris. What is the weather right now?')).toEqual({
      denseWeight: 0.375,
      lexicalWeight: 0.625,
    });
    // Overrides go knob by knob: a call's over the selector's over the defaults.
    const weather = 'what is the weather in Paris right now';
    expect(await fusionOf(weather, { weights: { fusion: { dense: 0.75 } } })).toEqual({
      denseWeight: 0.6,
      lexicalWeight: 0.4,
    });
    const leaning = await createSelector({
      catalog: sampleTools(),
      embedder: 'hash',
      indexDir: false,
      weights: { fusion: { lexical: 0.25 }, views: { sentence: 0 } },
    });
    expect(await fusionOf(weather, {}, leaning)).toEqual({ denseWeight: 0.6667, lexicalWeight: 0.3333 });
    expect(await fusionOf(weather, { weights: { fusion: { dense: 0.75 } } }, leaning)).toEqual({
      denseWeight: 0.75,
      lexicalWeight: 0.25,
    });
  });

  it('is deterministic', async () => {
    const first = await selector.select('convert 100 dollars to euro', { k: 5 });
    const second = await selector.select('convert 100 dollars to euro', { k: 5 });
    expect(second.tools).toEqual(first.tools);
  });

  it('ranks only among candidates and warns about unknown ones', async () => {
    const selection = await selector.select('weather in Paris', {
      ...RANKING_ONLY,
      k: 5,
      candidates: ['send_email_smtp', 'calculator', 'nope'],
    });
    expect(selection.tools.map((tool) => tool.id).sort()).toEqual(['calculator', 'send_email_smtp']);
    expect(selection.warnings).toContainEqual(expect.objectContaining({ code: 'UNKNOWN_CANDIDATE' }));
  });

  it.each([0, -1, 1.5])('refuses k = %s', async (k) => {
    await expect(selector.select('weather', { k })).rejects.toMatchObject({ code: 'USAGE_ERROR' });
  });

  it('refuses an empty prompt', async () => {
    await expect(selector.select('   ')).rejects.toMatchObject({ code: 'USAGE_ERROR' });
  });
});

describe('bad ranking weights', () => {
  it('are a USAGE_ERROR when the selector is created, before anything is embedded', async () => {
    const embedder = countingEmbedder();
    await expect(
      createSelector({
        catalog: sampleTools(),
        embedder,
        indexDir: false,
        weights: { fusion: { mode: 'rrf' as 'rank' } },
      }),
    ).rejects.toMatchObject({ code: 'USAGE_ERROR', details: { option: 'fusion.mode' } });
    expect(embedder.embeddedTexts).toEqual([]);
  });
});

describe('changing the catalog', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'toolsift-selector-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('adds, updates and removes tools, persisting each change', async () => {
    const embedder = countingEmbedder();
    const selector = await createSelector({ catalog: sampleTools(), embedder, indexDir: dir });
    const pdf = makeTool({ id: 'summarize_pdf', description: 'Summarize a PDF document into key points.' });
    await selector.addTools([pdf]);
    expect((await selector.select('summarize this pdf report', { ...RANKING_ONLY, k: 1 })).tools[0]?.id).toBe(
      'summarize_pdf',
    );
    await expect(selector.addTools([pdf])).rejects.toMatchObject({ code: 'DUPLICATE_TOOL_ID' });

    embedder.embeddedTexts.length = 0;
    const stats = await selector.updateTools([
      { ...pdf, description: 'Summarize a long PDF file into short bullet points.' },
    ]);
    expect(stats).toEqual({ embedded: 1, reused: 0 });
    await selector.removeTools(['summarize_pdf']);
    expect(selector.tool('summarize_pdf')).toBeUndefined();
    await expect(selector.removeTools(['summarize_pdf'])).rejects.toMatchObject({ code: 'UNKNOWN_TOOL' });
    await expect(selector.updateTools([pdf])).rejects.toMatchObject({ code: 'UNKNOWN_TOOL' });

    const reloaded = await createSelector({ catalog: sampleTools(), embedder, indexDir: dir });
    expect(reloaded.index.status).toBe('loaded');
  });

  it('refuses an empty catalog', async () => {
    await expect(createSelector({ catalog: [], embedder: 'hash', indexDir: false })).rejects.toMatchObject({
      code: 'EMPTY_CATALOG',
      message: 'the catalog (tools given in code) holds no valid tool',
    });
  });

  it('warns, with a code, that catalog entries with errors were left out', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'toolsift-catalog-errors-'));
    try {
      const tool = {
        name: 'get_headlines',
        description: 'Top news headlines',
        inputSchema: { type: 'object' },
      };
      await writeFile(path.join(folder, 'news.tools.json'), JSON.stringify({ tools: [tool] }));
      await writeFile(
        path.join(folder, 'broken.tools.json'),
        JSON.stringify({ tools: [{ description: 'x' }] }),
      );
      const selector = await createSelector({ catalog: folder, embedder: 'hash', indexDir: false });
      const errors = selector.index.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
      expect(errors).toHaveLength(1);
      expect(selector.index.warnings).toEqual([
        { code: 'CATALOG_ERRORS', message: '1 catalog error(s): what each names was left out', count: 1 },
      ]);
      expect(selector.tools.map((loaded) => loaded.id)).toEqual(['get_headlines']);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('says why a catalog on disk holds no valid tool', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'toolsift-empty-'));
    try {
      await mkdir(path.join(folder, 'docs'));
      await writeFile(path.join(folder, 'docs', 'README.md'), '# not metadata');
      await writeFile(path.join(folder, 'broken.jsonl'), '{"type": "function"}\n{"bad\n');
      const refusal = (catalog: string) =>
        createSelector({ catalog, cwd: folder, embedder: 'hash', indexDir: false }).then(
          () => expect.fail('expected EMPTY_CATALOG'),
          (error: { code: string; message: string }) => error,
        );
      expect(await refusal('missing.json')).toMatchObject({
        code: 'EMPTY_CATALOG',
        message: expect.stringMatching(
          /^the catalog missing\.json holds no valid tool: missing\.json FILE_UNREADABLE /,
        ),
      });
      expect((await refusal('docs')).message).toBe(
        'the catalog docs holds no valid tool: no metadata file in it (.json, .jsonl, .ndjson, .toml, .yaml, .yml)',
      );
      expect((await refusal('broken.jsonl')).message).toMatch(
        /^the catalog broken\.jsonl holds no valid tool: broken\.jsonl:\d+ [A-Z_]+ .* \(and 1 more finding; `toolsift validate` lists them\)$/,
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
