import { createHash } from 'node:crypto';

/**
 * A short hash of a tool's description, recorded in an overlay entry (`description_hash`) so a later change of the
 * description can be noticed: the overlay still applies, but may be stale. Whitespace runs count as one space.
 * @example descriptionHash('Read a file.') // '3c0e5f0d1b2a' (12 hex characters)
 */
export function descriptionHash(description: string): string {
  const text = description.trim().replace(/\s+/g, ' ');
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}
