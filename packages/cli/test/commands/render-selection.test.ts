import type { Selection } from '@toolsift/selector';
import { describe, expect, test } from 'vitest';
import { renderSelectionTable, UNAVAILABLE_SHOWN } from '../../src/commands/render-selection.js';

function selectionWith(unavailableCount: number): Selection {
  return {
    tools: [{ id: 'lookup_contact', name: 'lookup_contact', score: 0.5, confidence: 0.4, reasons: [] }],
    unavailable: Array.from({ length: unavailableCount }, (_, index) => ({
      id: `needs_key_${index}`,
      name: `needs_key_${index}`,
      reasons: [],
      missing: [{ kind: 'env' as const, name: `KEY_${index}`, prerequisite: `KEY_${index}` }],
      howToGet: [`Create KEY_${index} in the dashboard.`],
    })),
    suggestions: [],
    warnings: [],
    timings: { total: 1 },
  };
}

describe('renderSelectionTable', () => {
  test('lists the first few tools that cannot run here and says how many more there are', () => {
    const table = renderSelectionTable(selectionWith(UNAVAILABLE_SHOWN + 4), false);
    expect(table).toContain('Fit, but cannot run here:');
    expect(table).toContain('needs_key_0 — missing env KEY_0');
    expect(table).toContain('how to get: Create KEY_0 in the dashboard.');
    expect(table).not.toContain(`needs_key_${UNAVAILABLE_SHOWN}`);
    expect(table).toContain('... and 4 more (--explain or --json lists them all)');
  });

  test('--explain lists every one of them', () => {
    const table = renderSelectionTable(selectionWith(UNAVAILABLE_SHOWN + 4), true);
    expect(table).toContain(`needs_key_${UNAVAILABLE_SHOWN + 3} — missing env KEY_${UNAVAILABLE_SHOWN + 3}`);
    expect(table).not.toContain('more (--explain');
  });

  test('with no tool selected, says whether tools that fit need setup', () => {
    const needingSetup = renderSelectionTable({ ...selectionWith(1), tools: [] }, false);
    expect(needingSetup.split('\n')[0]).toBe('No tool that can run here fits this prompt.');
    expect(needingSetup).toContain('needs_key_0 — missing env KEY_0');
    expect(renderSelectionTable({ ...selectionWith(0), tools: [] }, false).split('\n')[0]).toBe(
      'No tool fits this prompt.',
    );
  });

  test('a short list is shown whole', () => {
    const table = renderSelectionTable(selectionWith(2), false);
    expect(table).toContain('needs_key_1');
    expect(table).not.toContain('more (--explain');
  });
});
