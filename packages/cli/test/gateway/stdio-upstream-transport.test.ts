import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, test } from 'vitest';
import {
  type OversizedUpstreamMessage,
  StdioUpstreamTransport,
} from '../../src/gateway/stdio-upstream-transport.js';

// A real child process that answers each request line with a result padded to `params.pad` characters, and first
// writes a notification padded to 100 characters: raw lines, so sizes are exact.
const ECHO_SERVER = `
const { createInterface } = require('node:readline');
const pad = (n) => 'x'.repeat(n);
process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: pad(100) } }) + '\\n');
createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, params } = JSON.parse(line);
  if (id === undefined) return;
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, result: { pad: pad(params.pad) } }) + '\\n');
});
`;

let transport: StdioUpstreamTransport | undefined;
afterEach(async () => {
  await transport?.close();
});

async function open(maxMessageBytes: number) {
  const received: JSONRPCMessage[] = [];
  const oversized: OversizedUpstreamMessage[] = [];
  let closes = 0;
  transport = new StdioUpstreamTransport({
    command: process.execPath,
    args: ['-e', ECHO_SERVER],
    env: {},
    maxMessageBytes,
    onOversized: (message) => oversized.push(message),
  });
  transport.onmessage = (message) => received.push(message);
  transport.onclose = () => closes++;
  await transport.start();
  return { transport, received, oversized, closes: () => closes };
}

describe('StdioUpstreamTransport', () => {
  test('an answer over the limit fails its own request with its size; the answers around it arrive', async () => {
    const { transport, received, oversized, closes } = await open(200);
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'small', pad: 10 } });
    await transport.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'big', pad: 300 } });
    await transport.send({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: { pad: 20 } });
    await expect.poll(() => received.length).toBe(4);
    expect(received).toEqual([
      { jsonrpc: '2.0', method: 'notifications/message', params: { data: 'x'.repeat(100) } },
      { jsonrpc: '2.0', id: 1, result: { pad: 'x'.repeat(10) } },
      {
        jsonrpc: '2.0',
        id: 2,
        error: {
          code: -32603,
          message:
            "Result too large: the server's answer has 344 bytes; the gateway reads at most 200 bytes per message " +
            "from a server. Ask for less, or raise the gateway's --max-result-mb.",
          data: { bytes: 344, maxBytes: 200 },
        },
      },
      { jsonrpc: '2.0', id: 3, result: { pad: 'x'.repeat(20) } },
    ]);
    expect(oversized.map(({ text, ...rest }) => rest)).toEqual([
      { bytes: 344, maxBytes: 200, request: 'tools/call "big"' },
    ]);
    expect(oversized[0]?.text).toBe(
      'answered tools/call "big" with 344 bytes, more than the 200 bytes the gateway reads from a server: that request failed, the server serves on',
    );
    expect(closes()).toBe(0);
  });

  test('a message over the limit that answers no request of ours is skipped and reported', async () => {
    const { transport, received, oversized } = await open(100);
    // The notification the server writes first is 171 bytes; a request the gateway cancelled is answered by no one.
    await transport.send({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'slow', pad: 200 } });
    await transport.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } });
    await transport.send({ jsonrpc: '2.0', id: 8, method: 'ping', params: { pad: 1 } });
    await expect.poll(() => received.length).toBe(1);
    expect(received).toEqual([{ jsonrpc: '2.0', id: 8, result: { pad: 'x' } }]);
    expect(oversized.map(({ bytes, request }) => ({ bytes, request }))).toEqual([
      { bytes: 171, request: undefined },
      { bytes: 244, request: undefined },
    ]);
    expect(oversized[0]?.text).toBe(
      'sent a message of 171 bytes, more than the 100 bytes the gateway reads from a server: it was skipped, the server serves on',
    );
  });

  test('close ends the server; sending then fails', async () => {
    const { transport, closes } = await open(1000);
    expect(transport.pid).toBeGreaterThan(0);
    await transport.close();
    await expect.poll(closes).toBe(1);
    expect(transport.pid).toBeUndefined();
    await expect(transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' })).rejects.toThrow('Not connected');
  });
});
