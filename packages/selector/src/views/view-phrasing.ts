import { DEFAULT_EMBEDDER_ID } from '../embedding/default-embedder-id.js';

/**
 * How a tool's description view is worded for the embedder: `plain` is the tool's own text; `request` words it the
 * way users ask (`Can you help me get the current weather for a city? get weather.`). Prompts are requests and tool
 * descriptions are statements; with `use-lite`, putting the description in the prompts' form raised dense-only
 * nDCG@10 on every bench dataset's tune half (metatool single 0.621 -> 0.643, toolalpaca 0.344 -> 0.376). Other
 * embedders keep `plain`: the effect was not measured for them, and models trained with their own document
 * prefixes expect the text as written.
 */
export type ViewPhrasing = 'plain' | 'request';

/** The description wording for an embedder id. */
export function viewPhrasingOf(embedderId: string): ViewPhrasing {
  return embedderId === DEFAULT_EMBEDDER_ID ? 'request' : 'plain';
}
