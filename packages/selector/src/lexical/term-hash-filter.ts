/**
 * A compact set of term hashes for ruling out candidate terms before looking them up: no false negatives, about
 * 3% false positives. A term's hash runs over its code points (`hashOf`), and `editVariants` derives the hash of
 * each variant of a term from the term's prefix and suffix hashes, so a variant is only built as a string when
 * the filter may hold it. A second filter, of the terms' deletions (`ofDeletions`), tells where trying letters
 * can find a term at all.
 */
export class TermHashFilter {
  #bits: Int32Array;
  #shift: number;

  /** A filter of raw hashes (see `ofTerms` and `ofDeletions`). */
  constructor(hashes: ArrayLike<number>) {
    // About 32 bits per hash, as a power of two between 2^16 and 2^26.
    const log2 = Math.min(26, Math.max(16, Math.ceil(Math.log2(Math.max(1, hashes.length) * 32))));
    this.#bits = new Int32Array(2 ** (log2 - 5));
    this.#shift = 32 - log2;
    for (let index = 0; index < hashes.length; index++) this.#add(hashes[index]!);
  }

  /**
   * A filter from the bits another one saved (`bits`), as an index keeps it: building the filters of a 10k-tool
   * vocabulary costs the first query with an unknown word ~40 ms. Undefined when the bits are not a filter's.
   */
  static fromBits(bits: Int32Array): TermHashFilter | undefined {
    const log2 = Math.log2(bits.length) + 5;
    if (!Number.isInteger(log2) || log2 < 16 || log2 > 26) return undefined;
    const filter = new TermHashFilter([]);
    filter.#bits = bits;
    filter.#shift = 32 - log2;
    return filter;
  }

  /** The filter's bits (its size follows from their count); the array itself, not a copy. */
  get bits(): Int32Array {
    return this.#bits;
  }

  /** The filter of `terms` (their `hashOf`). */
  static ofTerms(terms: readonly string[]): TermHashFilter {
    const hashes = new Int32Array(terms.length);
    let codes = new Int32Array(64);
    terms.forEach((term, index) => {
      if (codes.length < term.length) codes = new Int32Array(term.length * 2);
      hashes[index] = hashOf(codes.subarray(0, codePointsInto(term, codes)));
    });
    return new TermHashFilter(hashes);
  }

  /**
   * The filter of every term's deletions, each marked with its position: it may hold the marked hash of
   * `word` minus its character `i` only if a term has `word` as its deletion at `i`. Where it does not, no
   * term is an insertion or substitution at `i` of a query word (see `editVariants`).
   */
  static ofDeletions(terms: readonly string[]): TermHashFilter {
    let count = 0;
    for (const term of terms) count += term.length; // UTF-16 units: at least the code points
    const hashes = new Int32Array(count);
    let codes = new Int32Array(64);
    let prefix = new Int32Array(65);
    count = 0;
    for (const term of terms) {
      if (codes.length < term.length) {
        codes = new Int32Array(term.length * 2);
        prefix = new Int32Array(term.length * 2 + 1);
      }
      const length = codePointsInto(term, codes);
      for (let i = 0; i < length; i++) prefix[i + 1] = extend(prefix[i]!, codes[i]!);
      // Backwards: the hash of codes[i + 1, length) and BASE to its length, so `term` minus char i costs O(1).
      let suffix = 0;
      let power = 1;
      for (let i = length - 1; i >= 0; i--) {
        hashes[count++] = markPosition((Math.imul(prefix[i]!, power) + suffix) | 0, i);
        suffix = (Math.imul(codes[i]!, power) + suffix) | 0;
        power = Math.imul(power, BASE);
      }
    }
    return new TermHashFilter(hashes.subarray(0, count));
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
 * character of `alphabet`) that the `terms` filter may hold, each once. Characters are code points. The
 * `deletions` filter (`TermHashFilter.ofDeletions` of the same terms) rules out whole positions first, so
 * about 4 probes a character replace the ~100 of trying every letter (cold, each probe is a cache miss).
 */
export function editVariants(
  term: string,
  options: { alphabet: readonly string[]; terms: TermHashFilter; deletions: TermHashFilter },
): Set<string> {
  const { alphabet, terms: filter, deletions } = options;
  const chars = [...term];
  const codes = chars.map(codePoint);
  const letters = alphabet.map(codePoint);
  const length = chars.length;
  const { prefix, suffix, power } = partialHashes(codes);
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
    // An inserted character at i leaves `term` when deleted; a substituted one leaves `term` minus char i.
    const isInsertable = deletions.mayHold(markPosition(prefix[length]!, i));
    const isSubstitutable = i < length && deletions.mayHold(markPosition(joined(i, 0, 0, i + 1), i));
    if (!isInsertable && !isSubstitutable) continue;
    letters.forEach((letter, position) => {
      if (isInsertable && filter.mayHold(joined(i, letter, 1, i))) {
        found.add(head(i) + alphabet[position]! + from(i));
      }
      if (isSubstitutable && letter !== codes[i] && filter.mayHold(joined(i, letter, 1, i + 1))) {
        found.add(head(i) + alphabet[position]! + from(i + 1));
      }
    });
  }
  return found;
}

/** The hash of a sequence of code points: Horner's rule with `BASE`, modulo 2^32. */
export function hashOf(codes: ArrayLike<number>): number {
  let hash = 0;
  for (let index = 0; index < codes.length; index++) hash = extend(hash, codes[index]!);
  return hash;
}

// --- internal ---

const BASE = 0x01000193;
/** Fibonacci hashing spreads the polynomial hash over the filter's bits. */
const SPREAD = 0x9e3779b1 | 0;

/** Past every code point: a marked hash is that of the deletion followed by a character no term holds. */
const POSITION_MARK = 0x110000;

/** A deletion's hash, told apart by where the character was deleted. */
function markPosition(hash: number, position: number): number {
  return extend(hash, POSITION_MARK + position);
}

/** power[m] = BASE^m; prefix[i]: hash of codes[0, i); suffix[i]: hash of codes[i, length) (all mod 2^32). */
function partialHashes(codes: readonly number[]): { prefix: number[]; suffix: number[]; power: number[] } {
  const length = codes.length;
  const power = [1];
  for (let m = 1; m <= length + 1; m++) power.push(Math.imul(power[m - 1]!, BASE));
  const prefix = [0];
  for (let i = 0; i < length; i++) prefix.push(extend(prefix[i]!, codes[i]!));
  const suffix = new Array<number>(length + 1).fill(0);
  for (let i = length - 1; i >= 0; i--)
    suffix[i] = (Math.imul(codes[i]!, power[length - 1 - i]!) + suffix[i + 1]!) | 0;
  return { prefix, suffix, power };
}

function extend(hash: number, code: number): number {
  return (Math.imul(hash, BASE) + code) | 0;
}

/** Write the code points of `text` into `target` (at least `text.length` long); returns how many. */
function codePointsInto(text: string, target: Int32Array): number {
  let length = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.codePointAt(at)!;
    if (code > 0xffff) at++; // the low half of a surrogate pair
    target[length++] = code;
  }
  return length;
}

function codePoint(char: string): number {
  return char.codePointAt(0)!;
}
