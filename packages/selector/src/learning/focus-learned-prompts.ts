import { cosineSimilarity } from '../embedding/cosine-similarity.js';
import type { Embedder } from '../embedding/embedder.js';
import { promptSegments } from '../ranking/prompt-segments.js';
import type { ToolView } from '../views/tool-view.js';
import type { LearnedExample } from './learned-example.js';

/**
 * Each example with its prompt cut down to the sentence that asked for its tool: for a prompt of several
 * sentences (`promptSegments`), the one whose embedding is closest to one of the tool's catalog views. A
 * single-sentence prompt, or a tool without catalog views (unknown: `selector.learn` reports it), is kept whole.
 * Learning the whole of a multi-request message for each of its tools makes every learned view match prompts that
 * ask for the other requests (measured in bench/results/learning-curve.md).
 */
export async function focusLearnedPrompts(options: {
  examples: readonly LearnedExample[];
  embedder: Embedder;
  /** The views a tool is indexed under (`Selector.views`); only the catalog ones are compared. */
  views: (toolId: string) => readonly ToolView[];
}): Promise<LearnedExample[]> {
  const { examples, embedder } = options;
  const focusable = examples.flatMap((example) => {
    const segments = promptSegments(example.prompt);
    const views = options.views(example.tool).filter((view) => view.kind !== 'learned');
    return segments.length === 0 || views.length === 0 ? [] : [{ example, segments, views }];
  });
  if (focusable.length === 0) return [...examples];
  // One embed call for every segment and view of the batch, each distinct text once.
  const texts = [
    ...new Set(focusable.flatMap(({ segments, views }) => [...segments, ...views.map((view) => view.text)])),
  ];
  const vectors = await embedder.embed(texts);
  const vectorOf = new Map(texts.map((text, position) => [text, vectors[position]!]));
  const focused = new Map<LearnedExample, string>();
  for (const { example, segments, views } of focusable) {
    const viewVectors = views.map((view) => vectorOf.get(view.text)!);
    let best = segments[0]!;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const segment of segments) {
      const segmentVector = vectorOf.get(segment)!;
      const score = Math.max(...viewVectors.map((vector) => cosineSimilarity(segmentVector, vector)));
      if (score > bestScore) {
        best = segment;
        bestScore = score;
      }
    }
    focused.set(example, best);
  }
  return examples.map((example) => {
    const prompt = focused.get(example);
    return prompt === undefined ? example : { ...example, prompt };
  });
}
