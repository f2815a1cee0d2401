import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether an `Authorization` header is `Bearer <token>`, compared in constant time: both sides are hashed first,
 * so neither the content nor the length of the token leaks through the time the comparison takes.
 */
export function isBearerToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? '');
  const given = match?.[1] ?? '';
  const isEqual = timingSafeEqual(digest(given), digest(token));
  return match !== null && isEqual;
}

// --- internal ---

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
