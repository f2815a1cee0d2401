import type { PostingLists } from './posting-lists.js';

/**
 * The document side of the lexical index: key ↔ slot, per-field token counts (columns of Int32Array),
 * field totals for average lengths, and each document's term ids (to update document frequencies on
 * removal). Removed documents leave a dead slot that postings skip; once dead slots outnumber live ones,
 * `compact` renumbers slots and drops dead postings.
 */
export class DocumentStore {
  #keys: Array<string | undefined> = [];
  #slots = new Map<string, number>();
  #terms: Int32Array[] = [];
  /** After `restore`: computes every slot's term ids when first needed (a reload that changes nothing never does). */
  #pendingTerms: (() => Int32Array[]) | undefined;
  #fieldNames: string[] = [];
  #fieldIndex = new Map<string, number>();
  #lengths: Int32Array[] = [];
  #totalLength: number[] = [];
  #withField: number[] = [];
  #dead = 0;
  #version = 0;
  #factors: { version: number; columns: Float64Array[] } | undefined;

  /** Number of live documents. */
  get size(): number {
    return this.#slots.size;
  }

  /** Number of slots, live or dead (the bound for per-slot scratch arrays). */
  get capacity(): number {
    return this.#keys.length;
  }

  /** The index of field `name`, registered on first use. */
  fieldIndex(name: string): number {
    let index = this.#fieldIndex.get(name);
    if (index === undefined) {
      index = this.#fieldNames.length;
      this.#fieldIndex.set(name, index);
      this.#fieldNames.push(name);
      this.#lengths.push(new Int32Array(Math.max(16, this.#keys.length)));
      this.#totalLength.push(0);
      this.#withField.push(0);
    }
    return index;
  }

  /** Store a new live document with its token count per field index; returns its slot. */
  add(key: string, lengths: ReadonlyMap<number, number>): number {
    this.#settleTerms();
    const slot = this.#keys.length;
    this.#version++;
    this.#keys.push(key);
    this.#slots.set(key, slot);
    this.#terms.push(EMPTY);
    for (const [field, length] of lengths) {
      let column = this.#lengths[field]!;
      if (slot >= column.length) {
        const grown = new Int32Array(Math.max(16, column.length * 2, slot + 1));
        grown.set(column);
        this.#lengths[field] = column = grown;
      }
      column[slot] = length;
      this.#totalLength[field]! += length;
      if (length > 0) this.#withField[field]! += 1;
    }
    return slot;
  }

  /**
   * Fill an empty store in one go (snapshot loading): `keys` take slots 0, 1, ... and `columns[field]` holds the
   * token counts of field index `field` in slot order; `terms` gives each slot's term ids, and is called only
   * when they are first needed. Returns false, leaving the store unusable, when a key repeats.
   */
  restore(options: {
    keys: readonly string[];
    columns: readonly Int32Array[];
    terms: () => Int32Array[];
  }): boolean {
    const { keys, columns } = options;
    const count = keys.length;
    this.#version++;
    this.#keys = keys.slice();
    for (let slot = 0; slot < count; slot++) this.#slots.set(keys[slot]!, slot);
    this.#terms = [];
    this.#pendingTerms = options.terms;
    columns.forEach((lengths, field) => {
      const column = new Int32Array(Math.max(16, count));
      column.set(lengths.subarray(0, count));
      let total = 0;
      let withField = 0;
      for (let slot = 0; slot < count; slot++) {
        total += column[slot]!;
        if (column[slot]! > 0) withField++;
      }
      this.#lengths[field] = column;
      this.#totalLength[field] = total;
      this.#withField[field] = withField;
    });
    return this.#slots.size === count;
  }

  setTerms(slot: number, termIds: Int32Array): void {
    this.#settleTerms();
    this.#terms[slot] = termIds;
  }

  slotOf(key: string): number | undefined {
    return this.#slots.get(key);
  }

  keyOf(slot: number): string {
    return this.#keys[slot] ?? '';
  }

  termsOf(slot: number): Int32Array {
    this.#settleTerms();
    return this.#terms[slot] ?? EMPTY;
  }

  fieldLength(field: number, slot: number): number {
    return this.#lengths[field]![slot] ?? 0;
  }

  /** Turn a live slot into a dead one and take its lengths out of the field totals. */
  delete(slot: number): void {
    const key = this.#keys[slot];
    if (key === undefined) return;
    this.#settleTerms();
    this.#version++;
    this.#slots.delete(key);
    this.#keys[slot] = undefined;
    this.#terms[slot] = EMPTY;
    for (let field = 0; field < this.#fieldNames.length; field++) {
      const length = this.fieldLength(field, slot);
      this.#totalLength[field]! -= length;
      if (length > 0) this.#withField[field]! -= 1;
    }
    this.#dead++;
  }

  shouldCompact(): boolean {
    return this.#dead > 64 && this.#dead > this.#slots.size;
  }

  /** Renumber live slots densely (keeping their order) and drop dead postings and terms. */
  compact(postings: PostingLists): void {
    this.#settleTerms();
    const slotMap = new Int32Array(this.#keys.length).fill(-1);
    let next = 0;
    for (let slot = 0; slot < this.#keys.length; slot++)
      if (this.#keys[slot] !== undefined) slotMap[slot] = next++;
    const termMap = postings.compact(slotMap);
    const keys: string[] = [];
    const terms: Int32Array[] = [];
    const lengths = this.#lengths.map(() => new Int32Array(Math.max(16, next)));
    for (let slot = 0; slot < this.#keys.length; slot++) {
      const target = slotMap[slot]!;
      if (target < 0) continue;
      keys.push(this.#keys[slot]!);
      terms.push(this.#terms[slot]!.map((id) => termMap[id]!));
      lengths.forEach((column, field) => {
        column[target] = this.fieldLength(field, slot);
      });
    }
    this.#keys = keys;
    this.#slots = new Map(keys.map((key, slot) => [key, slot]));
    this.#terms = terms;
    this.#lengths = lengths;
    this.#dead = 0;
    this.#version++;
  }

  /**
   * Per field, per slot: the field weight divided by the BM25 length norm `1 - b + b * length / average`
   * (0 for dead slots), so a posting scores as `factor * tf`. Cached until a document is added or removed.
   */
  lengthFactors(options: { weights: Readonly<Record<string, number>>; b: number }): Float64Array[] {
    if (this.#factors?.version === this.#version) return this.#factors.columns;
    const { weights, b } = options;
    const columns = this.#fieldNames.map((name, field) => {
      const weight = Object.hasOwn(weights, name) ? weights[name]! : 1;
      const average = this.#totalLength[field]! / Math.max(1, this.#withField[field]!) || 1;
      const column = new Float64Array(this.#keys.length);
      for (let slot = 0; slot < column.length; slot++) {
        if (this.#keys[slot] !== undefined)
          column[slot] = weight / (1 - b + (b * this.fieldLength(field, slot)) / average);
      }
      return column;
    });
    this.#factors = { version: this.#version, columns };
    return columns;
  }

  #settleTerms(): void {
    if (this.#pendingTerms === undefined) return;
    this.#terms = this.#pendingTerms();
    this.#pendingTerms = undefined;
  }

  /** Field names by index. */
  fieldNames(): readonly string[] {
    return this.#fieldNames;
  }

  /** Live slots in increasing order. */
  *liveSlots(): IterableIterator<number> {
    for (let slot = 0; slot < this.#keys.length; slot++) if (this.#keys[slot] !== undefined) yield slot;
  }
}

// --- internal ---

const EMPTY = new Int32Array(0);
