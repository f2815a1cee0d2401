/**
 * Characters of one text an embedder is ever given, whatever its model. transformers.js' tokenizer overflows the
 * call stack near 100,000 tokens (measured on use-lite: 65,536 one-character tokens pass, 131,072 throw
 * `RangeError: Maximum call stack size exceeded`, as a 1.12 MB description did). A tokenizer makes at most 3 tokens
 * of a character (byte fallback splits a CJK character into its UTF-8 bytes), so 16,384 characters stay below 50,000.
 */
export const MAX_EMBEDDED_CHARACTERS = 16_384;

/**
 * The characters worth giving a model that reads at most `maxTokens` tokens: 16 per token, four times what an
 * English token spans, so the encoder sees the same tokens it saw before the cut on any natural text
 * (use-lite: 128 tokens, 2,048 characters). Never above `MAX_EMBEDDED_CHARACTERS`, which an unknown limit gets.
 */
export function embeddedTextLimit(maxTokens: number | undefined): number {
  if (maxTokens === undefined || !Number.isFinite(maxTokens) || maxTokens < 1) return MAX_EMBEDDED_CHARACTERS;
  return Math.min(MAX_EMBEDDED_CHARACTERS, Math.ceil(maxTokens) * CHARACTERS_PER_TOKEN);
}

/** `text` cut to at most `maxLength` characters (UTF-16 units), never between the two halves of a surrogate pair. */
export function truncateForEmbedding(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const end = isHighSurrogate(text.charCodeAt(maxLength - 1)) ? maxLength - 1 : maxLength;
  return text.slice(0, end);
}

// --- internal ---

const CHARACTERS_PER_TOKEN = 16;

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
