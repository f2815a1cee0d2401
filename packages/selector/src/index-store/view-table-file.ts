import { isViewKeyOf, type ToolView, type ViewKind } from '../views/tool-view.js';
import { alignTo4, parseJsonBytes } from './json-section.js';

/** One tool of the view table: its id, content hash and views (what a reload restores without re-indexing). */
export interface ViewTableTool {
  id: string;
  hash: string;
  views: readonly ToolView[];
}

/** A decoded view table: the saved tools and, row by row, their views tool after tool. */
export interface ViewTable {
  toolIds: string[];
  toolHashes: string[];
  /** The views of saved tool `t` are the rows `starts[t]` up to `starts[t + 1]`. */
  starts: Int32Array;
  keys: string[];
  /** The views of saved tool `t`, as fresh objects. */
  views(tool: number): ToolView[];
  /** The text hash (`hashText`) of a row's view, read from the bytes on demand. */
  textHash(row: number): string;
}

/**
 * The view table of an index folder: which tools the index holds (id and content hash) and their views (key,
 * kind, n, text and text hash), so that a reload rebuilds no view. Layout, little-endian: a header (magic, byte
 * order mark, tool count, view count, JSON length), a JSON array `[ids, hashes, keys, ns, texts]` (ASCII, see
 * `asciiJson`), padding to 4
 * bytes, the view count of each tool (int32), the kind of each view (one byte), then the 16-character text hash
 * of each view (ASCII).
 */
export function encodeViewTable(
  tools: readonly ViewTableTool[],
  textHash: (text: string) => string,
): Uint8Array {
  const views = tools.flatMap((tool) => tool.views);
  const json = Buffer.from(
    asciiJson([
      tools.map((tool) => tool.id),
      tools.map((tool) => tool.hash),
      views.map((view) => view.key),
      views.map((view) => view.n),
      views.map((view) => view.text),
    ]),
  );
  const countsAt = HEADER_BYTES + alignTo4(json.length);
  const kindsAt = countsAt + tools.length * 4;
  const hashesAt = kindsAt + views.length;
  const bytes = Buffer.alloc(hashesAt + views.length * TEXT_HASH_LENGTH);
  bytes.writeUInt32LE(MAGIC, 0);
  bytes.writeUInt32LE(BYTE_ORDER, 4);
  bytes.writeUInt32LE(tools.length, 8);
  bytes.writeUInt32LE(views.length, 12);
  bytes.writeUInt32LE(json.length, 16);
  json.copy(bytes, HEADER_BYTES);
  tools.forEach((tool, index) => {
    bytes.writeInt32LE(tool.views.length, countsAt + index * 4);
  });
  views.forEach((view, row) => {
    bytes[kindsAt + row] = KIND_CODES[view.kind];
    const hash = textHash(view.text);
    if (hash.length !== TEXT_HASH_LENGTH) throw new RangeError(`a text hash of ${hash.length} characters`);
    bytes.write(hash, hashesAt + row * TEXT_HASH_LENGTH, 'latin1');
  });
  return bytes;
}

/**
 * Decode a view table; returns a problem description when the bytes are not one (wrong magic or byte order,
 * sizes that disagree with the header, tables of the wrong length or type, a key that is not its tool's).
 */
export function decodeViewTable(bytes: Uint8Array): ViewTable | string {
  if (bytes.byteLength < HEADER_BYTES) return 'the view table has no header';
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.getUint32(0, true) !== MAGIC) return 'not a view table';
  if (data.getUint32(4, true) !== BYTE_ORDER) return 'the view table has another byte order';
  const toolCount = data.getUint32(8, true);
  const viewCount = data.getUint32(12, true);
  const jsonLength = data.getUint32(16, true);
  const countsAt = HEADER_BYTES + alignTo4(jsonLength);
  const kindsAt = countsAt + toolCount * 4;
  const hashesAt = kindsAt + viewCount;
  if (bytes.byteLength !== hashesAt + viewCount * TEXT_HASH_LENGTH)
    return 'the view table does not match its header';
  const parsed = parseJsonBytes(bytes, HEADER_BYTES, jsonLength);
  if (parsed === undefined) return 'the view table is not valid JSON';
  if (!Array.isArray(parsed) || parsed.length !== 5) return 'the view table holds no tables';
  const [toolIds, toolHashes, keys, ns, texts] = parsed as unknown[];
  if (!isStrings(toolIds, toolCount) || !isStrings(toolHashes, toolCount))
    return 'the tool table does not match its header';
  if (!isStrings(keys, viewCount) || !isStrings(ns, viewCount) || !isStrings(texts, viewCount))
    return 'the view tables do not match their header';

  const starts = new Int32Array(toolCount + 1);
  const kinds: ViewKind[] = new Array(viewCount);
  for (let tool = 0; tool < toolCount; tool++) {
    const count = data.getInt32(countsAt + tool * 4, true);
    const end = starts[tool]! + count;
    if (count < 0 || end > viewCount) return 'the view counts do not match the view table';
    starts[tool + 1] = end;
    const id = toolIds[tool]!;
    for (let row = starts[tool]!; row < end; row++) {
      const kind = KINDS[bytes[kindsAt + row]!];
      if (kind === undefined) return `view ${row} has an unknown kind`;
      kinds[row] = kind;
      if (!isViewKeyOf(keys[row]!, { toolId: id, kind, n: ns[row]! }))
        return `"${keys[row]}" is not the key of a view of "${id}"`;
    }
  }
  if (starts[toolCount] !== viewCount) return 'the view counts do not match the view table';
  return {
    toolIds,
    toolHashes,
    starts,
    keys,
    views(tool) {
      const toolId = toolIds[tool]!;
      const views: ToolView[] = [];
      for (let row = starts[tool]!; row < starts[tool + 1]!; row++)
        views.push({ key: keys[row]!, toolId, kind: kinds[row]!, n: ns[row]!, text: texts[row]! });
      return views;
    },
    textHash: (row) =>
      Buffer.from(
        bytes.buffer,
        bytes.byteOffset + hashesAt + row * TEXT_HASH_LENGTH,
        TEXT_HASH_LENGTH,
      ).toString('latin1'),
  };
}

// --- internal ---

const MAGIC = 0x54565354; // "TSVT"
const BYTE_ORDER = 0x01020304;
/** Magic, byte-order mark, tool count, view count, JSON length. */
const HEADER_BYTES = 20;
const TEXT_HASH_LENGTH = 16;

/** A byte per kind; the `Record` makes the compiler ask for a code when a kind is added. */
const KIND_CODES: Record<ViewKind, number> = {
  description: 0,
  'use-case': 1,
  example: 2,
  keywords: 3,
  parameters: 4,
  learned: 5,
  server: 6,
};
const KINDS: ReadonlyArray<ViewKind | undefined> = (Object.keys(KIND_CODES) as ViewKind[]).sort(
  (a, b) => KIND_CODES[a] - KIND_CODES[b],
);

/**
 * JSON with every character past ASCII written as a `\u` escape: decoding pure ASCII bytes is several times
 * faster than decoding UTF-8 with a few accented characters (4 ms instead of 16 for 5 MB), and a reload
 * decodes every view text.
 */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    NON_ASCII,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const NON_ASCII = /[\u007f-\uffff]/g;

function isStrings(value: unknown, length: number): value is string[] {
  if (!Array.isArray(value) || value.length !== length) return false;
  for (const item of value) if (typeof item !== 'string') return false;
  return true;
}
