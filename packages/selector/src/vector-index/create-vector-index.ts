import { ErrorCode, ToolsiftError } from '@toolsift/core';
import { checkVectorIndexChoice, type VectorIndexChoice } from './built-in-vector-indexes.js';
import { createExactVectorIndex } from './exact-vector-index.js';
import { createHnswVectorIndex, type HnswVectorIndexOptions } from './hnsw-vector-index.js';
import { type HnswlibStatus, hnswlibStatus } from './hnswlib.js';
import type { VectorIndex, VectorIndexFactory } from './vector-index.js';

/** Options of `createVectorIndex`. */
export interface CreateVectorIndexOptions {
  dimensions: number;
  /**
   * `auto` (default): exact while expectedSize x dimensions stays within `EXACT_INDEX_MAX_WORK`, HNSW above; or a
   * built-in kind, or a factory of another kind (USAGE_ERROR for anything else).
   */
  kind?: VectorIndexChoice;
  /** Number of vectors the caller is about to add; drives `auto` and the initial capacity. */
  expectedSize?: number;
  /** HNSW tuning, used when an HNSW index is built. */
  hnsw?: Omit<HnswVectorIndexOptions, 'dimensions' | 'initialCapacity'>;
}

/** A new index, plus warnings (for example: HNSW was asked for, but the native addon cannot load). */
export interface CreatedVectorIndex {
  index: VectorIndex;
  warnings: string[];
}

/**
 * `auto` keeps the exact index while vectors x dimensions stays within this budget (1,000 vectors at 512-d,
 * 2,000 at 256-d). Measured at 512-d (bench/src/vector-index.ts): a brute-force query costs about 0.15 us per
 * vector in the SIMD kernel (~0.15 ms at the budget) and builds instantly; HNSW answers in 0.2-0.6 ms but costs
 * 0.3-0.9 ms per inserted vector, so below the budget it needs hundreds of queries to repay its build. Not raised
 * when the scan got ~3x faster: at 1k tools (2,441 views) a select still took 1.0 ms with HNSW, 1.5 ms exact.
 */
export const EXACT_INDEX_MAX_WORK = 512_000;

/**
 * Create the right `VectorIndex` for the expected size, falling back to exact where hnswlib-node cannot load; a
 * factory's index must have the dimensions asked for (EMBEDDING_DIMENSION_MISMATCH) and the factory's kind.
 */
export function createVectorIndex(options: CreateVectorIndexOptions): CreatedVectorIndex {
  const kind = options.kind ?? 'auto';
  checkVectorIndexChoice(kind);
  if (typeof kind === 'object') return { index: createWithFactory(kind, options), warnings: [] };
  const choice = chooseVectorIndexKind({
    kind,
    expectedSize: options.expectedSize ?? 0,
    dimensions: options.dimensions,
    hnswlib: hnswlibStatus(),
  });
  const initialCapacity = Math.max(16, options.expectedSize ?? 0);
  const index =
    choice.kind === 'hnsw'
      ? createHnswVectorIndex({ ...options.hnsw, dimensions: options.dimensions, initialCapacity })
      : createExactVectorIndex({ dimensions: options.dimensions, initialCapacity });
  return { index, warnings: choice.warnings };
}

/** The pure decision behind `createVectorIndex` between the built-ins: which to build, and what to warn about. */
export function chooseVectorIndexKind(options: {
  kind: 'auto' | 'hnsw' | 'exact';
  expectedSize: number;
  dimensions: number;
  hnswlib: Pick<HnswlibStatus, 'available'> & { reason?: string };
}): { kind: 'hnsw' | 'exact'; warnings: string[] } {
  const wantsHnsw =
    options.kind === 'hnsw' ||
    (options.kind === 'auto' && options.expectedSize * options.dimensions > EXACT_INDEX_MAX_WORK);
  if (!wantsHnsw) return { kind: 'exact', warnings: [] };
  if (options.hnswlib.available) return { kind: 'hnsw', warnings: [] };
  const reason = options.hnswlib.reason ?? 'hnswlib-node is unavailable';
  return {
    kind: 'exact',
    warnings: [
      `using the exact vector index instead of HNSW (${reason}); queries on large catalogs will be slower`,
    ],
  };
}

// --- internal ---

function createWithFactory(factory: VectorIndexFactory, options: CreateVectorIndexOptions): VectorIndex {
  const index = factory.create({ dimensions: options.dimensions, expectedSize: options.expectedSize ?? 0 });
  if (index.dimensions !== options.dimensions) {
    throw new ToolsiftError(
      ErrorCode.EmbeddingDimensionMismatch,
      `the "${factory.kind}" vector index created an index of ${index.dimensions} dimensions, not ${options.dimensions}`,
      { expected: options.dimensions, actual: index.dimensions },
    );
  }
  if (index.kind !== factory.kind) {
    throw new ToolsiftError(
      ErrorCode.UsageError,
      `the "${factory.kind}" vector index created an index of kind "${index.kind}": a factory's indexes carry its kind, which each save records`,
      { expected: factory.kind, actual: index.kind },
    );
  }
  return index;
}
