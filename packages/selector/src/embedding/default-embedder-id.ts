/**
 * The id of the default embedder: `use-lite`, the Universal Sentence Encoder lite, offline and shipped with the
 * package. Every default of toolsift (selectors, the framework drop-ins, the gateway, the CLI) names it through
 * this constant, and so do the settings fitted on it (view phrasing, the abstention model).
 */
export const DEFAULT_EMBEDDER_ID = 'use-lite';
