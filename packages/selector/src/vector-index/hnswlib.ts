import { createRequire } from 'node:module';
import type { HierarchicalNSW } from 'hnswlib-node';

/** The part of the hnswlib-node module toolsift uses. */
export interface Hnswlib {
  HierarchicalNSW: typeof HierarchicalNSW;
}

/** Whether the hnswlib-node native addon loads here; when it does not, `reason` says why. */
export type HnswlibStatus = { available: true; hnswlib: Hnswlib } | { available: false; reason: string };

/** Load hnswlib-node once, lazily, without throwing (a missing or broken native addon is reported as a status). */
export function hnswlibStatus(): HnswlibStatus {
  cached ??= tryLoad();
  return cached;
}

// --- internal ---

let cached: HnswlibStatus | undefined;

function tryLoad(): HnswlibStatus {
  try {
    const hnswlib = createRequire(import.meta.url)('hnswlib-node') as Hnswlib;
    if (typeof hnswlib.HierarchicalNSW !== 'function') {
      return { available: false, reason: 'hnswlib-node loaded but exports no HierarchicalNSW' };
    }
    return { available: true, hnswlib };
  } catch (error) {
    return { available: false, reason: `hnswlib-node native addon cannot load: ${(error as Error).message}` };
  }
}
