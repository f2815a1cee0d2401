import { ErrorCode, ToolsiftError } from '@toolsift/core';
import { DOT_PRODUCTS_WASM } from './dot-products-wasm.js';

/**
 * Vectors to score, `dimensions` numbers each: scattered (`sources[j]` holds vector j from `offsets[j]` on) or
 * side by side (`data` holds vector j from `j * dimensions` on).
 */
export type VectorBatch = ScatteredVectors | ContiguousVectors;

export interface ScatteredVectors {
  sources: readonly Float32Array[];
  offsets: Int32Array;
  count: number;
  dimensions: number;
}

export interface ContiguousVectors {
  data: Float32Array;
  count: number;
  dimensions: number;
}

/**
 * Prepare dot products of queries with one batch of vectors: `dotProducts(query, into)` sets `into[j]` to the dot
 * product of `query` with vector j. The batch is copied once into the memory of a WebAssembly SIMD kernel
 * (dot-products.wat), side by side and zero-padded to a multiple of 16 numbers; each query is then one pass at four
 * float32 lanes. A selection scores the same few hundred views against the whole prompt and each of its
 * sentences: measured on 200 views and three sentences, 0.10 ms against 0.34 ms for the scalar loops it replaced.
 * Sums are float32, as hnswlib's own distances are (relative error ~1e-7).
 *
 * The kernel holds one batch at a time: use the function before preparing the next batch. A batch larger than
 * `MAX_BATCH_BYTES` is copied in chunks of that size for every query instead (a candidate list of thousands of
 * tools), so the kernel's memory stays small. Throws VECTOR_BACKEND_UNAVAILABLE where WebAssembly is missing
 * (`node --jitless`).
 */
export function batchDotProducts(batch: VectorBatch): (query: Float32Array, into: Float64Array) => void {
  const { count, dimensions } = batch;
  if (!(dimensions >= 1)) throw new RangeError(`a batch needs at least 1 dimension, got ${dimensions}`);
  const perChunk = Math.max(
    1,
    Math.floor((MAX_BATCH_BYTES - strideOf(dimensions) * 4) / bytesPerVector(dimensions)),
  );
  if (count <= perChunk) {
    const layout = gather(batch, 0, count);
    return (query, into) => {
      if (current !== layout) throw new Error('another batch was gathered since this one');
      dotGathered(layout, query, into);
    };
  }
  return (query, into) => {
    for (let first = 0; first < count; first += perChunk) {
      const layout = gather(batch, first, Math.min(perChunk, count - first));
      dotGathered(layout, query, into.subarray(first));
    }
  };
}

/** The largest batch (bytes in the kernel's memory) copied once; larger ones are copied in chunks per query. */
export const MAX_BATCH_BYTES = 16 * 1024 * 1024;

// --- internal ---

/** Numbers per kernel pass: four f32x4 sums. */
const LANES_PER_PASS = 16;

const PAGE_BYTES = 65_536;

/** Where a gathered batch lies in the kernel's memory: the query at 0, `count` f64 results, then the vectors. */
interface BatchLayout {
  count: number;
  dimensions: number;
  stride: number;
  outAt: number;
  vectorsAt: number;
}

/** The batch in the kernel's memory now. */
let current: BatchLayout | undefined;

function strideOf(dimensions: number): number {
  return Math.ceil(dimensions / LANES_PER_PASS) * LANES_PER_PASS;
}

/** Kernel bytes per vector of a batch: its padded numbers and its f64 result. */
function bytesPerVector(dimensions: number): number {
  return strideOf(dimensions) * 4 + 8;
}

/** Copy vectors `first` to `first + count` of a batch into the kernel's memory. */
function gather(batch: VectorBatch, first: number, count: number): BatchLayout {
  const { dimensions } = batch;
  const stride = strideOf(dimensions);
  const outAt = stride * 4;
  const vectorsAt = outAt + Math.ceil((count * 8) / 16) * 16;
  const { floats } = kernelOf(vectorsAt + count * stride * 4);
  const start = vectorsAt / 4;
  if ('data' in batch && stride === dimensions) {
    // Side by side already: one copy.
    floats.set(batch.data.subarray(first * dimensions, (first + count) * dimensions), start);
  } else {
    for (let j = first, at = start; j < first + count; j++, at += stride) {
      const source = 'data' in batch ? batch.data : batch.sources[j]!;
      const offset = 'data' in batch ? j * dimensions : batch.offsets[j]!;
      floats.set(source.subarray(offset, offset + dimensions), at);
      // Zero padding (none at the usual 384, 512 or 768 dimensions): a NaN left by an earlier batch must not leak in.
      if (stride > dimensions) floats.fill(0, at + dimensions, at + stride);
    }
  }
  current = { count, dimensions, stride, outAt, vectorsAt };
  return current;
}

function dotGathered(layout: BatchLayout, query: Float32Array, into: Float64Array): void {
  const { count, dimensions, stride, outAt, vectorsAt } = layout;
  if (query.length !== dimensions) {
    throw new RangeError(`the query has ${query.length} dimensions, the batch ${dimensions}`);
  }
  if (count === 0) return;
  const kernel = kernelOf(0);
  kernel.floats.set(query, 0);
  if (stride > dimensions) kernel.floats.fill(0, dimensions, stride);
  kernel.dots(0, vectorsAt, count, stride, outAt);
  into.set(kernel.doubles.subarray(outAt / 8, outAt / 8 + count));
}

interface Kernel {
  dots: (query: number, vectors: number, count: number, stride: number, out: number) => void;
  memory: WasmMemory;
  floats: Float32Array;
  doubles: Float64Array;
}

/** The part of the WebAssembly API used here (TypeScript declares it only in the DOM library). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
}

interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

/** The kernel once instantiated. */
let kernel: Kernel | undefined;

/** The kernel, instantiated on first use, its memory grown to at least `bytes` (with views renewed). */
function kernelOf(bytes: number): Kernel {
  kernel ??= instantiateKernel();
  const missing = bytes - kernel.memory.buffer.byteLength;
  if (missing > 0) kernel.memory.grow(Math.ceil(missing / PAGE_BYTES));
  if (kernel.floats.buffer !== kernel.memory.buffer) {
    kernel.floats = new Float32Array(kernel.memory.buffer);
    kernel.doubles = new Float64Array(kernel.memory.buffer);
  }
  return kernel;
}

function instantiateKernel(): Kernel {
  const { WebAssembly } = globalThis as unknown as { WebAssembly?: WasmApi };
  if (WebAssembly === undefined) {
    throw new ToolsiftError(
      ErrorCode.VectorBackendUnavailable,
      'WebAssembly is unavailable in this runtime (node --jitless?): toolsift scores vectors with a WebAssembly SIMD kernel',
    );
  }
  const module = new WebAssembly.Module(Buffer.from(DOT_PRODUCTS_WASM, 'base64'));
  const exports = new WebAssembly.Instance(module).exports as Pick<Kernel, 'dots' | 'memory'>;
  return { ...exports, floats: new Float32Array(0), doubles: new Float64Array(0) };
}
