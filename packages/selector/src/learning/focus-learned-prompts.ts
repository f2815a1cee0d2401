import { cosineSimilarity } from '../embedding/cosine-similarity.js';
import type { Embedder } from '../embedding/embedder.js';
import { promptSegments } from '../ranking/prompt-segments.js';
import type { ToolView } from '../views/tool-view.js';
import type { LearnedExample } from './learned-example.js';

/**
 * The examples, with the prompt of each message that called several tools cut down, for each tool, to the part
 * that asked for it: of the prompt's sentences (`promptSegments`), the one whose embedding is closest to one of
 * the tool's catalog views. A message that called one tool, a single-sentence prompt, or a tool without catalog
 * views (unknown: `selector.learn` reports it) is learned whole. Learned whole, a multi-request message makes each
 * of its tools match prompts that ask for the others; cut, single-tool messages lose context they need (measured
 * in bench/results/learning-curve.md).
 */
export async function focusLearnedPrompts(options: {
  examples: readonly LearnedExample[];
  embedder: Embedder;
  /** The views a tool is indexed under (`Selector.views`); only the catalog ones are compared. */
  views: (toolId: string) => readonly ToolView[];
  /** Tools the message of `prompt` called before `examples` (calls learned in an earlier batch). */
  calledBefore?: (prompt: string) => readonly string[];
}): Promise<LearnedExample[]> {
  const { examples, embedder } = options;
  const toolsOf = new Map<string, Set<string>>();
  for (const example of examples) {
    const tools = toolsOf.get(example.prompt) ?? new Set(options.calledBefore?.(example.prompt));
    toolsOf.set(example.prompt, tools.add(example.tool));
  }
  const focusable = examples.flatMap((example) => {
    if (toolsOf.get(example.prompt)!.size < 2) return [];
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
