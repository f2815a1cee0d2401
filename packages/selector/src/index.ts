export type { Embedder } from './embedding/embedder.js';
