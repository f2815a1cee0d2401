import { describe, expect, it } from 'vitest';
import { MAX_TEXT_CHARS } from '../../src/loaders/check-text-length.js';
import { loadTools } from '../../src/loaders/load-tools.js';

function mcpTool(fields: Record<string, unknown>): string {
  return JSON.stringify({ tools: [{ name: 'big', description: 'Big tool', ...fields }] });
}

/** Issue 20 item 6: a 1.12 MB description passed `validate` with nothing said, then crashed the tokenizer. */
describe('TEXT_TOO_LONG', () => {
  it('warns about a 1.12 MB description, naming the tool, the field and the limit', () => {
    const { tools, diagnostics } = loadTools(mcpTool({ description: 'word '.repeat(224_000) }), {
      file: 'big.json',
    });
    expect(tools).toHaveLength(1);
    expect(diagnostics).toMatchObject([
      { code: 'TEXT_TOO_LONG', severity: 'warning', file: 'big.json', pointer: '/tools/0' },
    ]);
    expect(diagnostics[0]?.message).toMatchInlineSnapshot(
      `"Tool "big" description is 1,119,999 characters long (more than 4,000): the sentence encoder reads only its first few hundred tokens (about 500 to 2,000 characters) and ignores the rest, which only dilutes keyword search. Put what tells the tool apart first and move reference material elsewhere."`,
    );
  });

  it.each([
    [
      'a parameter description',
      { inputSchema: { type: 'object', properties: { q: { description: 'x'.repeat(MAX_TEXT_CHARS + 1) } } } },
      'parameters.properties.q.description',
    ],
    ['a title', { title: 'x'.repeat(MAX_TEXT_CHARS + 1) }, 'title'],
  ])('warns about %s, by its dotted path', (_, fields, path) => {
    const { diagnostics } = loadTools(mcpTool(fields), { file: 'big.json' });
    expect(diagnostics.map((entry) => entry.code)).toEqual(['TEXT_TOO_LONG']);
    expect(diagnostics[0]?.message).toContain(`Tool "big" ${path} is 4,001 characters long`);
  });

  it('warns about use-case and example text (self-describing format)', () => {
    const long = 'y'.repeat(MAX_TEXT_CHARS + 1);
    const text = [
      'name: big',
      'description: Big tool',
      'use_cases:',
      '  - title: t',
      `    when_to_use: ${long}`,
      'examples:',
      `  - name: e`,
      `    description: ${long}`,
      'conflicts: []',
    ].join('\n');
    const { diagnostics } = loadTools(text, { file: 'tool_metadata/big.yaml', format: 'self-describing' });
    expect(
      diagnostics
        .filter((entry) => entry.code === 'TEXT_TOO_LONG')
        .map((entry) => entry.message.slice(0, 50)),
    ).toEqual([
      'Tool "big" useCases[0].whenToUse is 4,001 characte',
      'Tool "big" examples[0].description is 4,001 charac',
    ]);
  });

  it('says nothing at the limit', () => {
    expect(
      loadTools(mcpTool({ description: 'z'.repeat(MAX_TEXT_CHARS) }), { file: 'a.json' }).diagnostics,
    ).toEqual([]);
  });
});
