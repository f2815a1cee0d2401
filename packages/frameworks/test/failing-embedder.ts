import { ErrorCode, ToolsiftError } from '@toolsift/core';
import { createHashEmbedder, type Embedder } from '@toolsift/selector';

/**
 * The hash embedder, with a switch that makes it fail as a remote embedder does when its server is down (or
 * throw a plain error, as a bug would): the index is built while it works, then the selections fail.
 */
export function createFailingEmbedder(): Embedder & { failure: 'none' | 'request' | 'bug' } {
  const embedder = createHashEmbedder();
  const failing = {
    id: embedder.id,
    dimensions: embedder.dimensions,
    failure: 'none' as 'none' | 'request' | 'bug',
    async embed(texts: readonly string[]): Promise<Float32Array[]> {
      if (failing.failure === 'request') {
        throw new ToolsiftError(
          ErrorCode.EmbeddingRequestFailed,
          'embedding request to http://127.0.0.1:9/v1 failed: connection refused',
        );
      }
      if (failing.failure === 'bug') throw new TypeError('cannot read properties of undefined');
      return embedder.embed(texts);
    },
  };
  return failing;
}
