import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createHashEmbedder,
  createSelector,
  IndexWarningCode,
  type Selector,
  type VectorHit,
  type VectorIndex,
  type VectorIndexFactory,
} from '../../src/index.js';
import { sampleTools } from '../fixtures/make-tool.js';

const RANKING_ONLY = { abstain: false, includeUnavailable: true, k: 3 } as const;
const PROMPTS = ['is it raining in Oslo', 'price of ACME shares', 'put a meeting on Friday at 10'];

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'toolsift-custom-vector-index-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a custom VectorIndex given to createSelector as a factory', () => {
  const open = (vectorIndex: VectorIndexFactory | 'auto') =>
    createSelector({
      catalog: sampleTools(),
      embedder: createHashEmbedder({ dimensions: 64 }),
      indexDir: dir,
      vectorIndex,
    });

  it('is saved with the index folder and loaded again: the reloaded custom index answers, with the same selections', async () => {
    const factory = scanFactory();
    const built = await open(factory);
    expect(built.index.status).toBe('built');
    expect(factory.created).toHaveLength(1);
    const before = await selections(built);
    expect(factory.created[0]!.searches).toBe(PROMPTS.length);
    expect(JSON.parse(await readFile(await savedScanFile(), 'utf8'))).toMatchObject({ format: 'scan-index' });

    const reloaded = await open(factory);
    expect(reloaded.index).toMatchObject({ status: 'loaded', embedded: 0, warnings: [] });
    expect(factory.created).toHaveLength(1);
    expect(factory.loaded).toHaveLength(1);
    expect(await selections(reloaded)).toEqual(before);
    expect(factory.loaded[0]!.searches).toBe(PROMPTS.length);
    expect(factory.created[0]!.searches).toBe(PROMPTS.length);
  });

  it('rebuilds a folder saved by another kind, either way, and says so', async () => {
    await open('auto');
    const factory = scanFactory();
    const custom = await open(factory);
    expect(custom.index.status).toBe('built');
    expect(custom.index.warnings).toMatchObject([
      {
        code: IndexWarningCode.IndexRebuilt,
        message: expect.stringContaining('"exact" vector index, not "scan"'),
      },
    ]);
    await selections(custom);
    expect(factory.created[0]!.searches).toBe(PROMPTS.length);

    const builtIn = await open('auto');
    expect(builtIn.index.status).toBe('built');
    expect(builtIn.index.warnings).toMatchObject([
      {
        code: IndexWarningCode.IndexRebuilt,
        message: expect.stringContaining('saved by the "scan" vector index, which is not built in'),
      },
    ]);
  });

  it('rebuilds when its own load fails (the error becomes the reason)', async () => {
    const factory = scanFactory();
    await open(factory);
    await writeFile(await savedScanFile(), '{"format": "scan-index", "keys": [');
    const reopened = await open(factory);
    expect(reopened.index.status).toBe('built');
    expect(reopened.index.warnings).toMatchObject([
      {
        code: IndexWarningCode.IndexRebuilt,
        message: expect.stringContaining('"scan" vector index cannot load it'),
      },
    ]);
    expect(factory.loaded).toHaveLength(0);
  });

  it.each<[string, { kind?: string; dimensions?: number }, string, RegExp]>([
    ['a kind other than its own', { kind: 'other' }, 'USAGE_ERROR', /created an index of kind "scan"/],
    [
      'other dimensions',
      { dimensions: 32 },
      'EMBEDDING_DIMENSION_MISMATCH',
      /index of 32 dimensions, not 64/,
    ],
  ])('refuses a factory whose index has %s', async (_, override, code, message) => {
    const factory = scanFactory();
    const wrong: VectorIndexFactory = {
      kind: override.kind ?? factory.kind,
      create: (options) =>
        factory.create({ ...options, dimensions: override.dimensions ?? options.dimensions }),
      load: factory.load,
    };
    const error = await open(wrong).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code, message: expect.stringMatching(message) });
  });

  it('refuses an unknown built-in kind with the choices', async () => {
    const promise = createSelector({
      catalog: sampleTools(),
      embedder: createHashEmbedder({ dimensions: 64 }),
      indexDir: false,
      vectorIndex: 'faiss' as 'auto',
    });
    await expect(promise).rejects.toMatchObject({
      code: 'USAGE_ERROR',
      message:
        'unknown vectorIndex "faiss": expected one of auto, exact, hnsw, a VectorIndexFactory or an empty VectorIndex',
    });
  });
});

// --- internal ---

async function selections(selector: Selector): Promise<unknown[]> {
  const results = [];
  for (const prompt of PROMPTS) {
    const { tools } = await selector.select(prompt, RANKING_ONLY);
    results.push(tools.map((tool) => [tool.id, tool.score]));
  }
  return results;
}

async function savedScanFile(): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
  return path.join(dir, manifest.files.vectorIndex, SCAN_FILE);
}

const SCAN_FILE = 'scan-index.json';

/** A factory of `ScanIndex`es that keeps every index it created or loaded. */
function scanFactory(): VectorIndexFactory & { created: ScanIndex[]; loaded: ScanIndex[] } {
  const created: ScanIndex[] = [];
  const loaded: ScanIndex[] = [];
  return {
    kind: 'scan',
    created,
    loaded,
    create({ dimensions }) {
      const index = new ScanIndex(dimensions);
      created.push(index);
      return index;
    },
    async load(folder, { dimensions }) {
      const saved = JSON.parse(await readFile(path.join(folder, SCAN_FILE), 'utf8')) as ScanFile;
      if (saved.format !== 'scan-index' || saved.dimensions !== dimensions)
        throw new Error('not a scan index');
      const index = new ScanIndex(dimensions);
      index.upsert(
        saved.keys.map((key, position) => ({ key, vector: Float32Array.from(saved.vectors[position]!) })),
      );
      loaded.push(index);
      return index;
    },
  };
}

interface ScanFile {
  format: 'scan-index';
  dimensions: number;
  keys: string[];
  vectors: number[][];
}

/** A brute-force `VectorIndex` over a Map, saved as one JSON file; counts its searches. */
class ScanIndex implements VectorIndex {
  readonly kind = 'scan';
  searches = 0;
  readonly #vectors = new Map<string, Float32Array>();

  constructor(readonly dimensions: number) {}

  get size(): number {
    return this.#vectors.size;
  }

  upsert(entries: ReadonlyArray<{ key: string; vector: Float32Array }>): void {
    for (const { key, vector } of entries) {
      const norm = Math.hypot(...vector) || 1;
      this.#vectors.set(
        key,
        vector.map((value) => value / norm),
      );
    }
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
    const norm = Math.hypot(...query) || 1;
    const hits = [...this.#vectors].map(([key, vector]) => ({
      key,
      similarity: vector.reduce((sum, value, position) => sum + (value * query[position]!) / norm, 0),
    }));
    hits.sort((left, right) => right.similarity - left.similarity || (left.key < right.key ? -1 : 1));
    return hits.slice(0, k);
  }

  async save(folder: string): Promise<void> {
    const saved: ScanFile = {
      format: 'scan-index',
      dimensions: this.dimensions,
      keys: [...this.#vectors.keys()],
      vectors: [...this.#vectors.values()].map((vector) => Array.from(vector)),
    };
    await writeFile(path.join(folder, SCAN_FILE), JSON.stringify(saved));
  }
}
