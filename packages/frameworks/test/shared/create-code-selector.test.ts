import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHashEmbedder } from '@toolsift/selector';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { CodeToolDefinition } from '../../src/shared/code-tool-definition.js';
import { createCodeSelector } from '../../src/shared/create-code-selector.js';
import { toolsFromCode } from '../../src/shared/tools-from-code.js';

const definitions: CodeToolDefinition[] = [
  {
    name: 'get_weather',
    description: 'Current weather conditions for a city',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
  },
  {
    name: 'send_email',
    description: 'Send an email message to a recipient',
    inputSchema: { type: 'object', properties: { to: { type: 'string' }, body: { type: 'string' } } },
    metadata: { notFor: 'chat messages', conflicts: [{ tool: 'post_to_slack' }] },
  },
  {
    name: 'create_invoice',
    description: 'Create an invoice for a customer',
    inputSchema: { type: 'object', properties: { customer: { type: 'string' } } },
  },
];

let cacheRoot: string;
let env: Record<string, string>;

beforeEach(async () => {
  cacheRoot = await mkdtemp(path.join(tmpdir(), 'toolsift-code-selector-'));
  env = { TOOLSIFT_CACHE_DIR: cacheRoot };
});

afterEach(async () => {
  await rm(cacheRoot, { recursive: true, force: true });
});

describe('createCodeSelector', () => {
  test('keeps the index under the user cache dir, and a second create reloads it without embedding', async () => {
    const first = await createCodeSelector({ tools: definitions, embedder: createHashEmbedder(), env });
    expect(first.index).toMatchObject({ status: 'built', reused: 0 });
    expect(first.index.embedded).toBeGreaterThan(0);
    expect(path.relative(cacheRoot, first.index.dir!)).toMatch(/^indexes\/code-[0-9a-f]{10}$/);
    expect(await readdir(path.join(cacheRoot, 'indexes'))).toEqual([path.basename(first.index.dir!)]);

    const second = await createCodeSelector({ tools: definitions, embedder: createHashEmbedder(), env });
    expect(second.index).toMatchObject({ dir: first.index.dir, status: 'loaded', embedded: 0 });
    expect((await second.select('what is the weather in Oslo', { abstain: false })).tools[0]?.id).toBe(
      'get_weather',
    );
  });

  test('an edited description re-embeds that tool only, in the same folder', async () => {
    const first = await createCodeSelector({ tools: definitions, embedder: createHashEmbedder(), env });
    const edited = definitions.map((definition) =>
      definition.name === 'create_invoice'
        ? { ...definition, description: 'Bill a customer for an order' }
        : definition,
    );
    const second = await createCodeSelector({ tools: edited, embedder: createHashEmbedder(), env });
    expect(second.index).toMatchObject({ dir: first.index.dir, status: 'updated', embedded: 1 });
  });

  test('other tools or another embedder get another folder; the same tools in another order the same', async () => {
    const dirOf = async (tools: CodeToolDefinition[], dimensions = 256) =>
      (await createCodeSelector({ tools, embedder: createHashEmbedder({ dimensions }), env })).index.dir;
    const dir = await dirOf(definitions);
    expect(await dirOf(definitions.slice(1))).not.toBe(dir);
    expect(await dirOf(definitions, 32)).not.toBe(dir);
    expect(await dirOf(definitions.toReversed())).toBe(dir);
    expect(path.dirname(dir!)).toBe(path.join(cacheRoot, 'indexes'));
  });

  test('takes toolsift tools as they are, and indexDir: false keeps the index in memory', async () => {
    const selector = await createCodeSelector({
      tools: toolsFromCode(definitions),
      embedder: createHashEmbedder(),
      env,
      indexDir: false,
    });
    expect(selector.index).toMatchObject({ dir: undefined, status: 'memory' });
    expect(selector.tools.map((tool) => tool.id)).toEqual(['get_weather', 'send_email', 'create_invoice']);
    await expect(readdir(cacheRoot)).resolves.toEqual([]);
  });

  test("reports the tools' advisories in index.diagnostics", async () => {
    const selector = await createCodeSelector({ tools: definitions, embedder: createHashEmbedder(), env });
    expect(selector.index.diagnostics.map((diagnostic) => diagnostic.code)).toEqual([
      'UNKNOWN_TOOL_REFERENCE',
    ]);
  });

  test('no tools is an EMPTY_CATALOG error', async () => {
    await expect(
      createCodeSelector({ tools: [], embedder: createHashEmbedder(), env }),
    ).rejects.toMatchObject({
      code: 'EMPTY_CATALOG',
    });
  });
});
