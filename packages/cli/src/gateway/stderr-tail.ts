import type { SecretMask } from './secret-mask.js';

/** The last lines a server wrote to stderr, kept for the report when it fails. */
export interface StderrTail {
  append(text: string): void;
  /** The kept text, secrets masked. */
  text(): string;
  /** Forget what was kept (a new start of the server). */
  clear(): void;
}

/**
 * Keep the last `maxLength` characters a server wrote to stderr. Its configured secrets are masked, so a server that
 * echoes its token does not get it printed by the gateway, also when the token comes in two writes.
 */
export function createStderrTail(options: { mask: SecretMask; maxLength?: number }): StderrTail {
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
  let kept = '';
  return {
    // Masked before it is cut: cutting first could keep the end of a secret whose start was cut off, which no
    // mask matches. The start of a secret still being written stays at the end, unmasked, until its end comes.
    append(text) {
      kept = options.mask(kept + text).slice(-maxLength);
    },
    text: () => kept.trimEnd(),
    clear() {
      kept = '';
    },
  };
}

// --- internal ---

const DEFAULT_MAX_LENGTH = 2000;
