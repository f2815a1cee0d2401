import { ErrorCode, ToolsiftError } from '@toolsift/core';
import { createExactVectorIndex } from './exact-vector-index.js';
import { createHnswVectorIndex } from './hnsw-vector-index.js';
import { loadExactVectorIndex, loadHnswVectorIndex } from './load-built-in-vector-index.js';
import type { VectorIndex, VectorIndexFactory } from './vector-index.js';

/** The vector indexes toolsift ships, by kind: brute force (`exact`) and hnswlib-node (`hnsw`). */
export const BUILT_IN_VECTOR_INDEXES: Readonly<Record<'exact' | 'hnsw', VectorIndexFactory>> = Object.freeze({
  exact: {
    kind: 'exact',
    create: ({ dimensions, expectedSize }) =>
      createExactVectorIndex({ dimensions, initialCapacity: initialCapacity(expectedSize) }),
    load: (dir, { dimensions }) => loadExactVectorIndex(dir, { dimensions }),
  },
  hnsw: {
    kind: 'hnsw',
    create: ({ dimensions, expectedSize }) =>
      createHnswVectorIndex({ dimensions, initialCapacity: initialCapacity(expectedSize) }),
    load: (dir, { dimensions }) => loadHnswVectorIndex(dir, { dimensions }),
  },
});

/** The kind of a built-in vector index. */
export type BuiltInVectorIndexKind = keyof typeof BUILT_IN_VECTOR_INDEXES;

/**
 * Which vector index a selector uses: `auto` (exact for small catalogs, HNSW for large ones), a built-in kind, or a
 * factory of another kind (see `VectorIndexFactory`).
 */
export type VectorIndexChoice = 'auto' | BuiltInVectorIndexKind | VectorIndexFactory;

/** The built-in factory of a kind, or undefined for any other kind. */
export function builtInVectorIndex(kind: string): VectorIndexFactory | undefined {
  return Object.hasOwn(BUILT_IN_VECTOR_INDEXES, kind)
    ? BUILT_IN_VECTOR_INDEXES[kind as BuiltInVectorIndexKind]
    : undefined;
}

/** Whether a `vectorIndex` option is a factory (rather than a kind or an index instance). */
export function isVectorIndexFactory(value: unknown): value is VectorIndexFactory {
  if (typeof value !== 'object' || value === null) return false;
  const factory = value as Partial<VectorIndexFactory>;
  return typeof factory.create === 'function' && typeof factory.load === 'function';
}

/** Whether a `vectorIndex` option is an index instance (which the selector fills, in memory only). */
export function isVectorIndex(value: unknown): value is VectorIndex {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<VectorIndex>).search === 'function'
  );
}

/** Throw USAGE_ERROR unless `choice` is `auto`, a built-in kind or a factory with a kind. */
export function checkVectorIndexChoice(choice: unknown): asserts choice is VectorIndexChoice {
  if (choice === 'auto' || (typeof choice === 'string' && builtInVectorIndex(choice) !== undefined)) return;
  if (isVectorIndexFactory(choice)) {
    if (typeof choice.kind === 'string' && choice.kind !== '') return;
    throw new ToolsiftError(
      ErrorCode.UsageError,
      'the vector index factory given has no kind (a non-empty string)',
    );
  }
  const kinds = ['auto', ...Object.keys(BUILT_IN_VECTOR_INDEXES)].join(', ');
  throw new ToolsiftError(
    ErrorCode.UsageError,
    `unknown vectorIndex ${typeof choice === 'string' ? JSON.stringify(choice) : typeof choice}: expected one of ${kinds}, a VectorIndexFactory or an empty VectorIndex`,
    { value: choice },
  );
}

// --- internal ---

function initialCapacity(expectedSize: number): number {
  return Math.max(16, expectedSize);
}
