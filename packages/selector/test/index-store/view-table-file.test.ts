import { describe, expect, it } from 'vitest';
import { hashText } from '../../src/index-store/content-hash.js';
import {
  decodeViewTable,
  encodeViewTable,
  type ViewTable,
  type ViewTableTool,
} from '../../src/index-store/view-table-file.js';
import { viewKey } from '../../src/views/tool-view.js';

function tools(): ViewTableTool[] {
  return [
    {
      id: 'get_weather',
      hash: '0123456789abcdef',
      views: [
        {
          key: viewKey('get_weather', 'description', 0),
          toolId: 'get_weather',
          kind: 'description',
          n: '0',
          text: 'Météo à Zürich — 🌧️',
        },
        {
          key: viewKey('get_weather', 'learned', 'ab12'),
          toolId: 'get_weather',
          kind: 'learned',
          n: 'ab12',
          text: 'rain in Oslo?',
        },
      ],
    },
    { id: 'no#views', hash: 'fedcba9876543210', views: [] },
    {
      id: 'a#b',
      hash: '00000000ffffffff',
      views: [{ key: viewKey('a#b', 'use-case', 3), toolId: 'a#b', kind: 'use-case', n: '3', text: '' }],
    },
  ];
}

function decoded(bytes: Uint8Array): ViewTable {
  const table = decodeViewTable(bytes);
  if (typeof table === 'string') throw new Error(table);
  return table;
}

describe('view table file', () => {
  it('round-trips tools, hashes and views, with any characters in texts', () => {
    const table = decoded(encodeViewTable(tools(), hashText));
    expect(table.toolIds).toEqual(['get_weather', 'no#views', 'a#b']);
    expect(table.toolHashes).toEqual(tools().map((tool) => tool.hash));
    expect([...table.starts]).toEqual([0, 2, 2, 3]);
    expect(tools().map((_, index) => table.views(index))).toEqual(tools().map((tool) => tool.views));
    expect(table.keys).toEqual(tools().flatMap((tool) => tool.views.map((view) => view.key)));
    expect(table.textHash(0)).toBe(hashText('Météo à Zürich — 🌧️'));
    expect(table.textHash(2)).toBe(hashText(''));
  });

  it('stores its JSON as ASCII (fast to decode)', () => {
    const bytes = encodeViewTable(tools(), hashText);
    const json = bytes.subarray(20, 20 + new DataView(bytes.buffer).getUint32(16, true));
    expect(json.every((byte) => byte < 0x80)).toBe(true);
    expect(Buffer.from(json).toString()).toContain('M\\u00e9t\\u00e9o');
  });

  it('round-trips an empty table', () => {
    const table = decoded(encodeViewTable([], hashText));
    expect(table.toolIds).toEqual([]);
    expect(table.keys).toEqual([]);
  });

  const header = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  /** The table with the 32-bit header word at `offset` set to `value`. */
  const withWord =
    (offset: number, value: number) =>
    (bytes: Uint8Array): Uint8Array => {
      header(bytes).setUint32(offset, value, true);
      return bytes;
    };
  /** Where the per-tool view counts start. */
  const countsAt = (bytes: Uint8Array) => 20 + Math.ceil(header(bytes).getUint32(16, true) / 4) * 4;
  const damages: Array<[string, (bytes: Uint8Array) => Uint8Array, RegExp]> = [
    ['no header', () => new Uint8Array(10), /^the view table has no header$/],
    ['another magic', withWord(0, 7), /^not a view table$/],
    ['another byte order', withWord(4, 0x04030201), /another byte order/],
    ['a truncated file', (bytes) => bytes.slice(0, bytes.length - 1), /does not match its header/],
    ['a tool count off by one', withWord(8, 2), /does not match its header/],
    ['JSON cut short', withWord(16, 40), /does not match its header/],
    [
      'a view count that overruns the table',
      (bytes) => {
        header(bytes).setInt32(countsAt(bytes), 9, true);
        return bytes;
      },
      /view counts do not match/,
    ],
    [
      'an unknown view kind',
      (bytes) => {
        bytes[countsAt(bytes) + 3 * 4] = 99;
        return bytes;
      },
      /^view 0 has an unknown kind$/,
    ],
  ];

  it.each(damages)('reports %s', (_label, damage, problem) => {
    expect(decodeViewTable(damage(encodeViewTable(tools(), hashText)))).toMatch(problem);
  });

  it('reports a key that is not the key of its tool, kind and n', () => {
    const moved = tools();
    moved[0]!.views[1]!.key = viewKey('other', 'learned', 'ab12');
    expect(decodeViewTable(encodeViewTable(moved, hashText))).toMatchInlineSnapshot(
      `""other#learned:ab12" is not the key of a view of "get_weather""`,
    );
    const renumbered = tools();
    renumbered[2]!.views[0]!.n = '4';
    expect(decodeViewTable(encodeViewTable(renumbered, hashText))).toMatch(/not the key/);
  });
});
