import { PassThrough } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, test } from 'vitest';
import { BoundedStdioTransport } from '../../src/mcp/bounded-stdio-transport.js';

/** A started transport over in-memory streams, with what it delivered, wrote and reported. */
async function open(maxLineBytes?: number) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const transport = new BoundedStdioTransport({
    stdin,
    stdout,
    ...(maxLineBytes !== undefined ? { maxLineBytes } : {}),
  });
  const received: JSONRPCMessage[] = [];
  const written: unknown[] = [];
  let closes = 0;
  transport.onmessage = (message) => received.push(message);
  transport.onclose = () => closes++;
  stdout.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) written.push(JSON.parse(line));
  });
  await transport.start();
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { stdin, transport, received, written, closes: () => closes, settle };
}

describe('BoundedStdioTransport', () => {
  test('delivers messages split across chunks, with CRLF endings, skipping blank lines', async () => {
    const { stdin, received, written, settle } = await open();
    stdin.write('{"jsonrpc":"2.0","id":1,"met');
    stdin.write('hod":"ping"}\r\n\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    await settle();
    expect(received).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ]);
    expect(written).toEqual([]);
  });

  test('answers a line over the limit with its id and reads the next line', async () => {
    const { stdin, received, written, settle } = await open(64);
    const line = `{"jsonrpc":"2.0","method":"ping","params":{"pad":"${'x'.repeat(100)}"},"id":7}`;
    expect(Buffer.byteLength(line)).toBe(160);
    stdin.write(`${line}\n`);
    stdin.write('{"jsonrpc":"2.0","id":8,"method":"ping"}\n');
    await settle();
    expect(written).toEqual([
      {
        jsonrpc: '2.0',
        id: 7,
        error: {
          code: -32600,
          message: 'Request too large: the message has 160 bytes; the server reads at most 64 per message.',
          data: { bytes: 160, maxBytes: 64 },
        },
      },
    ]);
    expect(received).toEqual([{ jsonrpc: '2.0', id: 8, method: 'ping' }]);
  });

  test.each([
    ['not JSON', 'this is not JSON', -32700, 'Parse error: the message is not JSON.'],
    [
      'JSON-RPC without an id',
      '{"jsonrpc":"2.0","hello":"world"}',
      -32600,
      'Invalid Request: the message is not a JSON-RPC 2.0 request, notification or response.',
    ],
  ])(
    'answers a line that is %s with "id": null (JSON-RPC 2.0) and reads the next line',
    async (_kind, line, code, message) => {
      const { stdin, received, written, settle } = await open();
      stdin.write(`${line}\n{"jsonrpc":"2.0","id":8,"method":"ping"}\n`);
      await settle();
      expect(written).toEqual([{ jsonrpc: '2.0', id: null, error: { code, message } }]);
      expect(received).toEqual([{ jsonrpc: '2.0', id: 8, method: 'ping' }]);
    },
  );

  test('a line over the limit whose id cannot be read is answered with "id": null', async () => {
    const { stdin, written, settle } = await open(16);
    stdin.write(`{"jsonrpc":"2.0","method":"ping","params":{"pad":"${'x'.repeat(40)}"}}\n`);
    await settle();
    expect(written).toMatchObject([{ jsonrpc: '2.0', id: null, error: { code: -32600 } }]);
  });

  test('a line of exactly the limit is read', async () => {
    const line = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    const { stdin, received, settle } = await open(Buffer.byteLength(line));
    stdin.write(`${line}\n`);
    await settle();
    expect(received).toHaveLength(1);
  });

  test('closes, without a failure, when stdin ends', async () => {
    const { stdin, transport, closes, settle } = await open();
    stdin.end();
    await settle();
    expect(closes()).toBe(1);
    expect(transport.failure).toBeUndefined();
  });

  test('closes with the failure when stdin fails', async () => {
    const { stdin, transport, closes, settle } = await open();
    transport.onerror = () => {};
    stdin.destroy(new Error('EIO: i/o error, read'));
    await settle();
    expect(closes()).toBe(1);
    expect(transport.failure?.message).toBe('EIO: i/o error, read');
  });
});
