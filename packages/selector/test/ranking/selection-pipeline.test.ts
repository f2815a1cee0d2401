import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultStages } from '../../src/ranking/default-stages.js';
import type { RuleField } from '../../src/ranking/rule-field.js';
import { RULE_PHASES } from '../../src/ranking/rule-phase.js';
import { SELECTION_PIPELINE } from '../../src/ranking/selection-pipeline.js';
import { builtInRules } from '../../src/rules/create-selection-rules.js';

// The README's pipeline table is written from the code: `SELECTION_PIPELINE` and the built-in rules' declarations.
// When they change, `UPDATE_README=1 pnpm vitest run packages/selector/test/ranking/selection-pipeline.test.ts`
// writes the table again.
const README = path.resolve(import.meta.dirname, '../../README.md');
const START = '<!-- pipeline table: written from the code by test/ranking/selection-pipeline.test.ts -->';
const END = '<!-- end of pipeline table -->';

describe('SELECTION_PIPELINE', () => {
  it('places each rule phase once, in order, after the stage that opens it', () => {
    const phases = SELECTION_PIPELINE.flatMap((step) => ('phase' in step ? [step.phase] : []));
    expect(phases).toEqual([...RULE_PHASES]);
    expect(defaultStages().map((stage) => stage.name)).toEqual([
      'embed',
      'exact',
      'dense',
      'lexical',
      'fuse',
      'confidence',
      'explain',
    ]);
  });

  it("is the README's pipeline table", async () => {
    const text = await readFile(README, 'utf8');
    const start = text.indexOf(START);
    const end = text.indexOf(END);
    expect(start, `the README marks its pipeline table with ${START}`).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    const expected = pipelineTable();
    if (process.env.UPDATE_README === '1') {
      await writeFile(README, `${text.slice(0, start + START.length)}\n\n${expected}\n\n${text.slice(end)}`);
      return;
    }
    // Cells are compared, not padding: a Markdown formatter may align the columns its own way.
    expect(cellsOf(text.slice(start + START.length, end))).toEqual(cellsOf(expected));
  });
});

// --- internal ---

function pipelineTable(): string {
  const rules = builtInRules({ embedderId: 'use-lite' });
  const rows: string[][] = [];
  for (const step of SELECTION_PIPELINE) {
    if ('stage' in step) {
      rows.push(['', code(step.stage.name), 'stage', fields(step.reads), fields(step.writes)]);
      continue;
    }
    for (const rule of rules.filter((candidate) => candidate.phase === step.phase)) {
      const name = rule.name === 'rerank' ? `${code(rule.name)} (with \`rerank\` options)` : code(rule.name);
      rows.push(['', name, `${code(step.phase)} rule`, fields(rule.reads), fields(rule.writes)]);
    }
    rows.push(['·', "caller's rules", `${code(step.phase)} rule`, 'as declared', 'as declared']);
  }
  let number = 0;
  for (const row of rows) if (row[0] !== '·') row[0] = String(++number);
  return markdownTable(['#', 'step (timing key)', 'runs as', 'reads', 'writes'], rows);
}

function fields(list: readonly RuleField[]): string {
  return list.length === 0 ? '—' : list.map(code).join(', ');
}

function code(text: string): string {
  return `\`${text}\``;
}

function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(3, title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

function cellsOf(table: string): string[][] {
  return table
    .split('\n')
    .filter((row) => row.trim().startsWith('|'))
    .map((row) =>
      row
        .trim()
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    )
    .filter((cells) => !cells.every((cell) => /^:?-+:?$/.test(cell)));
}
