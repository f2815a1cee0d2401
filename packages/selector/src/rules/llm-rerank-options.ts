/** Options of the optional LLM stage: any OpenAI-compatible chat server. */
export interface RerankOptions {
  /** Chat model name. */
  model: string;
  /** Server URL, e.g. `http://127.0.0.1:8080/v1` (default: the OpenAI API). */
  baseURL?: string;
  /** API key (default `OPENAI_API_KEY` from the rule environment; a placeholder for local servers). */
  apiKey?: string;
  /** How many top candidates the model sees (default `RuleWeights.rerankCandidates`). */
  candidates?: number;
  /** Request timeout in milliseconds (default 20 000). */
  timeoutMs?: number;
}

/** What the LLM stage did: the model, its choice and reason, its time and tokens. */
export interface RerankReport {
  model: string;
  /** The tool ids the model chose, best first (empty when it chose none). */
  chosen: string[];
  reason: string;
  ms: number;
  promptTokens: number;
  completionTokens: number;
}
