/**
 * A compact set of term hashes for ruling out candidate terms before looking them up: no false negatives, about
 * 3% false positives. A term's hash runs over its code points (`hashOf`), and `editVariants` derives the hash of
 * each variant of a term from the term's prefix and suffix hashes, so a variant is only built as a string when
 * the filter may hold it.
 */
export class TermHashFilter {
  readonly #bits: Int32Array;
  readonly #shift: number;

  constructor(terms: readonly string[]) {
    // About 32 bits per term, as a power of two between 2^16 and 2^26.
    const log2 = Math.min(26, Math.max(16, Math.ceil(Math.log2(Math.max(1, terms.length) * 32))));
    this.#bits = new Int32Array(2 ** (log2 - 5));
    this.#shift = 32 - log2;
    for (const term of terms) this.#add(hashOf([...term].map(codePoint)));
  }

  /** False when no term of the set has this hash. */
  mayHold(hash: number): boolean {
    const bit = Math.imul(hash, SPREAD) >>> this.#shift;
    return (this.#bits[bit >>> 5]! & (1 << (bit & 31))) !== 0;
  }

  #add(hash: number): void {
    const bit = Math.imul(hash, SPREAD) >>> this.#shift;
    this.#bits[bit >>> 5]! |= 1 << (bit & 31);
  }
}

/**
 * The strings one edit away from `term` (delete a character, swap two adjacent ones, insert or substitute a
 * character of `alphabet`) that `filter` may hold, each once. Characters are code points.
 */
export function editVariants(term: string, alphabet: readonly string[], filter: TermHashFilter): Set<string> {
  const chars = [...term];
  const codes = chars.map(codePoint);
  const letters = alphabet.map(codePoint);
  const length = chars.length;
  // power[m] = BASE^m; prefix[i]: hash of chars[0, i); suffix[i]: hash of chars[i, length) (all mod 2^32).
  const power = [1];
  for (let m = 1; m <= length + 1; m++) power.push(Math.imul(power[m - 1]!, BASE));
  const prefix = [0];
  for (let i = 0; i < length; i++) prefix.push(extend(prefix[i]!, codes[i]!));
  const suffix = new Array<number>(length + 1).fill(0);
  for (let i = length - 1; i >= 0; i--)
    suffix[i] = (Math.imul(codes[i]!, power[length - 1 - i]!) + suffix[i + 1]!) | 0;
  // hash(head + middle + tail) for head = chars[0, i), tail = chars[j, length), middle given by its hash and length.
  const joined = (i: number, middle: number, middleLength: number, j: number) =>
    (Math.imul((Math.imul(prefix[i]!, power[middleLength]!) + middle) | 0, power[length - j]!) + suffix[j]!) |
    0;
  const found = new Set<string>();
  const head = (i: number) => chars.slice(0, i).join('');
  const from = (j: number) => chars.slice(j).join('');
  for (let i = 0; i <= length; i++) {
    if (i < length && filter.mayHold(joined(i, 0, 0, i + 1))) found.add(head(i) + from(i + 1));
    if (i + 1 < length && filter.mayHold(joined(i, extend(codes[i + 1]!, codes[i]!), 2, i + 2))) {
      found.add(head(i) + chars[i + 1]! + chars[i]! + from(i + 2));
    }
    letters.forEach((letter, position) => {
      if (filter.mayHold(joined(i, letter, 1, i))) found.add(head(i) + alphabet[position]! + from(i));
      if (i < length && letter !== codes[i] && filter.mayHold(joined(i, letter, 1, i + 1))) {
        found.add(head(i) + alphabet[position]! + from(i + 1));
      }
    });
  }
  return found;
}

/** The hash of a sequence of code points: Horner's rule with `BASE`, modulo 2^32. */
export function hashOf(codes: readonly number[]): number {
  let hash = 0;
  for (const code of codes) hash = extend(hash, code);
  return hash;
}

// --- internal ---

const BASE = 0x01000193;
/** Fibonacci hashing spreads the polynomial hash over the filter's bits. */
const SPREAD = 0x9e3779b1 | 0;

function extend(hash: number, code: number): number {
  return (Math.imul(hash, BASE) + code) | 0;
}

function codePoint(char: string): number {
  return char.codePointAt(0)!;
}
