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
 * Keep the last `maxLength` characters a server wrote to stderr. Its configured secrets are masked when the text is
 * read, so a server that echoes its token does not get it printed by the gateway.
 */
export function createStderrTail(options: { mask: SecretMask; maxLength?: number }): StderrTail {
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
  let kept = '';
  return {
    append(text) {
      kept = (kept + text).slice(-maxLength);
    },
    text: () => options.mask(kept).trimEnd(),
    clear() {
      kept = '';
    },
  };
}

// --- internal ---

const DEFAULT_MAX_LENGTH = 2000;
