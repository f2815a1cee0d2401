import { redactSecrets } from '@toolsift/core';

/**
 * Whether a prompt holds what looks like a secret (an API key, a token, a password in a URL: what `redactSecrets`
 * hides in every output). Such a prompt is never learned: learned prompts are written to the index folder, often
 * inside a repository. The one check of every path that learns (`selector.learn`, hence `toolsift learn`,
 * `eval --learn`, sessions and the framework drop-ins).
 */
export function holdsSecret(prompt: string): boolean {
  return redactSecrets(prompt) !== prompt;
}
