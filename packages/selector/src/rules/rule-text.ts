/** A text cut to `limit` characters for a reason message. */
export function snippet(text: string, limit = 100): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= limit ? clean : `${clean.slice(0, limit - 3)}...`;
}

/** A number rounded to 4 decimals, for reason details. */
export function roundTo(value: number, digits = 4): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
