/**
 * Where a learned prompt came from: `labelled`, an example given to learn (`toolsift learn`, `eval --learn`,
 * `selector.learn`), or `call`, a tool call a session learned. Only call-learned prompts are bounded per tool by
 * default, and a bound on one source never drops prompts of the other.
 */
export type LearnSource = 'labelled' | 'call';

/** A learned prompt and where it came from. */
export interface LearnedPrompt {
  prompt: string;
  source: LearnSource;
}

/** Learned prompts per tool id, each tool's in learning order (oldest first). */
export type LearnedPrompts = ReadonlyMap<string, readonly LearnedPrompt[]>;
