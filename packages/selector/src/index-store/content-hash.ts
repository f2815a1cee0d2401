import type { Tool } from '@toolsift/core';
import { sha256 } from '../shared/checksum.js';

/** Short content hash of a text (sha256, 16 hex chars): the identity of a view's embedding. */
export function hashText(text: string): string {
  return sha256(text).slice(0, 16);
}

/**
 * Content hash (16 hex chars) of what a tool contributes to the index (its views, lexical document and names):
 * identity, texts, keywords, its server, extensions (views label tools with some of their fields), use cases, example
 * prompts, parameter names and descriptions. Other fields (relations, prerequisites...) are read from the tool
 * itself at selection time, so changing them needs no re-indexing. A reload hashes every tool of the catalog,
 * so this walks the values instead of serialising them (JSON.stringify plus sha256 took 4x as long); it detects
 * changes, it does not resist forgery (whoever edits the catalog decides what gets indexed anyway).
 */
export function hashTool(tool: Tool): string {
  laneA = SEED_A;
  laneB = SEED_B;
  hashValue(tool.id);
  hashValue(tool.name);
  hashValue(tool.title);
  hashValue(tool.description);
  hashValue(tool.keywords);
  hashValue(tool.capabilities);
  hashValue(tool.tags);
  hashValue(tool.category);
  // The server's names and words are a view and a lexical field of each of its tools. Hashed only when present,
  // so the hash of a tool with no server (every tool of a catalog of files) is what it was before servers existed.
  if (tool.server !== undefined) hashValue(tool.server);
  // The extensions themselves rather than the labels views derive from them: a change that alters the
  // labels alters this, at a fraction of the cost of deriving the labels.
  hashValue(tool.extensions);
  hashValue(tool.useCases);
  hashWord(TAG.array);
  hashWord(tool.examples.length);
  for (const example of tool.examples) {
    hashValue(example.name);
    hashValue(example.description);
    hashValue(example.prompt);
  }
  const properties = tool.parameters.properties;
  if (typeof properties === 'object' && properties !== null) {
    hashWord(TAG.object);
    for (const name in properties) {
      if (!Object.hasOwn(properties, name)) continue;
      hashString(name);
      const property = (properties as Record<string, unknown>)[name];
      hashValue(
        typeof property === 'object' && property !== null
          ? (property as { description?: unknown }).description
          : null,
      );
    }
    hashWord(TAG.end);
  } else hashWord(TAG.null);
  return digest();
}

// --- internal ---

const TAG = {
  undefined: 1,
  null: 2,
  false: 3,
  true: 4,
  number: 5,
  string: 6,
  array: 7,
  object: 8,
  end: 9,
  other: 10,
} as const;

// A 64-bit streaming hash of JSON-like values in two independent 32-bit lanes (module state: hashing is
// synchronous, and plain variables keep the inner loop cheap). Every value is fed as a type tag, strings and
// arrays with their length, objects as key-value pairs (in insertion order, as JSON.stringify writes them)
// closed by an end tag, so different structures cannot feed the same stream. Each step (xor a 32-bit word,
// multiply by an odd constant, rotate) is a bijection of the lane, so two streams of equal length that differ
// in a single word always end in different states; the final mix spreads every bit over the digest.
const SEED_A = 0x243f6a88;
const SEED_B = 0x85a308d3 | 0;
let laneA = SEED_A;
let laneB = SEED_B;

function hashValue(value: unknown): void {
  if (typeof value === 'string') hashString(value);
  else if (typeof value === 'object') hashObject(value);
  else if (value === undefined) hashWord(TAG.undefined);
  else if (typeof value === 'boolean') hashWord(value ? TAG.true : TAG.false);
  else if (typeof value === 'number' || typeof value === 'bigint') {
    hashWord(TAG.number);
    hashString(String(value));
  }
  // Functions and symbols (JSON drops them): only their kind counts.
  else hashWord(TAG.other);
}

function hashObject(value: object | null): void {
  if (value === null) {
    hashWord(TAG.null);
    return;
  }
  if (Array.isArray(value)) {
    hashWord(TAG.array);
    hashWord(value.length);
    for (let index = 0; index < value.length; index++) hashValue(value[index]);
    return;
  }
  const json = (value as { toJSON?: unknown }).toJSON;
  if (typeof json === 'function') {
    // Dates and the like count as what they serialise to.
    hashValue(json.call(value));
    return;
  }
  hashWord(TAG.object);
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    hashString(key);
    hashValue((value as Record<string, unknown>)[key]);
  }
  hashWord(TAG.end);
}

// The tag, the length, then the UTF-16 units two by two (a lone last unit as its own word).
function hashString(text: string): void {
  let a = laneA;
  let b = laneB;
  const length = text.length;
  let word: number = TAG.string;
  for (let step = 0; step < 2; step++) {
    a = Math.imul(a ^ word, 0x9e3779b1);
    a = (a << 15) | (a >>> 17);
    b = Math.imul(b ^ word, 0x27d4eb2f);
    b = (b << 13) | (b >>> 19);
    word = length;
  }
  let index = 0;
  for (; index + 1 < length; index += 2) {
    word = text.charCodeAt(index) | (text.charCodeAt(index + 1) << 16);
    a = Math.imul(a ^ word, 0x9e3779b1);
    a = (a << 15) | (a >>> 17);
    b = Math.imul(b ^ word, 0x27d4eb2f);
    b = (b << 13) | (b >>> 19);
  }
  if (index < length) {
    word = text.charCodeAt(index);
    a = Math.imul(a ^ word, 0x9e3779b1);
    a = (a << 15) | (a >>> 17);
    b = Math.imul(b ^ word, 0x27d4eb2f);
    b = (b << 13) | (b >>> 19);
  }
  laneA = a;
  laneB = b;
}

function hashWord(word: number): void {
  const a = Math.imul(laneA ^ word, 0x9e3779b1);
  laneA = (a << 15) | (a >>> 17);
  const b = Math.imul(laneB ^ word, 0x27d4eb2f);
  laneB = (b << 13) | (b >>> 19);
}

/** The lanes mixed (murmur3's finaliser, then across), as 16 hex digits. */
function digest(): string {
  let a = laneA;
  let b = laneB;
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
  a = Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
  b = Math.imul(b ^ (b >>> 16), 0x7feb352d);
  b = Math.imul(b ^ (b >>> 15), 0x846ca68b);
  a ^= b >>> 16;
  b ^= a >>> 16;
  // One string from 16 char codes (number-to-text conversions cost several times more).
  return String.fromCharCode(
    HEX[(a >>> 28) & 15]!,
    HEX[(a >>> 24) & 15]!,
    HEX[(a >>> 20) & 15]!,
    HEX[(a >>> 16) & 15]!,
    HEX[(a >>> 12) & 15]!,
    HEX[(a >>> 8) & 15]!,
    HEX[(a >>> 4) & 15]!,
    HEX[a & 15]!,
    HEX[(b >>> 28) & 15]!,
    HEX[(b >>> 24) & 15]!,
    HEX[(b >>> 20) & 15]!,
    HEX[(b >>> 16) & 15]!,
    HEX[(b >>> 12) & 15]!,
    HEX[(b >>> 8) & 15]!,
    HEX[(b >>> 4) & 15]!,
    HEX[b & 15]!,
  );
}

const HEX = Uint8Array.from('0123456789abcdef', (digit) => digit.charCodeAt(0));
