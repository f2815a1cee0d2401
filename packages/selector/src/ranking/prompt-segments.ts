/**
 * The sentences of a multi-intent prompt ("Find X. Also send Y."), each of at least `minWords` words, at
 * most `maxSegments` of them; empty when the prompt is a single sentence (the whole prompt covers it).
 */
export function promptSegments(
  prompt: string,
  options: { minWords?: number; maxSegments?: number } = {},
): string[] {
  const minWords = options.minWords ?? 3;
  const segments = prompt
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((segment) => segment.trim())
    .filter((segment) => segment.split(/\s+/).length >= minWords);
  return segments.length < 2 ? [] : segments.slice(0, options.maxSegments ?? 8);
}
