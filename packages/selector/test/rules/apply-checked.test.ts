import { describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedding/hash-embedder.js';
import type { RuleRun } from '../../src/rules/rule-run.js';
import type { SelectionRule } from '../../src/rules/selection-rule.js';
import { createSelector } from '../../src/selector/create-selector.js';
import type { Selection, SelectOptions } from '../../src/selector/selection.js';
import { makeTool, sampleTools } from '../fixtures/make-tool.js';

function selectorWith(rules: readonly SelectionRule[], checkRules = true) {
  return createSelector({
    catalog: sampleTools(),
    embedder: createHashEmbedder({ dimensions: 512 }),
    indexDir: false,
    rules,
    checkRules,
  });
}

const OPTIONS = { k: 3, abstain: false as const };

/** A caller's rule declaring only `ranked` (read and written), doing what the case says. */
function ruleDoing(name: string, apply: SelectionRule['apply']): SelectionRule {
  return { name, phase: 'after-confidence', reads: ['ranked'], writes: ['ranked'], apply };
}

describe('checkRules: a rule touches only the fields it declares', () => {
  it.each([
    {
      rule: ruleDoing('reads-score', (context) => {
        context.ranked.sort((a, b) => a.score - b.score);
      }),
      message: `rule "reads-score" (after-confidence) touches what it does not declare: reads score; it declares reads [ranked], writes [ranked]`,
    },
    {
      rule: ruleDoing('adds-reason', (context) => {
        context.ranked[0]?.reasons.push({ kind: 'custom', rule: 'adds-reason', message: 'first' });
      }),
      message: `rule "adds-reason" (after-confidence) touches what it does not declare: writes reasons; it declares reads [ranked], writes [ranked]`,
    },
    {
      rule: ruleDoing('warns', (context) => {
        context.warnings.push({ code: 'CUSTOM', rule: 'warns', message: 'a warning' });
      }),
      message: `rule "warns" (after-confidence) touches what it does not declare: writes warnings; it declares reads [ranked], writes [ranked]`,
    },
    {
      rule: ruleDoing('reads-run', (context, run) => {
        if ((run.signals?.denseMax ?? 0) > 2) context.ranked = [];
      }),
      message: `rule "reads-run" (after-confidence) touches what it does not declare: reads run.signals; it declares reads [ranked], writes [ranked]`,
    },
    {
      rule: ruleDoing('cuts-k', (context) => {
        context.k = 1;
        context.suggestions = [];
      }),
      message: `rule "cuts-k" (after-confidence) touches what it does not declare: writes k, suggestions; it declares reads [ranked], writes [ranked]`,
    },
    {
      rule: ruleDoing('sets-pool', (context, run) => {
        context.pool = new Map();
        (run as RuleRun).options = {};
      }),
      message: `rule "sets-pool" (after-confidence) touches what it does not declare: sets context.pool, run.options (no rule may); it declares reads [ranked], writes [ranked]`,
    },
  ])('fails a selection where $rule.name touches a field it does not declare', async ({ rule, message }) => {
    const selector = await selectorWith([rule]);
    const selecting = selector.select('stock price of ACME', OPTIONS);
    await expect(selecting).rejects.toMatchObject({
      code: 'USAGE_ERROR',
      message,
      details: { rule: rule.name },
    });
    // Unchecked (the default), the same rule runs.
    const unchecked = await selectorWith([rule], false);
    await expect(unchecked.select('stock price of ACME', OPTIONS)).resolves.toBeDefined();
  });

  it('passes a rule that declares what it touches, and keeps the tools it sees the same objects', async () => {
    const seen: unknown[] = [];
    const rule: SelectionRule = {
      name: 'demote-first',
      phase: 'after-fusion',
      reads: ['ranked', 'score', 'run.signals'],
      writes: ['ranked', 'score', 'reasons', 'warnings'],
      apply(context, run) {
        const [first, second] = context.ranked;
        if (first === undefined || second === undefined || run.signals === undefined) return;
        first.score = second.score - 0.01;
        first.reasons.push({ kind: 'custom', rule: 'demote-first', message: 'demoted' });
        context.ranked = [second, first, ...context.ranked.slice(2)];
        seen.push(context.ranked.indexOf(first), context.ranked.includes(second));
        context.warnings.push({ code: 'CUSTOM', rule: 'demote-first', message: 'demoted the first tool' });
      },
    };
    const checked = await (await selectorWith([rule])).select('stock price of ACME', OPTIONS);
    const unchecked = await (await selectorWith([rule], false)).select('stock price of ACME', OPTIONS);
    expect(seen).toEqual([1, true, 1, true]);
    expect(withoutTimings(checked)).toEqual(withoutTimings(unchecked));
    expect(checked.tools[1]?.reasons).toContainEqual({
      kind: 'custom',
      rule: 'demote-first',
      message: 'demoted',
    });
  });

  it.each<[string, SelectOptions]>([
    ['stock price of ACME', { k: 3, abstain: false }],
    ['what is the weather in Oslo', { k: 2, env: {} }],
    ['send an email to Bob about the meeting', { k: 3, env: {}, includeUnavailable: true }],
    ['weather and stock price', { k: 2, expand: true, abstain: 'eager' }],
    ['hello there, how are you', { k: 3 }],
    ['stock quote', { k: 2, candidates: ['get_weather', 'send_email', 'stock_quote'] }],
  ])('the built-in rules touch only what they declare: "%s"', async (prompt, options) => {
    const checked = await (await selectorWith([])).select(prompt, options);
    const unchecked = await (await selectorWith([], false)).select(prompt, options);
    expect(withoutTimings(checked)).toEqual(withoutTimings(unchecked));
  });

  it('checks rules that add tools beside the ranked ones (relations, fallbacks)', async () => {
    const tools = [
      makeTool({ id: 'login', description: 'Log in to the service and get a session token.' }),
      makeTool({
        id: 'upload_file',
        description: 'Upload a file to the storage service.',
        dependsOn: ['login'],
        complements: [{ tool: 'share_file' }],
      }),
      makeTool({ id: 'share_file', description: 'Share an uploaded file with a colleague by link.' }),
    ];
    const selector = await createSelector({
      catalog: tools,
      embedder: createHashEmbedder({ dimensions: 512 }),
      indexDir: false,
      checkRules: true,
    });
    const selection = await selector.select('upload the file report.pdf', {
      k: 1,
      expand: true,
      abstain: false,
    });
    expect(selection.tools.map((tool) => tool.id)).toEqual(['login', 'upload_file', 'share_file']);
  });
});

function withoutTimings(selection: Selection): Omit<Selection, 'timings'> {
  const { timings: _timings, ...rest } = selection;
  return rest;
}
