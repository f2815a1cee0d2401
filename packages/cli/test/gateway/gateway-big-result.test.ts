import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { nodeServer, referenceServer } from '@toolsift/test-support/gateway-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.js';
import { parseGatewayConfig } from '../../src/gateway/read-gateway-config.js';

// The reference filesystem server's read_media_file on an 8 MB image: its answer holds the base64 twice (content and
// structuredContent), 21.3 MB on one line. The SDK's stdio client closed the connection on any line over 10 MiB, so
// the call failed, every call in flight with it, and the server restarted.
const folder = tempFolder('toolsift-gateway-big-');
const project = path.join(folder, 'project');
const IMAGE_BYTES = 8 * 1000 * 1000;
const NOTES = 'Buy milk.\n';
const gateways: Gateway[] = [];
let logs: string[] = [];

function startGateway(maxResultBytes?: number): Gateway {
  const upstreams = parseGatewayConfig(
    { mcpServers: { filesystem: nodeServer(referenceServer('server-filesystem'), [project]) } },
    'test config',
  );
  const gateway = createGateway({
    upstreams,
    embedder: 'hash',
    indexDir: false,
    cwd: folder,
    env: {},
    log: (line) => logs.push(line),
    maxResultBytes,
  });
  gateways.push(gateway);
  return gateway;
}

beforeAll(async () => {
  await mkdir(project);
  await writeFile(path.join(project, 'photo.png'), randomBytes(IMAGE_BYTES));
  await writeFile(path.join(project, 'notes.txt'), NOTES);
});

afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.close()));
});

const readImage = { arguments: { path: path.join(project, 'photo.png') } };
const readNotes = { arguments: { path: path.join(project, 'notes.txt') } };

function textOf(result: { content: unknown }): string {
  return (result.content as Array<{ text?: string }>).map((part) => part.text ?? '').join('\n');
}

describe('a large result from a stdio upstream', () => {
  test('an 8 MB image is read whole under the default limit (32 MiB)', async () => {
    logs = [];
    const gateway = startGateway();
    await gateway.core.started;
    const result = await gateway.core.pool.call('filesystem__read_media_file', readImage);
    expect(result.isError).not.toBe(true);
    const [image] = result.content as Array<{ type: string; data: string; mimeType: string }>;
    expect(image?.type).toBe('image');
    expect(image?.mimeType).toBe('image/png');
    expect(Buffer.from(image?.data ?? '', 'base64').length).toBe(IMAGE_BYTES);
  });

  test('over the limit, only that call fails, naming the size and the limit; the calls beside it and after it are answered by the same server', async () => {
    logs = [];
    const gateway = startGateway(4 * 1024 * 1024);
    await gateway.core.started;
    const pid = gateway.core.pool.pidOf('filesystem');
    const [big, ...beside] = await Promise.all([
      gateway.core.pool.call('filesystem__read_media_file', readImage),
      gateway.core.pool.call('filesystem__read_text_file', readNotes),
      gateway.core.pool.call('filesystem__list_directory', { arguments: { path: project } }),
    ]);
    expect(big?.isError).toBe(true);
    expect(textOf(big!)).toMatch(
      /^The upstream server "filesystem" failed to run "read_media_file": MCP error -32603: Result too large: the server's answer has 2\d,\d{3},\d{3} bytes \(2\d\.\d MiB\); the gateway reads at most 4,194,304 bytes \(4 MiB\) per message from a server\. Ask for less, or raise the gateway's --max-result-mb\.$/,
    );
    expect(beside.map((result) => result.isError)).toEqual([undefined, undefined]);
    expect(textOf(beside[0]!)).toBe(NOTES);
    expect(textOf(beside[1]!)).toContain('[FILE] photo.png');

    const after = await gateway.core.pool.call('filesystem__read_text_file', readNotes);
    expect(textOf(after)).toBe(NOTES);
    expect(gateway.core.pool.pidOf('filesystem')).toBe(pid);
    expect(gateway.core.pool.downReason('filesystem')).toBeUndefined();
    expect(logs.filter((line) => !line.startsWith('upstream "filesystem" connected'))).toEqual([
      expect.stringMatching(
        /^upstream "filesystem" answered tools\/call "read_media_file" with 2\d,\d{3},\d{3} bytes \(2\d\.\d MiB\), more than the 4,194,304 bytes \(4 MiB\) the gateway reads from a server: that request failed, the server serves on$/,
      ),
    ]);
  });
});
