import { describe, expect, test } from 'vitest';
import { RequestIdScanner } from '../../src/mcp/request-id-scanner.js';

/** The id the scanner finds in `text` fed in pieces of `pieceBytes` bytes. */
function scan(text: string, pieceBytes: number): string | number | undefined {
  const scanner = new RequestIdScanner();
  const bytes = Buffer.from(text);
  for (let start = 0; start < bytes.length; start += pieceBytes) {
    scanner.push(bytes.subarray(start, start + pieceBytes));
  }
  return scanner.id();
}

describe('RequestIdScanner', () => {
  test.each([
    [
      'the id last, as the SDK client writes it, after an "id" in the arguments',
      '{"method":"tools/call","params":{"arguments":{"id":7}},"jsonrpc":"2.0","id":5}',
      5,
    ],
    ['the id first', '{"jsonrpc":"2.0","id":"req-1","method":"tools/list"}', 'req-1'],
    ['white space around the id', '{ "jsonrpc" : "2.0" ,\n "id" : 12 , "method" : "x" }', 12],
    ['escaped quotes in a string id', '{"id":"a\\"b","method":"x"}', 'a"b'],
    ['a non-ASCII string id', '{"id":"é日😀","method":"x"}', 'é日😀'],
    ['a number id in exponent form', '{"params":{"a":["id",{"id":1}]},"id":-4.5e1}', -45],
    ['"id" as a string value, not a key', '{"method":"id","params":{"x":"id"},"id":3}', 3],
    ['a key that starts with "id"', '{"idx":1,"id":2}', 2],
    ['only an "id" inside the params', '{"method":"x","params":{"id":3}}', undefined],
    ['a null id', '{"id":null,"method":"x"}', undefined],
    ['an object as the id', '{"id":{"a":1},"method":"x"}', undefined],
    ['an id too long to keep', `{"id":"${'x'.repeat(300)}","method":"x"}`, undefined],
    ['no object at all', '[1, 2, {"id": 3}]', undefined],
  ])('%s', (_, text, expected) => {
    for (const pieceBytes of [1, 2, 7, 1 << 16]) expect(scan(text, pieceBytes)).toEqual(expected);
  });

  test('finds the id after 12 MB of escaped string', () => {
    const query = 'a"b\\'.repeat(3_000_000);
    const text = JSON.stringify({
      method: 'tools/call',
      params: { arguments: { query } },
      jsonrpc: '2.0',
      id: 99,
    });
    expect(scan(text, 1 << 16)).toBe(99);
  });
});
