// Input tokens of the tool definitions of one request, for the providers bench: every tool sent, or every tool
// deferred behind a search (toolsift's, or the provider's own), with the tools one search loads.
import { type Tool, toAnthropicTools, toOpenAIResponsesTools } from '@toolsift/core';
import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';
import {
  DEFAULT_SEARCH_TOOL_NAME,
  TOOL_SEARCH_DESCRIPTION,
  TOOL_SEARCH_PARAMETERS,
} from '../../packages/frameworks/src/shared/tool-search-query.js';

/** The tokenizer the figures are counted with, as the tables name it. */
export const TOKENIZER = 'js-tiktoken o200k_base';

/** Tools one search loads, for toolsift (its default `k`) and for the provider-style search alike. */
export const LOADED_PER_SEARCH = 5;

/** One catalog size's tool-definition tokens per request, for one API. */
export interface TokenRow {
  api: 'Anthropic Messages' | 'OpenAI Responses';
  tools: number;
  /** Every definition sent with each request. */
  allSent: number;
  /** toolsift's search tool, plus the definitions one search loads. */
  toolsiftSearch: number;
  /** The provider's own search tool as declared, plus the definitions one search loads. */
  providerSearch: number;
}

/**
 * The tokens of the tool definitions a request carries for `tools`, counted on their JSON as sent (the
 * providers render tools into the prompt in their own way, so this is an estimate). The tools a search loads
 * count as `LOADED_PER_SEARCH` times the catalog's mean definition.
 */
export function tokenRows(tools: readonly Tool[]): TokenRow[] {
  const anthropic = toAnthropicTools(tools).tools;
  const responses = toOpenAIResponsesTools(tools).tools;
  return [
    row('Anthropic Messages', anthropic, ANTHROPIC_SEARCH, ANTHROPIC_PROVIDER_SEARCH),
    row('OpenAI Responses', responses, RESPONSES_SEARCH, RESPONSES_PROVIDER_SEARCH),
  ];
}

// --- internal ---

const encoder = new Tiktoken(o200kBase);

function tokens(value: unknown): number {
  return encoder.encode(JSON.stringify(value)).length;
}

const ANTHROPIC_SEARCH = {
  name: DEFAULT_SEARCH_TOOL_NAME,
  description: TOOL_SEARCH_DESCRIPTION,
  input_schema: TOOL_SEARCH_PARAMETERS,
};
const ANTHROPIC_PROVIDER_SEARCH = { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' };
const RESPONSES_SEARCH = {
  type: 'tool_search',
  execution: 'client',
  description: TOOL_SEARCH_DESCRIPTION,
  parameters: TOOL_SEARCH_PARAMETERS,
};
const RESPONSES_PROVIDER_SEARCH = { type: 'tool_search' };

function row(
  api: TokenRow['api'],
  definitions: readonly unknown[],
  search: unknown,
  providerSearch: unknown,
): TokenRow {
  const each = definitions.map(tokens);
  const allSent = each.reduce((sum, count) => sum + count, 0);
  const loaded = Math.round((allSent / Math.max(each.length, 1)) * Math.min(LOADED_PER_SEARCH, each.length));
  return {
    api,
    tools: definitions.length,
    allSent,
    toolsiftSearch: tokens(search) + loaded,
    providerSearch: tokens(providerSearch) + loaded,
  };
}
