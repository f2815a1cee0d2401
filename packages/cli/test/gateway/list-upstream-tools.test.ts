import { describe, expect, test } from 'vitest';
import {
  describeToolListProblem,
  listUpstreamTools,
  MAX_TOOL_LIST_PAGES,
  type ToolsPage,
} from '../../src/gateway/list-upstream-tools.js';

const schema = { type: 'object', properties: {} };
const tool = (name: string, inputSchema: unknown = schema) => ({
  name,
  description: `${name} it`,
  inputSchema,
});

/** Pages served from a table: the cursor is the index of the next page. */
function pagesOf(pages: ReadonlyArray<{ tools: unknown[]; nextCursor?: string }>) {
  const asked: Array<string | undefined> = [];
  return {
    asked,
    requestPage: async (cursor: string | undefined): Promise<ToolsPage> => {
      asked.push(cursor);
      return pages[Number(cursor ?? 0)]!;
    },
  };
}

describe('listUpstreamTools', () => {
  test('reads every page while the cursor goes on', async () => {
    const { requestPage, asked } = pagesOf([
      { tools: [tool('a')], nextCursor: '1' },
      { tools: [tool('b')], nextCursor: '2' },
      { tools: [tool('c')] },
    ]);
    const list = await listUpstreamTools(requestPage);
    expect(list.tools.map((entry) => entry.name)).toEqual(['a', 'b', 'c']);
    expect(list.problems).toEqual([]);
    expect(asked).toEqual([undefined, '1', '2']);
  });

  test.each([
    [
      'inputSchema.type "string"',
      tool('shout', { type: 'string' }),
      'inputSchema.type',
      '"object"',
      '"string"',
    ],
    [
      'no inputSchema',
      { name: 'bare', description: 'x' },
      'inputSchema',
      'a value of type object',
      'nothing',
    ],
    ['a name that is a number', { name: 7, inputSchema: schema }, 'name', 'a value of type string', '7'],
  ])('a tool with %s is left out, the others kept', async (_case, bad, field, expected, got) => {
    const { requestPage } = pagesOf([{ tools: [tool('a'), bad, tool('b')] }]);
    const list = await listUpstreamTools(requestPage);
    expect(list.tools.map((entry) => entry.name)).toEqual(['a', 'b']);
    expect(list.problems).toEqual([{ kind: 'invalid-tool', tool: expect.any(String), field, expected, got }]);
  });

  test('the message names the server, the tool, the field, what was expected and the code', async () => {
    const { requestPage } = pagesOf([{ tools: [tool('shout', { type: 'string' })] }]);
    const [problem] = (await listUpstreamTools(requestPage)).problems;
    expect(describeToolListProblem('texts', problem!)).toMatchInlineSnapshot(
      `"upstream "texts": tool "shout" is left out (not searched, not callable): its inputSchema.type must be "object", got "string" [UPSTREAM_TOOL_INVALID]"`,
    );
  });

  test('a name listed again keeps its first definition; the repeats are one problem with their count', async () => {
    const { requestPage } = pagesOf([{ tools: [tool('a'), tool('b'), tool('a'), tool('a')] }]);
    const list = await listUpstreamTools(requestPage);
    expect(list.tools).toEqual([tool('a'), tool('b')]);
    expect(list.problems.map((problem) => describeToolListProblem('s', problem))).toMatchInlineSnapshot(`
      [
        "upstream "s": listed 2 tool(s) under names it had listed already (the first: "a"); the first definition of each name is kept [DUPLICATE_TOOL_ID]",
      ]
    `);
  });

  test.each([
    [
      'a cursor sent before',
      [
        { tools: [tool('a')], nextCursor: '1' },
        { tools: [tool('b')], nextCursor: '1' },
      ],
      2,
    ],
    [
      'a page of names listed before',
      [
        { tools: [tool('a')], nextCursor: '1' },
        { tools: [tool('a')], nextCursor: '2' },
      ],
      2,
    ],
  ])('pages stop at %s', async (_case, pages, read) => {
    const { requestPage, asked } = pagesOf(pages);
    const list = await listUpstreamTools(requestPage);
    expect(asked).toHaveLength(read);
    expect(list.problems.at(-1)).toMatchObject({ kind: 'truncated', pages: read });
  });

  test('pages of new names stop at the page bound; empty pages count too', async () => {
    let asked = 0;
    const list = await listUpstreamTools(async (cursor) => {
      asked += 1;
      const page = Number(cursor ?? 0);
      return { tools: page % 2 === 0 ? [tool(`t${page}`)] : [], nextCursor: String(page + 1) };
    });
    expect(asked).toBe(MAX_TOOL_LIST_PAGES);
    expect(list.tools).toHaveLength(MAX_TOOL_LIST_PAGES / 2);
    expect(describeToolListProblem('s', list.problems.at(-1)!)).toMatchInlineSnapshot(
      `"upstream "s": stopped reading its tool list after 1,000 page(s) and 500 tool(s): its pages go on past 1,000, the most read per server [TOOL_LIST_TRUNCATED]"`,
    );
  });

  test('invalid tools past the tenth are counted, not named', async () => {
    const bad = Array.from({ length: 25 }, () => ({ description: 'no name' }));
    const list = await listUpstreamTools(async () => ({ tools: bad }));
    expect(list.problems).toHaveLength(11);
    expect(describeToolListProblem('s', list.problems.at(-1)!)).toMatchInlineSnapshot(
      `"upstream "s": 15 more tool(s) MCP's tool schema rejects are left out too (only the first 10 are named) [UPSTREAM_TOOL_INVALID]"`,
    );
  });
});
