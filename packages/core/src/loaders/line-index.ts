/** 1-based line and column of a position in a text. */
export interface LinePosition {
  line: number;
  column: number;
}

/** Maps character offsets of a text to 1-based line/column, by binary search over line starts. */
export interface LineIndex {
  positionAt(offset: number): LinePosition;
}

/** Build a `LineIndex` for `text` (lines end at `\n`; a `\r` before it counts as part of the line). */
export function createLineIndex(text: string): LineIndex {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
    starts.push(index + 1);
  }
  return {
    positionAt(offset) {
      const clamped = Math.max(0, Math.min(offset, text.length));
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if ((starts[middle] ?? 0) <= clamped) low = middle;
        else high = middle - 1;
      }
      return { line: low + 1, column: clamped - (starts[low] ?? 0) + 1 };
    },
  };
}
