import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedding/hash-embedder.js';
import { hashText } from '../../src/index-store/content-hash.js';
import {
  INDEX_FORMAT_VERSION,
  INDEX_MANIFEST,
  type IndexManifest,
} from '../../src/index-store/index-manifest.js';
import { openToolIndex } from '../../src/index-store/open-tool-index.js';
import type { ToolIndex } from '../../src/index-store/tool-index.js';
import { encodeViewTable, type ViewTableTool } from '../../src/index-store/view-table-file.js';
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

/** Replace the view table with another one, with a matching size and checksum (as a buggy writer would). */
async function rewriteViewTable(tools: ViewTableTool[]): Promise<void> {
  const saved = await manifest();
  const bytes = encodeViewTable(tools, hashText);
  await writeFile(path.join(dir, saved.files.views.file), bytes);
  saved.files.views = { ...saved.files.views, bytes: bytes.length, crc32: crc32(bytes) };
  await writeFile(path.join(dir, INDEX_MANIFEST), JSON.stringify(saved));
}

/** Replace the saved name table with other bytes, with a matching size and checksum. */
async function rewriteNameTable(bytes: Buffer): Promise<void> {
  await rewritePayload('names', bytes);
}

/** Replace a saved payload, with a matching size and checksum in the manifest. */
async function rewritePayload(role: 'names' | 'lexical', bytes: Uint8Array): Promise<void> {
  const saved = await manifest();
  await writeFile(path.join(dir, saved.files[role].file), bytes);
  saved.files[role] = { ...saved.files[role], bytes: bytes.length, crc32: crc32(bytes) };
  await writeFile(path.join(dir, INDEX_MANIFEST), JSON.stringify(saved));
}

/** Flip bits of the byte at `position` (from the end when negative) of a saved payload. */
async function flipByte(
  role: 'views' | 'lexical' | 'ruleVectors',
  position: number,
  bits: number,
): Promise<void> {
  const file = path.join(dir, (await manifest()).files[role].file);
  const bytes = await readFile(file);
  const at = position < 0 ? bytes.length + position : position;
  bytes[at] = (bytes[at] ?? 0) ^ bits;
  await writeFile(file, bytes);
}

function tableOf(index: ToolIndex): ViewTableTool[] {
  return index.tools().map((tool) => ({
    id: tool.id,
    hash: index.toolHash(tool.id) ?? '',
    views: [...index.views(tool.id)],
  }));
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

  it('reuses an index saved by earlier versions: default lexical options hash as they recorded', async () => {
    const tools = sampleTools();
    await openToolIndex({ tools, embedder: countingEmbedder(), dir });
    // The hash every index saved with default lexical options recorded (read from folders saved on 2026-11-26,
    // before the fuzzy and prefix options were removed): a change would rebuild every saved index.
    expect((await manifest()).lexicalOptions).toBe('44136fa355b3678a');
    for (const lexical of [undefined, {}]) {
      const embedder = countingEmbedder();
      expect((await openToolIndex({ tools, embedder, dir, lexical })).status).toBe('loaded');
      expect(embedder.embeddedTexts).toEqual([]);
    }
    const other = await openToolIndex({ tools, embedder: countingEmbedder(), dir, lexical: { k1: 2 } });
    expect(other.status).toBe('built');
  });

  it('rejects an unknown lexical option before reusing a saved index (USAGE_ERROR)', async () => {
    const tools = sampleTools();
    await openToolIndex({ tools, embedder: countingEmbedder(), dir });
    // @ts-expect-error prefix matching was removed
    const opening = openToolIndex({ tools, embedder: countingEmbedder(), dir, lexical: { prefix: true } });
    await expect(opening).rejects.toMatchObject({ code: 'USAGE_ERROR', details: { option: 'prefix' } });
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
    const reloaded = await openToolIndex({ tools: next, embedder: countingEmbedder(), dir });
    expect(reloaded.status).toBe('loaded');
    expect(reloaded.index.tools().map((tool) => tool.id)).toEqual(next.map((tool) => tool.id));
  });

  it('finds the tool and the view of every current view key, and nothing for keys of changed or removed views', async () => {
    const tools = sampleTools();
    const built = await openToolIndex({ tools, embedder: countingEmbedder(), dir });
    const before = new Map(
      tools.map((tool) => [tool.id, built.index.views(tool.id).map((view) => view.key)]),
    );
    const changed = makeTool({ id: 'send_email', description: 'Send an email with attachments.' });
    const next = [
      changed,
      ...tools.filter((tool) => tool.id !== 'send_email' && tool.id !== 'calendar_event'),
    ];
    for (const index of [
      (await openToolIndex({ tools: next, embedder: countingEmbedder(), dir })).index,
      (await openToolIndex({ tools: next, embedder: countingEmbedder(), dir })).index, // reloaded
    ]) {
      for (const tool of next) {
        for (const view of index.views(tool.id)) {
          expect(index.toolIdOfView(view.key)).toBe(tool.id);
          expect(index.view(view.key)).toEqual(view);
        }
      }
      const current = new Set(next.flatMap((tool) => index.views(tool.id).map((view) => view.key)));
      const gone = [...before.values()].flat().filter((key) => !current.has(key));
      expect(gone).toEqual(expect.arrayContaining(before.get('calendar_event')!));
      expect(gone.length).toBeGreaterThan(0);
      // A changed tool keeps its keys; they now lead to its new texts.
      const [description] = index.views('send_email');
      expect(index.view(description!.key)?.text).toContain('attachments');
      for (const key of gone) {
        expect(index.toolIdOfView(key)).toBeUndefined();
        expect(index.view(key)).toBeUndefined();
      }
    }
  });

  it('writes payloads under one generation, keeps the one before (for readers of its manifest), removes older ones', async () => {
    const generations = async () =>
      new Set(
        (await readdir(dir)).filter((name) => name.startsWith('index.')).map((name) => name.split('.')[1]),
      );
    await openToolIndex({ tools: sampleTools(), embedder: countingEmbedder(), dir });
    const [first] = await generations();
    await openToolIndex({ tools: sampleTools().slice(1), embedder: countingEmbedder(), dir });
    const second = (await manifest()).files.views.file.split('.')[1];
    expect(await generations()).toEqual(new Set([first, second]));
    await openToolIndex({ tools: sampleTools().slice(2), embedder: countingEmbedder(), dir });
    const third = (await manifest()).files.views.file.split('.')[1];
    expect(await generations()).toEqual(new Set([second, third]));
    expect(await readdir(dir)).toContain(INDEX_MANIFEST);
  });

  const damages: Array<[string, () => Promise<void>, RegExp]> = [
    [
      'a truncated view table',
      async () => truncate(path.join(dir, (await manifest()).files.views.file), 10),
      /truncated/,
    ],
    ['a flipped byte in the view table', async () => flipByte('views', -3, 0x01), /checksum/],
    [
      'a truncated lexical file',
      async () => truncate(path.join(dir, (await manifest()).files.lexical.file), 10),
      /truncated/,
    ],
    ['a flipped byte in the lexical file', async () => flipByte('lexical', 7, 0xff), /checksum/],
    [
      'a manifest that is not JSON',
      async () => writeFile(path.join(dir, INDEX_MANIFEST), '{"format": "toolsift-ind'),
      /not valid JSON/,
    ],
    [
      'a manifest from another format version',
      async () =>
        writeFile(path.join(dir, INDEX_MANIFEST), JSON.stringify({ ...(await manifest()), version: 999 })),
      /saved in index format 999/,
    ],
    ['a flipped byte in the rule vectors file', async () => flipByte('ruleVectors', -1, 0xff), /checksum/],
    [
      'a truncated name table',
      async () => truncate(path.join(dir, (await manifest()).files.names.file), 3),
      /truncated/,
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
    expect(reopened.warnings).toEqual([
      {
        code: 'INDEX_REBUILT',
        message: expect.stringMatching(why),
        dir,
        reason: expect.any(String),
        count: 0,
      },
    ]);
    expect(reopened.warnings[0]?.message).toBe(`rebuilt the index: ${reopened.warnings[0]?.reason}`);
    // Every view, and the one rule text of the sample tools (a `not_for`), embedded at index time.
    expect(embedder.embeddedTexts.length).toBe(reopened.index.viewCount + 1);
    expect((await openToolIndex({ tools, embedder: countingEmbedder(), dir })).status).toBe('loaded');
  });

  it('rebuilds an index of the previous format, saying so in one line', async () => {
    const tools = sampleTools();
    await openToolIndex({ tools, embedder: countingEmbedder(), dir });
    const previous = INDEX_FORMAT_VERSION - 1;
    await writeFile(
      path.join(dir, INDEX_MANIFEST),
      JSON.stringify({ ...(await manifest()), version: previous }),
    );
    const reopened = await openToolIndex({ tools, embedder: countingEmbedder(), dir });
    expect(reopened.status).toBe('built');
    expect(reopened.warnings.map((warning) => warning.message)).toEqual([
      `rebuilt the index: index in ${dir} cannot be used: saved in index format ${previous}, and this toolsift reads format ${INDEX_FORMAT_VERSION} only`,
    ]);
    expect((await manifest()).version).toBe(INDEX_FORMAT_VERSION);
  });

  it('rebuilds an index of an older layout, saying so', async () => {
    const tools = sampleTools();
    await openToolIndex({ tools, embedder: countingEmbedder(), dir });
    const { files, ...rest } = await manifest();
    const previous = {
      ...rest,
      version: 3,
      tools: {},
      views: [],
      viewHashes: [],
      files: { texts: { ...files.views, sha256: '0'.repeat(64) }, lexical: files.lexical },
    };
    await writeFile(path.join(dir, INDEX_MANIFEST), JSON.stringify(previous));
    const reopened = await openToolIndex({ tools, embedder: countingEmbedder(), dir });
    expect(reopened.status).toBe('built');
    expect(reopened.warnings[0]).toMatchObject({
      code: 'INDEX_REBUILT',
      reason: expect.stringMatching(/saved in index format 3, and this toolsift reads format \d+ only/),
    });
  });

  // Checksums catch damage; these tables have valid checksums (a buggy writer) and are refused all the same.
  const inconsistentTables: Array<[string, (tools: ViewTableTool[]) => ViewTableTool[], RegExp]> = [
    [
      'a view the vector index lacks',
      (tools) =>
        tools.map((tool, index) =>
          index === 1
            ? {
                ...tool,
                views: tool.views.map((view) => ({ ...view, n: '9', key: `${tool.id}#${view.kind}:9` })),
              }
            : tool,
        ),
      /holds no vector for "send_email#description:9"/,
    ],
    ['a repeated tool', (tools) => [...tools, tools[0]!], /the view table repeats a tool$/],
    [
      'a view listed twice (in place of another)',
      (tools) =>
        tools.map((tool, index) =>
          index === 0 ? { ...tool, views: [tool.views[0]!, ...tool.views.slice(0, -1)] } : tool,
        ),
      /the view table repeats a view$/,
    ],
    ['a missing tool', (tools) => tools.slice(1), /the vector index holds 9 vectors, the view table 4$/],
  ];

  it.each(inconsistentTables)('rebuilds after a view table with %s', async (_label, change, why) => {
    const tools = sampleTools();
    const built = await openToolIndex({ tools, embedder: countingEmbedder(), dir });
    await rewriteViewTable(change(tableOf(built.index)));
    const reopened = await openToolIndex({ tools, embedder: countingEmbedder(), dir });
    expect(reopened.status).toBe('built');
    expect(reopened.warnings[0]).toMatchObject({
      code: 'INDEX_REBUILT',
      message: expect.stringMatching(why),
    });
  });

  it('restores tools listed in another order than the catalog', async () => {
    const tools = sampleTools();
    const built = await openToolIndex({ tools, embedder: countingEmbedder(), dir });
    await rewriteViewTable(tableOf(built.index).reverse());
    const embedder = countingEmbedder();
    const reopened = await openToolIndex({ tools, embedder, dir });
    expect(reopened.status).toBe('loaded');
    expect(embedder.embeddedTexts).toEqual([]);
    expect(reopened.index.tools().map((tool) => tool.id)).toEqual(tools.map((tool) => tool.id));
  });

  it('rebuilds an index made by another embedder or with other dimensions', async () => {
    const tools = sampleTools();
    await openToolIndex({ tools, embedder: countingEmbedder(64), dir });
    const other = await openToolIndex({ tools, embedder: createHashEmbedder({ dimensions: 32 }), dir });
    expect(other.status).toBe('built');
    expect(other.warnings[0]).toMatchObject({
      code: 'INDEX_REBUILT',
      reason: expect.stringContaining('built with embedder hash:64 (64-d), not hash:32 (32-d)'),
    });
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

  it('reloads the name matcher it saved, and builds it again once a tool changes', async () => {
    const tools = sampleTools();
    const built = await openToolIndex({ tools, embedder: countingEmbedder(), dir });
    const prompts = ['use get_weather for Oslo', 'the Current weather please', 'send email and stock quote'];
    const fresh = prompts.map((prompt) => built.index.matchNames(prompt));
    expect(fresh.flat().length).toBeGreaterThan(2);
    const loaded = await openToolIndex({ tools, embedder: countingEmbedder(), dir });
    expect(prompts.map((prompt) => loaded.index.matchNames(prompt))).toEqual(fresh);
    expect(loaded.index.nameTable()).toEqual(built.index.nameTable());

    // A saved table that names a tool differently (with a valid checksum) shows the reload reads the saved one.
    await rewriteNameTable(
      Buffer.from(
        JSON.stringify({
          phrases: ['zebra crossing'],
          entries: [[['send_email', 'title']]],
          firstWords: ['zebra'],
          longest: [2],
        }),
      ),
    );
    const reloaded = await openToolIndex({ tools, embedder: countingEmbedder(), dir });
    expect(reloaded.status).toBe('loaded');
    expect(reloaded.index.matchNames('a zebra crossing')).toEqual([
      { toolId: 'send_email', matched: 'zebra crossing', field: 'title' },
    ]);
    await reloaded.index.upsertTools({
      tools: [makeTool({ id: 'translate_text', description: 'Translate text between languages.' })],
      embedder: countingEmbedder(),
    });
    expect(reloaded.index.matchNames('a zebra crossing')).toEqual([]);
    expect(reloaded.index.matchNames('use get_weather for Oslo')).toEqual(fresh[0]);
  });

  it.each([
    ['not a table', '{"not": "a table"}'],
    // An object keyed by phrase (it would name send_email by "zebra crossing" if it were read).
    [
      'an object keyed by phrase',
      '{"phrases": {"zebra crossing": [["send_email", "title"]]}, "longestFrom": {"zebra": 2}}',
    ],
  ])('builds the name matcher when the saved table is not one (%s)', async (_, saved) => {
    const tools = sampleTools();
    const built = await openToolIndex({ tools, embedder: countingEmbedder(), dir });
    await rewriteNameTable(Buffer.from(saved));
    const loaded = await openToolIndex({ tools, embedder: countingEmbedder(), dir });
    expect(loaded.index.matchNames('use get_weather for Oslo')).toEqual(
      built.index.matchNames('use get_weather for Oslo'),
    );
    expect(loaded.index.matchNames('a zebra crossing')).toEqual([]);
  });

  it('keeps the index in memory when no folder is given', async () => {
    const opened = await openToolIndex({ tools: sampleTools(), embedder: countingEmbedder() });
    expect(opened.status).toBe('memory');
  });
});
