import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedding/hash-embedder.js';
import { INDEX_MANIFEST, type IndexManifest } from '../../src/index-store/index-manifest.js';
import { openToolIndex } from '../../src/index-store/open-tool-index.js';
import { countingEmbedder, makeTool, sampleTools } from '../fixtures/make-tool.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'toolsift-index-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function manifest(): Promise<IndexManifest> {
  return JSON.parse(await readFile(path.join(dir, INDEX_MANIFEST), 'utf8'));
}

describe('openToolIndex', () => {
  it('builds, saves, then reloads without embedding anything', async () => {
    const tools = sampleTools();
    const built = await openToolIndex({ tools, embedder: countingEmbedder(), dir });
    expect(built).toMatchObject({ status: 'built', warnings: [] });
    expect(built.stats.embedded).toBe(built.index.viewCount);

    const embedder = countingEmbedder();
    const loaded = await openToolIndex({ tools, embedder, dir });
    expect(loaded.status).toBe('loaded');
    expect(embedder.embeddedTexts).toEqual([]);
    expect(loaded.index.viewCount).toBe(built.index.viewCount);
    const query = (await embedder.embed(['rain in Oslo']))[0]!;
    expect(loaded.index.searchVectors(query, 3)).toEqual(built.index.searchVectors(query, 3));
    expect(loaded.index.searchLexical('stock price', 2)).toEqual(built.index.searchLexical('stock price', 2));
  });

  it('re-embeds only the views that changed, and drops removed tools', async () => {
    const tools = sampleTools();
    await openToolIndex({ tools, embedder: countingEmbedder(), dir });
    const changed = makeTool({
      id: 'send_email',
      description: 'Send an email with attachments to one or more people.',
    });
    const next = [
      tools[0]!,
      changed,
      tools[2]!,
      tools[3]!,
      makeTool({ id: 'new_tool', description: 'Brand new.' }),
    ];
    const embedder = countingEmbedder();
    const updated = await openToolIndex({ tools: next, embedder, dir });
    expect(updated.status).toBe('updated');
    expect(embedder.embeddedTexts).toEqual([
      'send email. Send an email with attachments to one or more people.',
      'new tool. Brand new.',
    ]);
    expect(updated.index.tool('calendar_event')).toBeUndefined();
    expect(updated.index.searchLexical('calendar attendees', 5)).toEqual([]);
    expect(Object.keys((await manifest()).tools).sort()).toEqual(next.map((tool) => tool.id).sort());
    expect((await openToolIndex({ tools: next, embedder: countingEmbedder(), dir })).status).toBe('loaded');
  });

  it('writes payloads under one generation and cleans up the previous one', async () => {
    await openToolIndex({ tools: sampleTools(), embedder: countingEmbedder(), dir });
    await openToolIndex({ tools: sampleTools().slice(1), embedder: countingEmbedder(), dir });
    const names = (await readdir(dir)).sort();
    const generations = new Set(
      names.filter((name) => name.startsWith('index.')).map((name) => name.split('.')[1]),
    );
    expect(generations.size).toBe(1);
    expect(names).toContain(INDEX_MANIFEST);
  });

  const damages: Array<[string, () => Promise<void>, RegExp]> = [
    [
      'a truncated texts file',
      async () => truncate(path.join(dir, (await manifest()).files.texts.file), 10),
      /truncated/,
    ],
    [
      'a truncated lexical file',
      async () => truncate(path.join(dir, (await manifest()).files.lexical.file), 10),
      /truncated/,
    ],
    [
      'a flipped byte in the lexical file',
      async () => {
        const file = path.join(dir, (await manifest()).files.lexical.file);
        const bytes = await readFile(file);
        bytes[7] = (bytes[7] ?? 0) ^ 0xff;
        await writeFile(file, bytes);
      },
      /checksum/,
    ],
    [
      'a manifest that is not JSON',
      async () => writeFile(path.join(dir, INDEX_MANIFEST), '{"format": "toolsift-ind'),
      /not valid JSON/,
    ],
    [
      'a manifest from another format version',
      async () =>
        writeFile(path.join(dir, INDEX_MANIFEST), JSON.stringify({ ...(await manifest()), version: 999 })),
      /format version 999/,
    ],
    [
      'a flipped byte in the rule vectors file',
      async () => {
        const file = path.join(dir, (await manifest()).files.ruleVectors.file);
        const bytes = await readFile(file);
        bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
        await writeFile(file, bytes);
      },
      /checksum/,
    ],
    [
      'a missing lexical file',
      async () => rm(path.join(dir, (await manifest()).files.lexical.file)),
      /cannot read/,
    ],
    [
      'a damaged vector index',
      async () => rm(path.join(dir, (await manifest()).files.vectorIndex), { recursive: true }),
      /vector index/,
    ],
  ];

  it.each(damages)('rebuilds, with a warning, after %s', async (_label, damage, why) => {
    const tools = sampleTools();
    await openToolIndex({ tools, embedder: countingEmbedder(), dir });
    await damage();
    const embedder = countingEmbedder();
    const reopened = await openToolIndex({ tools, embedder, dir });
    expect(reopened.status).toBe('built');
    expect(reopened.warnings).toHaveLength(1);
    expect(reopened.warnings[0]).toMatch(why);
    // Every view, and the one rule text of the sample tools (a `not_for`), embedded at index time.
    expect(embedder.embeddedTexts.length).toBe(reopened.index.viewCount + 1);
    expect((await openToolIndex({ tools, embedder: countingEmbedder(), dir })).status).toBe('loaded');
  });

  it('rebuilds an index made by another embedder or with other dimensions', async () => {
    const tools = sampleTools();
    await openToolIndex({ tools, embedder: countingEmbedder(64), dir });
    const other = await openToolIndex({ tools, embedder: createHashEmbedder({ dimensions: 32 }), dir });
    expect(other.status).toBe('built');
    expect(other.warnings[0]).toContain('built with embedder hash:64 (64-d), not hash:32 (32-d)');
  });

  it('saves and reloads an HNSW index, which ranks like the exact one here', async () => {
    const tools = sampleTools();
    const hnsw = await openToolIndex({ tools, embedder: countingEmbedder(), dir, vectorIndex: 'hnsw' });
    expect(hnsw.index.vectorIndex.kind).toBe('hnsw');
    const reloaded = await openToolIndex({ tools, embedder: countingEmbedder(), dir, vectorIndex: 'hnsw' });
    expect(reloaded.status).toBe('loaded');
    expect(reloaded.index.vectorIndex.kind).toBe('hnsw');
    const exact = await openToolIndex({ tools, embedder: countingEmbedder(), vectorIndex: 'exact' });
    const query = (await countingEmbedder().embed(['send a message']))[0]!;
    const keys = (index: typeof exact.index) => index.searchVectors(query, 3).map((hit) => hit.key);
    expect(keys(reloaded.index)).toEqual(keys(exact.index));
  });

  it('embeds rule texts at index time and saves them, so neither a reload nor a selection embeds them', async () => {
    const tools = sampleTools();
    const built = await openToolIndex({ tools, embedder: countingEmbedder(), dir });
    expect(built.index.ruleTextVector('Stock prices')).toHaveLength(64);
    const embedder = countingEmbedder();
    const loaded = await openToolIndex({ tools, embedder, dir });
    expect(loaded.status).toBe('loaded');
    expect([...loaded.index.ruleTextVector('Stock prices')!]).toEqual([
      ...built.index.ruleTextVector('Stock prices')!,
    ]);
    expect(embedder.embeddedTexts).toEqual([]);
  });

  it('embeds a changed rule text on load, although the tool needs no re-indexing', async () => {
    // Only the conflict's rule text differs between the two catalogs.
    const catalog = (whenPreferOther: string) => [
      makeTool({
        id: 'a',
        description: 'Tool a',
        conflicts: [{ tool: 'b', severity: 'low', whenPreferOther }],
      }),
      makeTool({ id: 'b', description: 'Tool b' }),
    ];
    await openToolIndex({ tools: catalog('in a hurry'), embedder: countingEmbedder(), dir });
    const changed = catalog('on a budget');
    const embedder = countingEmbedder();
    const reopened = await openToolIndex({ tools: changed, embedder, dir });
    expect(reopened.status).toBe('updated');
    expect(embedder.embeddedTexts).toEqual(['on a budget']);
    expect((await manifest()).files.ruleVectors.bytes).toBeGreaterThan(0);
    expect((await openToolIndex({ tools: changed, embedder: countingEmbedder(), dir })).status).toBe(
      'loaded',
    );
  });

  it('keeps the index in memory when no folder is given', async () => {
    const opened = await openToolIndex({ tools: sampleTools(), embedder: countingEmbedder() });
    expect(opened.status).toBe('memory');
  });
});
