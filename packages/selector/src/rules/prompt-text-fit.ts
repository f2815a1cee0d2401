import { cosineSimilarity } from '../embedding/cosine-similarity.js';
import { contentTerms } from './content-terms.js';
import type { TextEmbeddings } from './text-embeddings.js';

/** How well a rule text (e.g. a `when_prefer_*`) fits the prompt: cosine, word overlap, and their blend. */
export interface TextFit {
  text: string;
  similarity: number;
  /** Share of the prompt's content words (stemmed) that the text contains. */
  overlap: number;
  /** `similarity + overlapWeight * overlap`. */
  fit: number;
}

/**
 * The best-fitting of `texts` for a prompt. Rule texts describe situations ("the user asks about right now")
 * rather than requests, so a sentence embedding alone separates them poorly; shared content words
 * ("now", "tomorrow", "Gmail") are added as a second signal.
 */
export async function bestTextFit(options: {
  prompt: string;
  query: Float32Array;
  texts: readonly string[];
  embeddings: TextEmbeddings;
  overlapWeight: number;
}): Promise<TextFit | undefined> {
  if (options.texts.length === 0) return undefined;
  const vectors = await options.embeddings.vectors(options.texts);
  const promptTerms = contentTerms(options.prompt);
  let best: TextFit | undefined;
  options.texts.forEach((text, position) => {
    const similarity = cosineSimilarity(options.query, vectors[position] as Float32Array);
    const textTerms = contentTerms(text);
    const shared = [...promptTerms].filter((term) => textTerms.has(term)).length;
    const overlap = promptTerms.size === 0 ? 0 : shared / promptTerms.size;
    const fit = similarity + options.overlapWeight * overlap;
    if (best === undefined || fit > best.fit) best = { text, similarity, overlap, fit };
  });
  return best;
}
