import type { SelectionContext, SelectionStage } from './selection-context.js';

/** Run stages in order on one context; returns the milliseconds each stage took, by stage name. */
export async function runStages(
  stages: readonly SelectionStage[],
  context: SelectionContext,
): Promise<Record<string, number>> {
  const timings: Record<string, number> = {};
  for (const stage of stages) {
    const started = performance.now();
    const pending = stage.run(context);
    if (pending !== undefined) await pending;
    timings[stage.name] = (timings[stage.name] ?? 0) + (performance.now() - started);
  }
  return timings;
}
