import { createRequire } from 'node:module';

/**
 * The part of hnswlib-node's `HierarchicalNSW` toolsift calls, written out rather than imported from hnswlib-node:
 * that package is optional, and the published declarations must type-check without it (`skipLibCheck: false`).
 * `test/vector-index/hnswlib.test-d.ts` checks hnswlib-node's own class against it.
 */
export interface HierarchicalNSW {
  initIndex(options: {
    maxElements: number;
    m?: number;
    efConstruction?: number;
    randomSeed?: number;
    allowReplaceDeleted?: boolean;
  }): void;
  readIndex(filename: string, allowReplaceDeleted?: boolean): Promise<boolean>;
  writeIndexSync(filename: string): void;
  resizeIndex(newMaxElements: number): void;
  addPoint(point: number[], label: number, replaceDeleted?: boolean): void;
  markDelete(label: number): void;
  searchKnn(queryPoint: number[], numNeighbors: number): { distances: number[]; neighbors: number[] };
  getIdsList(): number[];
  getMaxElements(): number;
  getCurrentCount(): number;
  getNumDimensions(): number;
  setEf(ef: number): void;
}

/** The part of the hnswlib-node module toolsift uses. */
export interface Hnswlib {
  HierarchicalNSW: new (spaceName: 'cosine', numDimensions: number) => HierarchicalNSW;
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
    // Node's MODULE_NOT_FOUND message goes on with its whole require stack: the first line says what failed.
    const [firstLine] = (error as Error).message.split('\n');
    return { available: false, reason: `hnswlib-node native addon cannot load: ${firstLine}` };
  }
}
