import { describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedding/hash-embedder.js';
import type { SelectionContext } from '../../src/ranking/selection-context.js';
import { findReason } from '../../src/ranking/selection-reason.js';
import { createSelectionRules } from '../../src/rules/create-selection-rules.js';
import type { RuleOptions } from '../../src/rules/rule-options.js';
import type { RuleRun } from '../../src/rules/rule-run.js';
import type { SelectionRule } from '../../src/rules/selection-rule.js';
import { createSelector } from '../../src/selector/create-selector.js';
import { makeTool, sampleTools } from '../fixtures/make-tool.js';
import { idsOf } from './rules-fixture.js';

const ENV = { TOOLSIFT_TEST: '1' };

function selectorWith(rules: readonly SelectionRule[]) {
  return createSelector({
    catalog: sampleTools(),
    embedder: createHashEmbedder({ dimensions: 512 }),
    indexDir: false,
    rules,
  });
}

describe('rule phases: a caller rule gets what built-in rules get', () => {
  it('an after-fusion rule sees the fused scores and the run, runs after the built-in rules, and is timed', async () => {
    const seen: Array<{ fused: number[]; scores: number[]; run: Readonly<RuleRun>; confidence: number[] }> =
      [];
    const demoteTop: SelectionRule = {
      name: 'demote-top',
      phase: 'after-fusion',
      reads: ['ranked', 'score', 'parts', 'run.signals', 'run.availability'],
      writes: ['ranked', 'score', 'reasons'],
      apply(context, run) {
        seen.push({
          fused: context.ranked.map((tool) => tool.parts.fused),
          scores: context.ranked.map((tool) => tool.score),
          confidence: context.ranked.map((tool) => tool.confidence),
          run,
        });
        const [top, second] = context.ranked;
        if (top === undefined || second === undefined) return;
        top.score = second.score - 0.01;
        top.reasons.push({ kind: 'custom', rule: 'demote-top', message: 'demoted for the test' });
        context.ranked = [second, top, ...context.ranked.slice(2)];
      },
    };
    const plain = await selectorWith([]);
    const custom = await selectorWith([demoteTop]);
    const options = { k: 3, abstain: false as const, env: ENV };
    const before = await plain.select('stock price of ACME', options);
    const after = await custom.select('stock price of ACME', options);

    const [call] = seen;
    // The fused scores, as the selection without the rule reports them in its fusion reasons.
    const fusedBefore = before.tools.map(
      (tool) => findReason(tool.reasons, 'fusion')?.details.fused ?? Number.NaN,
    );
    expect(call?.fused.slice(0, 3).map((value) => Math.round(value * 10_000) / 10_000)).toEqual(fusedBefore);
    expect(call?.scores[0]).toBe(1);
    // Confidence is not computed yet in this phase.
    expect(call?.confidence.every((value) => value === 0)).toBe(true);
    // The run's context: fit-signals and prerequisites ran first, and the rule options are there.
    expect(call?.run.signals?.denseMax).toBeGreaterThan(0);
    expect(call?.run.signalsTool).toBe(before.tools[0]?.id);
    expect(call?.run.availability.size).toBeGreaterThan(0);
    expect(call?.run.options.env).toBe(ENV);
    expect(call?.run.index.tool('stock_quote')?.id).toBe('stock_quote');

    expect(idsOf(after).slice(0, 2)).toEqual([idsOf(before)[1], idsOf(before)[0]]);
    expect(after.tools[1]?.reasons).toContainEqual({
      kind: 'custom',
      rule: 'demote-top',
      message: 'demoted for the test',
    });
    const stages = Object.keys(after.timings);
    expect(stages.indexOf('demote-top')).toBe(stages.indexOf('near-duplicates') + 1);
    expect(stages.indexOf('demote-top')).toBeLessThan(stages.indexOf('confidence'));
  });

  it('runs after-confidence and final rules where they belong: with confidences, then on the explained top k', async () => {
    const seen: Record<string, { confidences: number[]; reasons: string[][]; count: number }> = {};
    const spy = (phase: SelectionRule['phase']): SelectionRule => ({
      name: `spy-${phase}`,
      phase,
      reads: ['ranked', 'confidence', 'reasons'],
      writes: [],
      apply(context: SelectionContext) {
        seen[phase] = {
          confidences: context.ranked.map((tool) => tool.confidence),
          reasons: context.ranked.map((tool) => tool.reasons.map((reason) => reason.kind)),
          count: context.ranked.length,
        };
      },
    });
    const selector = await selectorWith([spy('final'), spy('after-confidence')]);
    const selection = await selector.select('stock price of ACME', { k: 2, abstain: false });
    expect(seen['after-confidence']?.confidences[0]).toBeGreaterThan(0);
    expect(seen['after-confidence']?.count).toBeGreaterThan(2);
    expect(seen.final?.count).toBe(2);
    expect(seen.final?.reasons[0]).toContain('fusion');
    const stages = Object.keys(selection.timings);
    expect(stages.indexOf('spy-after-confidence')).toBe(stages.indexOf('relations') + 1);
    expect(stages.indexOf('spy-final')).toBe(stages.indexOf('explain') + 1);
  });

  it.each([
    {
      rule: { name: 'too-early', phase: 'after-fusion', reads: ['confidence'], writes: [] },
      message:
        /rule "too-early" \(after-fusion\) reads confidence, which only "confidence" \(after-confidence\)/,
    },
    {
      rule: { name: 'needs-abstention', phase: 'after-fusion', reads: ['run.abstention'], writes: [] },
      message: /reads run.abstention, which only "abstention" \(after-confidence\) writes, later/,
    },
    {
      rule: { name: 'needs-rerank', phase: 'after-fusion', reads: ['run.rerank'], writes: [] },
      message: /reads run.rerank, which only "rerank" \(after-confidence\) writes, later/,
    },
    {
      rule: { name: 'nowhere', phase: 'before-everything', reads: [], writes: [] },
      message:
        /rule "nowhere" has an unknown phase "before-everything"; phases: after-fusion, after-confidence, final/,
    },
  ])('rejects $rule.name with USAGE_ERROR when the selector is created', async ({ rule, message }) => {
    const creating = selectorWith([{ ...rule, apply() {} } as unknown as SelectionRule]);
    await expect(creating).rejects.toMatchObject({ code: 'USAGE_ERROR' });
    await expect(creating).rejects.toThrow(message);
  });

  it('declares the built-in order: every rule reads what an earlier step wrote', () => {
    // Building the rules checks their declared order (`orderRules`): it would throw on a bad one.
    const rules = createSelectionRules({ embedder: createHashEmbedder({ dimensions: 16 }) });
    const tools = [makeTool({ id: 'a', description: 'a tool' })];
    const index = { tool: (id: string) => tools.find((tool) => tool.id === id) } as never;
    const namesOf = (options: RuleOptions) =>
      Object.fromEntries(
        Object.entries(rules.forSelection({ index, options }).phases).map(([phase, stages]) => [
          phase,
          stages.map((stage) => stage.name),
        ]),
      );
    expect(namesOf({ rerank: { model: 'm' } })).toMatchInlineSnapshot(`
      {
        "after-confidence": [
          "rerank",
          "abstention",
          "action-mismatch",
          "id-providers",
          "relations",
        ],
        "after-fusion": [
          "fit-signals",
          "action-agreement",
          "negative-evidence",
          "deprecation",
          "prerequisites",
          "conflicts",
          "near-duplicates",
        ],
        "final": [],
      }
    `);
    // The LLM stage runs only when asked for.
    expect(namesOf({})['after-confidence']).toEqual([
      'abstention',
      'action-mismatch',
      'id-providers',
      'relations',
    ]);
  });
});
