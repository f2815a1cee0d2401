import { ErrorCode, ToolsiftError } from '@toolsift/core';

/** Throw EMBEDDING_DIMENSION_MISMATCH (with both numbers) unless `vector` has exactly `expected` entries. */
export function checkDimensions(vector: ArrayLike<number>, expected: number, what: string): void {
  if (vector.length === expected) return;
  throw new ToolsiftError(
    ErrorCode.EmbeddingDimensionMismatch,
    `${what} has ${vector.length} dimensions but the vector index expects ${expected}`,
    { expected, actual: vector.length },
  );
}
