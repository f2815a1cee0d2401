export type { Embedder } from './embedding/embedder.js';
export { createHashEmbedder } from './embedding/hash-embedder.js';
