import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FormatLoader, LoadedTool } from '@toolsift/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedding/hash-embedder.js';
import type { LexicalDocument, LexicalHit, LexicalIndex } from '../../src/lexical/lexical-index.js';
import { createSelector } from '../../src/selector/create-selector.js';
import { clearSelectorCache, selectTools } from '../../src/selector/select-tools.js';
import type { VectorHit, VectorIndex } from '../../src/vector-index/vector-index.js';
import { sampleTools } from '../fixtures/make-tool.js';

const RANKING_ONLY = { abstain: false, includeUnavailable: true } as const;

describe('createSelector with component instances', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'toolsift-components-'));
    await writeFile(path.join(folder, 'tools.yaml'), TOOLBOX_YAML);
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('loads with the loaders given, and ranks through the vector and lexical indexes given', async () => {
    const vectorIndex = new ScanVectorIndex(64);
    const lexical = new WordCountIndex();
    const selector = await createSelector({
      catalog: path.join(folder, 'tools.yaml'),
      embedder: createHashEmbedder({ dimensions: 64 }),
      loaders: [toolboxLoader],
      vectorIndex,
      lexical,
    });
    expect(selector.tools.map((tool) => tool.id)).toEqual(['forecast', 'convert_currency', 'book_flight']);
    expect(selector.index).toMatchObject({ dir: undefined, status: 'memory', warnings: [] });
    expect(vectorIndex.size).toBe(selector.tools.flatMap((tool) => selector.views(tool.id)).length);
    expect(lexical.size).toBe(3);

    const selection = await selector.select('weather forecast for Oslo tomorrow', { ...RANKING_ONLY, k: 2 });
    expect(selection.tools[0]?.id).toBe('forecast');
    expect(vectorIndex.searches).toBeGreaterThan(0);
    expect(lexical.queries).toContain('weather forecast for Oslo tomorrow');
    // Memory only: nothing was written beside the catalog.
    expect(await readdir(folder)).toEqual(['tools.yaml']);

    await selector.removeTools(['forecast']);
    expect(vectorIndex.has('forecast')).toBe(false);
    expect(lexical.size).toBe(2);
  });

  it('ranks the same through a brute-force index of its own as through the built-in exact one', async () => {
    const embedder = createHashEmbedder({ dimensions: 64 });
    const options = { catalog: sampleTools(), embedder, indexDir: false as const };
    const builtIn = await createSelector({ ...options, vectorIndex: 'exact' });
    const own = await createSelector({ ...options, vectorIndex: new ScanVectorIndex(64) });
    for (const prompt of ['is it raining in Oslo', 'send a message to Ann', 'price of AAPL']) {
      const ids = async (selector: typeof own) =>
        (await selector.select(prompt, { ...RANKING_ONLY, k: 5 })).tools.map((tool) => [tool.id, tool.score]);
      expect(await ids(own)).toEqual(await ids(builtIn));
    }
  });

  it('gives selectTools a selector per instance and per set of loaders', async () => {
    const embedder = createHashEmbedder({ dimensions: 64 });
    const catalog = path.join(folder, 'tools.yaml');
    const first = new ScanVectorIndex(64);
    const second = new ScanVectorIndex(64);
    try {
      for (const vectorIndex of [first, first, second]) {
        const { tools } = await selectTools('weather forecast', {
          catalog,
          embedder,
          loaders: [toolboxLoader],
          vectorIndex,
          ...RANKING_ONLY,
          k: 1,
        });
        expect(tools.map((tool) => tool.id)).toEqual(['forecast']);
      }
      // The first instance served two calls from one selector; the second got a selector of its own.
      expect([first.searches, second.searches]).toEqual([2, 1]);
      const otherLoader: FormatLoader = { ...toolboxLoader, load: () => [] };
      await expect(
        selectTools('weather forecast', { catalog, embedder, loaders: [otherLoader], vectorIndex: first }),
      ).rejects.toMatchObject({ code: 'EMPTY_CATALOG' });
    } finally {
      clearSelectorCache();
    }
  });

  it.each([
    ['a vector index', { vectorIndex: new ScanVectorIndex(64) }],
    ['a lexical index', { lexical: new WordCountIndex() }],
  ])('refuses an index folder with %s (an instance lives in memory only)', async (_, component) => {
    const promise = createSelector({
      catalog: sampleTools(),
      embedder: createHashEmbedder({ dimensions: 64 }),
      indexDir: path.join(folder, 'index'),
      ...component,
    });
    await expect(promise).rejects.toMatchObject({
      code: 'USAGE_ERROR',
      message: `cannot keep the index in ${path.join(folder, 'index')}: an index built on a VectorIndex or LexicalIndex instance lives in memory only (the store could not reload it: a VectorIndexFactory can); leave indexDir out or set it to false`,
    });
  });

  it.each([
    [
      'a vector index of other dimensions',
      { vectorIndex: new ScanVectorIndex(32) },
      'EMBEDDING_DIMENSION_MISMATCH',
      'the vector index given has 32 dimensions, the embedder "hash:64" 64',
    ],
    [
      'a vector index that is not empty',
      { vectorIndex: new ScanVectorIndex(64, [{ key: 'x', vector: new Float32Array(64).fill(0.125) }]) },
      'USAGE_ERROR',
      'the vector index given holds 1 entries: give an empty one, which the selector fills with the catalog',
    ],
    [
      'a lexical index that is not empty',
      { lexical: new WordCountIndex([{ key: 'x', fields: { name: 'x' } }]) },
      'USAGE_ERROR',
      'the lexical index given holds 1 entries: give an empty one, which the selector fills with the catalog',
    ],
  ])('refuses %s', async (_, component, code, message) => {
    const promise = createSelector({
      catalog: sampleTools(),
      embedder: createHashEmbedder({ dimensions: 64 }),
      ...component,
    });
    await expect(promise).rejects.toMatchObject({ code, message });
  });
});

// --- internal ---

/** A made-up format: `toolbox:` lists tools as `{ verb, says }`. */
const TOOLBOX_YAML = `toolbox:
  - verb: forecast
    says: Weather forecast (temperature, rain, wind) for a city on a given day.
  - verb: convert_currency
    says: Convert an amount of money from one currency into another at today's rate.
  - verb: book_flight
    says: Book a flight between two airports on a date.
`;

const toolboxLoader: FormatLoader = {
  format: 'self-describing',
  detect: (document) =>
    typeof document.data === 'object' && document.data !== null && 'toolbox' in document.data ? 1 : 0,
  load(document) {
    const items = (document.data as { toolbox: Array<{ verb: string; says: string }> }).toolbox;
    return items.map(
      (item, position): LoadedTool => ({
        id: item.verb,
        name: item.verb,
        description: item.says,
        parameters: { type: 'object', properties: {} },
        source: { format: 'self-describing', file: document.file, pointer: `/toolbox/${position}` },
      }),
    );
  },
};

/** A second `VectorIndex`: a plain scan over a Map, counting its searches. */
class ScanVectorIndex implements VectorIndex {
  readonly kind = 'exact';
  searches = 0;
  readonly #vectors = new Map<string, Float32Array>();

  constructor(
    readonly dimensions: number,
    entries: ReadonlyArray<{ key: string; vector: Float32Array }> = [],
  ) {
    this.upsert(entries);
  }

  get size(): number {
    return this.#vectors.size;
  }

  upsert(entries: ReadonlyArray<{ key: string; vector: Float32Array }>): void {
    for (const { key, vector } of entries) this.#vectors.set(key, vector.slice());
  }

  remove(keys: readonly string[]): void {
    for (const key of keys) this.#vectors.delete(key);
  }

  has(key: string): boolean {
    return this.#vectors.has(key);
  }

  vector(key: string): Float32Array | undefined {
    return this.#vectors.get(key);
  }

  search(query: Float32Array, k: number): VectorHit[] {
    this.searches++;
    const hits = [...this.#vectors].map(([key, vector]) => ({
      key,
      similarity: vector.reduce((sum, value, position) => sum + value * (query[position] ?? 0), 0),
    }));
    hits.sort((left, right) => right.similarity - left.similarity || (left.key < right.key ? -1 : 1));
    return hits.slice(0, k);
  }

  async save(): Promise<void> {
    throw new Error('ScanVectorIndex is kept in memory only');
  }
}

/** A second `LexicalIndex`: scores a document by how many query words its fields hold; records its queries. */
class WordCountIndex implements LexicalIndex {
  readonly queries: string[] = [];
  readonly #documents = new Map<string, Set<string>>();

  constructor(documents: readonly LexicalDocument[] = []) {
    this.upsert(documents);
  }

  get size(): number {
    return this.#documents.size;
  }

  upsert(documents: readonly LexicalDocument[]): void {
    for (const document of documents)
      this.#documents.set(document.key, new Set(words(Object.values(document.fields).join(' '))));
  }

  remove(keys: readonly string[]): void {
    for (const key of keys) this.#documents.delete(key);
  }

  search(query: string, k: number): LexicalHit[] {
    this.queries.push(query);
    const terms = [...new Set(words(query))];
    const hits: LexicalHit[] = [];
    for (const [key, documentWords] of this.#documents) {
      const matchedTerms = terms.filter((term) => documentWords.has(term));
      if (matchedTerms.length > 0) hits.push({ key, score: matchedTerms.length, matchedTerms });
    }
    hits.sort((left, right) => right.score - left.score || (left.key < right.key ? -1 : 1));
    return hits.slice(0, k);
  }

  toBinary(): Uint8Array {
    throw new Error('WordCountIndex is kept in memory only');
  }
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}
