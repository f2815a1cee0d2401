/** Escapes one JSON pointer segment (`~` -> `~0`, `/` -> `~1`). */
export function escapeSegment(segment: string | number): string {
  return String(segment).replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Appends segments to a JSON pointer: `joinPointer('/tools', 'a/b', 0)` -> `/tools/a~1b/0`. */
export function joinPointer(base: string, ...segments: (string | number)[]): string {
  return segments.reduce<string>((pointer, segment) => `${pointer}/${escapeSegment(segment)}`, base);
}
