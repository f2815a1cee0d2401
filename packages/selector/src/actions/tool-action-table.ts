import type { Tool } from '@toolsift/core';
import { nameNamespaces, type ToolActionFact, toolActionOf } from './tool-action.js';
import { toolStates } from './tool-states.js';

/** The actions of a catalog's tools, and how many of its tools say what they do. */
export interface ToolActionTable {
  /** Share of the catalog's tools whose action is known (0 for an empty catalog), counted on at most
   * `ACTION_SHARE_SAMPLE` tools spread through the catalog. */
  readonly knownShare: number;
  actionOf(toolId: string): ToolActionFact | undefined;
  /** The states a tool sets or filters by, by their stem (see `toolStates`); empty for an unknown tool. */
  statesOf(toolId: string): ReadonlyMap<string, string>;
}

/** How many tools the known share is counted on: enough for a gate at 0.25 (±0.02), and a 100k catalog's first
 * selection does not read every name (10k names took 10–19 ms). */
export const ACTION_SHARE_SAMPLE = 1024;

/** Read the actions of a catalog's tools on demand (see `toolActionOf`, with the catalog's `nameNamespaces`);
 * `tool` finds a tool by id. */
export function createToolActionTable(options: {
  tools: readonly Tool[];
  tool: (id: string) => Tool | undefined;
}): ToolActionTable {
  const { tools } = options;
  // Namespaces from the sample too: in a catalog larger than it, a service with few tools may go unseen, and its
  // tools then say nothing (never demoted) rather than something wrong.
  const sample = [...sampleIndexes(tools.length)].map((index) => tools[index]!);
  const namespaces = nameNamespaces(sample.map((tool) => tool.name));
  const known = sample.filter((tool) => toolActionOf(tool, namespaces) !== undefined).length;
  const actions = new Map<string, ToolActionFact | undefined>();
  const states = new Map<string, ReadonlyMap<string, string>>();
  return {
    knownShare: sample.length === 0 ? 0 : known / sample.length,
    actionOf(toolId) {
      if (!actions.has(toolId)) {
        const tool = options.tool(toolId);
        actions.set(toolId, tool === undefined ? undefined : toolActionOf(tool, namespaces));
      }
      return actions.get(toolId);
    },
    statesOf(toolId) {
      let known = states.get(toolId);
      if (known === undefined) {
        const tool = options.tool(toolId);
        known = tool === undefined ? NO_STATES : toolStates(tool);
        states.set(toolId, known);
      }
      return known;
    },
  };
}

// --- internal ---

/**
 * Every index when there are at most `ACTION_SHARE_SAMPLE`, else that many spread by the golden ratio (a Weyl
 * sequence): a fixed stride would alias with catalogs whose files were interleaved (every 8th tool from one file).
 */
function* sampleIndexes(count: number): Generator<number> {
  if (count <= ACTION_SHARE_SAMPLE) {
    for (let index = 0; index < count; index++) yield index;
    return;
  }
  for (let step = 0; step < ACTION_SHARE_SAMPLE; step++)
    yield Math.floor(((step * GOLDEN_RATIO_FRACTION) % 1) * count);
}

const GOLDEN_RATIO_FRACTION = 0.618_033_988_749_895;
const NO_STATES: ReadonlyMap<string, string> = new Map();
