import { describe, expect, test } from 'vitest';
import { assignToolNames, sanitiseToolName } from '../../src/format/assign-tool-names.js';
import { FORMAT_TARGETS } from '../../src/format/format-target.js';
import { TOOL_NAME_RULES } from '../../src/format/tool-name-rules.js';
import { makeTool } from './make-tool.js';

describe('sanitiseToolName', () => {
  test.each([
    ['openai', 'github.create_issue', 'github_create_issue'],
    ['openai', 'local:::shinkai:::llm prompt', 'local_shinkai_llm_prompt'],
    ['openai', 'café-crème', 'cafe-creme'],
    ['openai', '!!!', 'tool'],
    ['openai', 'a'.repeat(80), 'a'.repeat(64)],
    ['anthropic', 'ns/tool name', 'ns_tool_name'],
    ['gemini', 'github.create_issue', 'github.create_issue'],
    ['gemini', '3d-render', '_3d-render'],
    ['gemini', 'ns:tool', 'ns_tool'],
    ['mcp', 'ns tool', 'ns_tool'],
    ['json-schema', 'any name at all', 'any name at all'],
  ] as const)('%s: %j -> %j', (target, raw, expected) => {
    const rule = TOOL_NAME_RULES[target];
    const name = sanitiseToolName(raw, rule);
    expect(name).toBe(expected);
    expect(name).toMatch(rule.pattern);
  });
});

describe('assignToolNames', () => {
  test('keeps valid ids, sanitises the others and de-duplicates in input order', () => {
    const tools = [
      makeTool({ id: 'a.b' }),
      makeTool({ id: 'a_b' }),
      makeTool({ id: 'a b' }),
      makeTool({ id: 'c' }),
    ];
    const assigned = assignToolNames({ tools, target: 'openai', nameFrom: 'id' });
    expect(assigned.map((entry) => entry.name)).toEqual(['a_b_2', 'a_b', 'a_b_3', 'c']);
    expect(assigned.map((entry) => entry.warning?.code)).toEqual([
      'NAME_DEDUPLICATED',
      undefined,
      'NAME_DEDUPLICATED',
      undefined,
    ]);
  });

  test('a suffix still fits the length limit', () => {
    const long = 'x'.repeat(70);
    const tools = [makeTool({ id: `${long}.1` }), makeTool({ id: `${long}.2` })];
    const names = assignToolNames({ tools, target: 'openai', nameFrom: 'id' }).map((entry) => entry.name);
    expect(names).toEqual(['x'.repeat(64), `${'x'.repeat(62)}_2`]);
  });

  test('nameFrom "name" uses the tool name and warns about the change', () => {
    const tools = [makeTool({ id: 'ns.search', name: 'web search' })];
    const [assigned] = assignToolNames({ tools, target: 'openai', nameFrom: 'name' });
    expect(assigned).toEqual({
      name: 'web_search',
      warning: {
        code: 'NAME_CHANGED',
        message:
          'Name "web search" is not valid for openai (^[a-zA-Z0-9_-]{1,64}$); emitted as "web_search".',
      },
    });
  });

  test.each(FORMAT_TARGETS)('%s: every emitted name matches the rule and is unique', (target) => {
    const ids = [
      'a.b',
      'a_b',
      'A B',
      '1st',
      '-',
      'ü',
      'x'.repeat(200),
      'x'.repeat(201),
      'ns:::t',
      '__proto__',
    ];
    const tools = ids.map((id) => makeTool({ id }));
    const names = assignToolNames({ tools, target, nameFrom: 'id' }).map((entry) => entry.name);
    for (const name of names) expect(name).toMatch(TOOL_NAME_RULES[target].pattern);
    expect(new Set(names).size).toBe(names.length);
  });
});
