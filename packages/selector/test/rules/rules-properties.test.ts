import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedding/hash-embedder.js';
import { createSelector } from '../../src/selector/create-selector.js';
import { makeTool } from '../fixtures/make-tool.js';

const WORDS = [
  'send',
  'list',
  'delete',
  'what',
  'email',
  'chat',
  'weather',
  'city',
  'report',
  'file',
  'search',
  'web',
  'price',
  'stock',
  'event',
  'calendar',
  'message',
];
const words = fc
  .array(fc.constantFrom(...WORDS), { minLength: 2, maxLength: 6 })
  .map((list) => list.join(' '));

// Names that start with a verb (and one that does not), so that the action rule applies to these catalogs too.
const NAME_VERBS = ['get', 'create', 'delete', 'send', 'tool'];
const idOf = (index: number) => `${NAME_VERBS[index % NAME_VERBS.length]}_${index}`;

/** Catalogs of 2-8 tools with random texts, random conflicts of every severity and random env prerequisites. */
const catalogs = fc
  .array(
    fc.record({
      description: words,
      conflictsWith: fc.array(
        fc.record({
          target: fc.nat(7),
          severity: fc.constantFrom('high', 'medium', 'low') as fc.Arbitrary<'high' | 'medium' | 'low'>,
          prefer: words,
        }),
        { maxLength: 3 },
      ),
      needs: fc.option(fc.constantFrom('KEY_A', 'KEY_B'), { nil: undefined }),
    }),
    { minLength: 2, maxLength: 8 },
  )
  .map((specs) =>
    specs.map((spec, index) =>
      makeTool({
        id: idOf(index),
        description: spec.description,
        conflicts: spec.conflictsWith
          .filter((conflict) => conflict.target % specs.length !== index)
          .map((conflict) => ({
            tool: idOf(conflict.target % specs.length),
            severity: conflict.severity,
            whenPreferThis: conflict.prefer,
          })),
        prerequisites:
          spec.needs === undefined
            ? []
            : [{ name: 'key', envVars: [spec.needs], fallback: idOf((index + 1) % specs.length) }],
      }),
    ),
  );

describe('rule invariants', () => {
  it('never selects both sides of a high conflict, nor a tool whose prerequisites are missing', async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogs,
        words,
        fc.integer({ min: 1, max: 6 }),
        fc.boolean(),
        fc.constantFrom({}, { KEY_A: '1' }),
        async (tools, prompt, k, expand, env) => {
          const selector = await createSelector({
            catalog: tools,
            embedder: createHashEmbedder({ dimensions: 64 }),
            indexDir: false,
          });
          const selection = await selector.select(prompt, { k, expand, env, abstain: false });
          const ids = new Set(selection.tools.map((tool) => tool.id));
          for (const tool of tools) {
            if (!ids.has(tool.id)) continue;
            for (const conflict of tool.conflicts) {
              if (conflict.severity === 'high')
                expect(ids.has(conflict.tool), `${tool.id} with ${conflict.tool}`).toBe(false);
            }
            for (const prerequisite of tool.prerequisites) {
              for (const name of prerequisite.envVars)
                expect(name in env, `${tool.id} needs ${name}`).toBe(true);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keeps unavailable tools only with includeUnavailable, and keeps scores and confidences in [0, 1]', async () => {
    await fc.assert(
      fc.asyncProperty(catalogs, words, async (tools, prompt) => {
        const selector = await createSelector({
          catalog: tools,
          embedder: createHashEmbedder({ dimensions: 64 }),
          indexDir: false,
        });
        const selection = await selector.select(prompt, {
          k: tools.length,
          env: {},
          abstain: false,
          includeUnavailable: true,
        });
        const kept = new Set(selection.tools.map((tool) => tool.id));
        for (const tool of selection.tools) {
          expect(tool.score).toBeGreaterThanOrEqual(0);
          expect(tool.score).toBeLessThanOrEqual(1);
          expect(tool.confidence).toBeGreaterThanOrEqual(0);
          expect(tool.confidence).toBeLessThanOrEqual(1);
          const needs = tools.find((candidate) => candidate.id === tool.id)?.prerequisites.length ?? 0;
          expect(tool.missing !== undefined).toBe(needs > 0);
        }
        expect(selection.unavailable.filter((tool) => kept.has(tool.id))).toEqual([]);
        for (const tool of selection.unavailable) {
          expect(tool.score ?? 0).toBeGreaterThanOrEqual(0);
          expect(tool.score ?? 0).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 40 },
    );
  });
});
