import { ErrorCode, ToolsiftError } from '@toolsift/core';

/** The JSON form of an `IdMap`. */
export interface IdMapJson {
  nextLabel: number;
  keys: string[];
  labels: number[];
}

/**
 * Maps string keys to the numeric labels hnswlib-node stores, and back. Labels are handed out once and never
 * reused, so a label that hnswlib still holds for a deleted point can never alias a live key.
 */
export class IdMap {
  readonly #labels = new Map<string, number>();
  /** Keys by label: an array, read for every search hit (labels are handed out in order, so it stays dense). */
  #keys: Array<string | undefined> = [];
  #nextLabel = 0;

  /** Restore a map saved with `toJSON`; returns undefined (not a throw) when the data is inconsistent. */
  static fromJSON(value: unknown): IdMap | undefined {
    if (typeof value !== 'object' || value === null) return undefined;
    const { nextLabel, keys, labels } = value as Partial<IdMapJson>;
    if (!isLabel(nextLabel) || !Array.isArray(keys) || !Array.isArray(labels)) return undefined;
    if (keys.length !== labels.length) return undefined;
    const map = new IdMap();
    map.#nextLabel = nextLabel;
    // Saved keys need not come in label order: filling the array first keeps it a flat array (writing far past
    // its end one label at a time turns it into a slow dictionary: ~60 ms of a 10k-tool reload). Bounded, so a
    // counter far beyond the keys (many deletions, or a forged file) costs no huge allocation.
    map.#keys = new Array<string | undefined>(Math.min(nextLabel, 2 * keys.length + 1024)).fill(undefined);
    for (let index = 0; index < keys.length; index++) {
      const key: unknown = keys[index];
      const label: unknown = labels[index];
      if (typeof key !== 'string' || !isLabel(label) || label >= nextLabel) return undefined;
      if (map.#keys[label] !== undefined) return undefined; // a repeated label
      map.#labels.set(key, label);
      map.#keys[label] = key;
    }
    // A repeated key would have overwritten an entry.
    if (map.#labels.size !== keys.length) return undefined;
    return map;
  }

  /** Number of mapped keys. */
  get size(): number {
    return this.#labels.size;
  }

  /** The label of a key, if mapped. */
  labelOf(key: string): number | undefined {
    return this.#labels.get(key);
  }

  /** The key of a label, if mapped. */
  keyOf(label: number): string | undefined {
    return this.#keys[label];
  }

  /** Map a new key to a never-used label and return it. */
  assign(key: string): number {
    if (this.#nextLabel > MAX_LABEL) {
      throw new ToolsiftError(ErrorCode.IndexCorrupt, 'the HNSW label space is exhausted; rebuild the index');
    }
    const label = this.#nextLabel++;
    this.#labels.set(key, label);
    this.#keys[label] = key;
    return label;
  }

  /** Unmap a key; returns its former label. */
  delete(key: string): number | undefined {
    const label = this.#labels.get(key);
    if (label === undefined) return undefined;
    this.#labels.delete(key);
    this.#keys[label] = undefined;
    return label;
  }

  /** True when `test` holds for the label of every mapped key. */
  everyLabel(test: (label: number) => boolean): boolean {
    let isEvery = true;
    // forEach rather than an iterator: no result object per key on a load of tens of thousands.
    this.#labels.forEach((label) => {
      isEvery &&= test(label);
    });
    return isEvery;
  }

  toJSON(): IdMapJson {
    return { nextLabel: this.#nextLabel, keys: [...this.#labels.keys()], labels: [...this.#labels.values()] };
  }
}

// --- internal ---

/** hnswlib-node reads labels as uint32. */
const MAX_LABEL = 0xffff_ffff;

function isLabel(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_LABEL + 1;
}
