/** Turns texts into unit-length vectors. Implementations batch internally. */
export interface Embedder {
  /** Stable id, e.g. `use-lite`, `hf:Xenova/all-MiniLM-L6-v2`, `openai:text-embedding-3-small`, `hash`. */
  readonly id: string;
  /** Length of every vector it returns. */
  readonly dimensions: number;
  /** Embed texts; the result has one L2-normalised vector per text, in order. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}
