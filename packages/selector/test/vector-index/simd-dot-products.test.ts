import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { renderWasmModule } from '../../scripts/build-wasm.js';
import { dotProduct } from '../../src/vector-index/dot-product.js';
import {
  batchDotProducts,
  type ContiguousVectors,
  MAX_BATCH_BYTES,
  type ScatteredVectors,
} from '../../src/vector-index/simd-dot-products.js';
import { randomUnitVectors } from './random-vectors.js';

/** `count` random unit vectors scattered over three shared arrays, at gaps that are not multiples of 4. */
function scatteredBatch(options: { count: number; dimensions: number; seed: number }): ScatteredVectors {
  const { count, dimensions, seed } = options;
  const next = randomUnitVectors(seed);
  const stride = dimensions + 3;
  const arrays = [0, 1, 2].map(() => new Float32Array((Math.ceil(count / 3) + 1) * stride + 1));
  const sources: Float32Array[] = [];
  const offsets = new Int32Array(count);
  for (let j = 0; j < count; j++) {
    const source = arrays[j % 3]!;
    // Filled back to front, so neighbours in the batch are not neighbours in memory.
    offsets[j] = source.length - 1 - (Math.floor(j / 3) + 1) * stride;
    source.set(next(dimensions), offsets[j]!);
    sources.push(source);
  }
  return { sources, offsets, count, dimensions };
}

function expectedDots(batch: ScatteredVectors, query: Float32Array): number[] {
  return Array.from({ length: batch.count }, (_, j) =>
    dotProduct(query, batch.sources[j]!, batch.offsets[j]!),
  );
}

describe('batchDotProducts', () => {
  // Wide to narrow, so a narrower batch lands where a wider one left numbers in its padding.
  it.each([512, 384, 100, 24, 16, 7, 1])('matches the scalar dot products at %i dimensions', (dimensions) => {
    const next = randomUnitVectors(dimensions);
    for (const count of [0, 1, 2, 5, 37]) {
      const batch = scatteredBatch({ count, dimensions, seed: dimensions * 100 + count });
      const dotProducts = batchDotProducts(batch);
      for (const query of [next(dimensions), next(dimensions)]) {
        const into = new Float64Array(count + 2).fill(7);
        dotProducts(query, into);
        const expected = expectedDots(batch, query);
        for (let j = 0; j < count; j++) expect(Math.abs(into[j]! - expected[j]!)).toBeLessThan(1e-6);
        expect([...into.subarray(count)]).toEqual([7, 7]); // nothing written past the batch
      }
    }
  });

  it.each([512, 24])(
    'scores vectors stored side by side at %i dimensions, small and above MAX_BATCH_BYTES',
    (dimensions) => {
      const next = randomUnitVectors(dimensions + 1);
      const query = next(dimensions);
      for (const count of [0, 3, 300, Math.ceil(MAX_BATCH_BYTES / (dimensions * 4)) + 1]) {
        const data = new Float32Array(count * dimensions + 5); // a tail past the batch that must not be read
        for (let j = 0; j < count; j++) data.set(next(dimensions), j * dimensions);
        data.fill(Number.NaN, count * dimensions);
        const batch: ContiguousVectors = { data, count, dimensions };
        const into = new Float64Array(count);
        batchDotProducts(batch)(query, into);
        for (let j = 0; j < count; j++) {
          expect(Math.abs(into[j]! - dotProduct(query, data, j * dimensions))).toBeLessThan(1e-6);
        }
      }
    },
  );

  it('scores a scattered batch above MAX_BATCH_BYTES chunk by chunk, for every query', () => {
    const dimensions = 512;
    const count = 2 * Math.ceil(MAX_BATCH_BYTES / (dimensions * 4)) + 1;
    const batch = scatteredBatch({ count, dimensions, seed: 3 });
    const next = randomUnitVectors(4);
    const dotProducts = batchDotProducts(batch);
    for (const query of [next(dimensions), next(dimensions)]) {
      const into = new Float64Array(count);
      dotProducts(query, into);
      const expected = expectedDots(batch, query);
      for (let j = 0; j < count; j++) expect(Math.abs(into[j]! - expected[j]!)).toBeLessThan(1e-6);
    }
  });

  it('refuses a query of other dimensions, and a batch that another batch replaced', () => {
    const first = batchDotProducts(scatteredBatch({ count: 3, dimensions: 24, seed: 1 }));
    expect(() => first(new Float32Array(16), new Float64Array(3))).toThrow(RangeError);
    batchDotProducts(scatteredBatch({ count: 3, dimensions: 24, seed: 2 }));
    expect(() => first(new Float32Array(24), new Float64Array(3))).toThrow(/another batch/);
  });

  it('says VECTOR_BACKEND_UNAVAILABLE where WebAssembly is unavailable (node --jitless)', async () => {
    // The child tries to score a batch and reports the error it got.
    const moduleUrl = new URL('../../src/vector-index/simd-dot-products.ts', import.meta.url).href;
    const script = [
      `const { batchDotProducts } = await import(${JSON.stringify(moduleUrl)});`,
      'const vectors = Float32Array.from({ length: 48 }, (_, i) => Math.sin(i + 1));',
      'const batch = { sources: [vectors, vectors], offsets: Int32Array.of(0, 24), count: 2, dimensions: 24 };',
      'try { batchDotProducts(batch); } catch (error) {',
      '  process.stdout.write(JSON.stringify({ webAssembly: typeof WebAssembly, code: error.code, message: error.message }));',
      '}',
    ].join('\n');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--jitless',
        '--import',
        'tsx/esm',
        '--conditions=@toolsift/source',
        '--input-type=module',
        '-e',
        script,
      ],
      { cwd: fileURLToPath(new URL('../..', import.meta.url)) },
    );
    expect(JSON.parse(stdout)).toMatchObject({
      webAssembly: 'undefined',
      code: 'VECTOR_BACKEND_UNAVAILABLE',
      message: expect.stringMatching(/WebAssembly is unavailable/),
    });
  });

  it('embeds the kernel assembled from dot-products.wat', async () => {
    const embedded = await readFile(
      new URL('../../src/vector-index/dot-products-wasm.ts', import.meta.url),
      'utf8',
    );
    expect(embedded).toBe(await renderWasmModule());
  });
});
