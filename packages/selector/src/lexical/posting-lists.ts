/** Postings pack a field index and a term frequency into one integer: `field << FIELD_BITS | tf`. */
export const FIELD_BITS = 16;
/** `2 ** FIELD_BITS`: the packed value is `field * FIELD_SHIFT + tf`. */
export const FIELD_SHIFT = 2 ** FIELD_BITS;
/** Mask of the term frequency bits. */
export const TF_MASK = FIELD_SHIFT - 1;

/**
 * The inverted index behind `Bm25Index`: a term dictionary with document frequencies and, per term, a
 * posting list of `(slot, field * 65536 + tf)` pairs in slot order (a document appears once per field).
 * Lists are growable Int32Arrays: about 8 bytes a posting, so 100k tools fit in tens of megabytes.
 */
export class PostingLists {
  #ids = new Map<string, number>();
  #terms: string[] = [];
  #documentFrequency: number[] = [];
  #data: Int32Array[] = [];
  #lengths: number[] = [];
  #version = 0;

  /** Changes whenever a term enters or leaves the live vocabulary (used to invalidate expansion caches). */
  get version(): number {
    return this.#version;
  }

  /** The id of a live term (document frequency > 0), or undefined. */
  liveId(term: string): number | undefined {
    const id = this.#ids.get(term);
    return id !== undefined && (this.#documentFrequency[id] ?? 0) > 0 ? id : undefined;
  }

  /** Every term with a document frequency > 0. */
  *liveTerms(): IterableIterator<string> {
    for (let id = 0; id < this.#terms.length; id++)
      if ((this.#documentFrequency[id] ?? 0) > 0) yield this.#terms[id]!;
  }

  /** The term id for `term`, created if needed. */
  idOf(term: string): number {
    let id = this.#ids.get(term);
    if (id === undefined) {
      id = this.#terms.length;
      this.#ids.set(term, id);
      this.#terms.push(term);
      this.#documentFrequency.push(0);
      this.#data.push(new Int32Array(2));
      this.#lengths.push(0);
    }
    return id;
  }

  /** Number of live documents containing term `id`. */
  documentFrequency(id: number): number {
    return this.#documentFrequency[id] ?? 0;
  }

  /** Count one more (or one fewer, with `delta` -1) live document for term `id`. */
  changeDocumentFrequency(id: number, delta: 1 | -1): void {
    const next = (this.#documentFrequency[id] ?? 0) + delta;
    this.#documentFrequency[id] = next;
    if (next === 0 || (next === 1 && delta === 1)) this.#version++;
  }

  /** Append a posting; slots must be appended in increasing order. */
  append(id: number, slot: number, packed: number): void {
    let data = this.#data[id]!;
    const length = this.#lengths[id]!;
    if (length + 2 > data.length) {
      const grown = new Int32Array(Math.max(4, data.length * 2));
      grown.set(data);
      this.#data[id] = grown;
      data = grown;
    }
    data[length] = slot;
    data[length + 1] = packed;
    this.#lengths[id] = length + 2;
  }

  /** Add a new term with its whole posting list (snapshot loading); returns the term id. */
  load(term: string, data: Int32Array, documentFrequency: number): number {
    const id = this.#terms.length;
    this.#ids.set(term, id);
    this.#terms.push(term);
    this.#documentFrequency.push(documentFrequency);
    this.#data.push(data);
    this.#lengths.push(data.length);
    this.#version++;
    return id;
  }

  /** The posting pairs of term `id` (read `length` entries of `data`, which may be longer). */
  postings(id: number): { data: Int32Array; length: number } {
    return { data: this.#data[id]!, length: this.#lengths[id]! };
  }

  /** True when term `id` has a posting for `slot` (binary search). */
  contains(id: number, slot: number): boolean {
    const data = this.#data[id]!;
    let low = 0;
    let high = this.#lengths[id]! / 2 - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const value = data[middle * 2]!;
      if (value === slot) return true;
      if (value < slot) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }

  /** Drop dead terms and postings of dead slots; `slotMap` maps old slots to new ones (-1 = dead). Returns the term id map. */
  compact(slotMap: Int32Array): Int32Array {
    const termMap = new Int32Array(this.#terms.length).fill(-1);
    const ids = new Map<string, number>();
    const terms: string[] = [];
    const documentFrequency: number[] = [];
    const data: Int32Array[] = [];
    const lengths: number[] = [];
    for (let id = 0; id < this.#terms.length; id++) {
      if ((this.#documentFrequency[id] ?? 0) === 0) continue;
      const kept = keepLiveSlots(this.#data[id]!, this.#lengths[id]!, slotMap);
      termMap[id] = terms.length;
      ids.set(this.#terms[id]!, terms.length);
      terms.push(this.#terms[id]!);
      documentFrequency.push(this.#documentFrequency[id]!);
      data.push(kept);
      lengths.push(kept.length);
    }
    this.#ids = ids;
    this.#terms = terms;
    this.#documentFrequency = documentFrequency;
    this.#data = data;
    this.#lengths = lengths;
    this.#version++;
    return termMap;
  }
}

// --- internal ---

function keepLiveSlots(data: Int32Array, length: number, slotMap: Int32Array): Int32Array {
  const kept: number[] = [];
  for (let index = 0; index < length; index += 2) {
    const slot = slotMap[data[index]!]!;
    if (slot >= 0) kept.push(slot, data[index + 1]!);
  }
  return Int32Array.from(kept);
}
