/** Tokens a provider adds around each tool definition (framing, separators), a rough constant. */
export const TOOL_TOKEN_OVERHEAD = 8;

/**
 * Estimate the prompt tokens one emitted tool costs. A heuristic, not a tokenizer: the UTF-8 size of its
 * compact JSON divided by 4 (about 4 bytes per token for English text and JSON with BPE tokenizers;
 * non-ASCII text counts more bytes, which errs on the safe side), rounded up, plus `TOOL_TOKEN_OVERHEAD`.
 * Providers re-render tools in their own template, so treat it as an estimate good to about ±25%.
 */
export function estimateToolTokens(emitted: unknown): number {
  const json = JSON.stringify(emitted) ?? '';
  return Math.ceil(encoder.encode(json).length / BYTES_PER_TOKEN) + TOOL_TOKEN_OVERHEAD;
}

// --- internal ---

const BYTES_PER_TOKEN = 4;
const encoder = new TextEncoder();
