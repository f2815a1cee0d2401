import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import {
  connectStdioGateway,
  nodeServer,
  referenceServer,
  writeConfig,
} from '@toolsift/test-support/gateway-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

// The reference "everything" server behind the gateway: a long operation's progress reaches the agent through it.
const folder = tempFolder('toolsift-gateway-progress-');
let client: Client;

beforeAll(async () => {
  const config = await writeConfig(folder, {
    everything: nodeServer(referenceServer('server-everything'), ['stdio']),
  });
  ({ client } = await connectStdioGateway({
    args: ['--config', config, '--index-dir', path.join(folder, 'index')],
  }));
});

afterAll(async () => {
  await client?.close();
});

describe('a call through the gateway', () => {
  test("passes the upstream's progress notifications on to the agent, and its result", async () => {
    const progress: Progress[] = [];
    const result = await client.callTool(
      {
        name: 'call_tool',
        arguments: {
          name: 'everything__trigger-long-running-operation',
          arguments: { duration: 0.3, steps: 3 },
        },
      },
      undefined,
      { onprogress: (update) => progress.push(update) },
    );
    expect(result.isError).not.toBe(true);
    expect(result.content).toEqual([
      { type: 'text', text: 'Long running operation completed. Duration: 0.3 seconds, Steps: 3.' },
    ]);
    // The SDK client drops a request's progress handler as soon as the answer is read, before it dispatches a
    // progress notification that came in the same read: the last step may be lost on the agent's side (as it is
    // when the agent calls the server directly). What arrives is each step, in order.
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress.map(({ progress: done, total }) => [done, total])).toEqual(
      [
        [1, 3],
        [2, 3],
        [3, 3],
      ].slice(0, progress.length),
    );
  });

  test('keeps a tool name with a hyphen as it is', async () => {
    const result = await client.callTool({
      name: 'call_tool',
      arguments: { name: 'everything__get-sum', arguments: { a: 2, b: 3 } },
    });
    expect(result.content).toEqual([{ type: 'text', text: 'The sum of 2 and 3 is 5.' }]);
  });
});
