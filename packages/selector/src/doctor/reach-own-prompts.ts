import type { Tool } from '@toolsift/core';
import { createSelector } from '../selector/create-selector.js';
import type { DoctorProgress, PromptOutcome } from './doctor-finding.js';
import type { MemoEmbedder } from './memo-embedder.js';
import { holdOut, type OwnPrompt, ownPrompts } from './own-prompts.js';

/** How many tools a selection for an own prompt returns: a tool not among them is unreachable at k=5. */
export const DOCTOR_K = 5;

/**
 * At most this many held-out indexes: a tool's n-th own prompt is held out of index n mod 5, so a tool with up to 5
 * prompts is judged leave-one-out, one with more keeps at least 4 in 5 of its prompts in every index.
 */
export const DOCTOR_FOLDS = 5;

/**
 * Run every tool's own prompts through the real selector, each against an index that does not hold it: the
 * prompts are split into `DOCTOR_FOLDS` folds, and fold n's prompts are selected for in an index built from every
 * tool without its fold-n prompts (their use cases and examples removed, from the dense and the lexical side
 * alike). Without that, a prompt would find its own view word for word and every tool would look reachable. The
 * other tools lose their fold-n prompts too, so each index is a little thinner than the catalog. Selections are
 * made as an agent's would be, with the default options, except: nothing is abstained on, tools whose
 * prerequisites are missing here are kept, and no tool is added for an identifier the prompt lacks.
 */
export async function reachOwnPrompts(options: {
  tools: readonly Tool[];
  embedder: MemoEmbedder;
  onProgress?: ((progress: DoctorProgress) => void) | undefined;
}): Promise<{ outcomes: PromptOutcome[]; indexMs: number; selectMs: number }> {
  const { tools, embedder } = options;
  const prompts = new Map(tools.map((tool) => [tool.id, ownPrompts(tool)]));
  const total = [...prompts.values()].reduce((sum, list) => sum + list.length, 0);
  const folds = Math.min(DOCTOR_FOLDS, Math.max(0, ...[...prompts.values()].map((list) => list.length)));
  const outcomes: PromptOutcome[] = [];
  let indexMs = 0;
  let selectMs = 0;
  const timed = async <T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> => {
    const before = embedder.stats.ms;
    const started = performance.now();
    const value = await run();
    return { value, ms: performance.now() - started - (embedder.stats.ms - before) };
  };
  for (let fold = 0; fold < folds; fold++) {
    const held = new Map<string, OwnPrompt[]>();
    for (const [toolId, list] of prompts) {
      const inFold = list.filter((_, position) => position % folds === fold);
      if (inFold.length > 0) held.set(toolId, inFold);
    }
    // Only the first index embeds much (the others hold the same views, fewer of them): its progress is reported.
    const onProgress = options.onProgress;
    const built = await timed(() =>
      createSelector({
        catalog: tools.map((tool) => holdOut(tool, held.get(tool.id) ?? [])),
        embedder,
        indexDir: false,
        ...(fold === 0 && onProgress !== undefined
          ? { onProgress: ({ done, total }) => onProgress({ stage: 'embed', done, total }) }
          : {}),
      }),
    );
    indexMs += built.ms;
    for (const [toolId, list] of held) {
      for (const prompt of list) {
        const selected = await timed(() =>
          built.value.select(prompt.text, {
            k: DOCTOR_K,
            abstain: 'never',
            includeUnavailable: true,
            chainIds: false,
          }),
        );
        selectMs += selected.ms;
        const ids = selected.value.tools.map((tool) => tool.id);
        const rank = ids.indexOf(toolId);
        outcomes.push({
          tool: toolId,
          ...prompt,
          rank: rank < 0 ? null : rank + 1,
          first: ids[0] ?? null,
        });
        options.onProgress?.({ stage: 'select', done: outcomes.length, total });
      }
    }
  }
  return { outcomes, indexMs, selectMs };
}
