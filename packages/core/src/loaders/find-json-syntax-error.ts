/** Where a JSON text first breaks the grammar, and what was expected there. */
export interface JsonSyntaxError {
  offset: number;
  /** E.g. `a value`, `',' or '}'`. */
  expected: string;
}

/**
 * The first JSON syntax error in `text`, or undefined when it is valid. V8's `JSON.parse` messages
 * differ between Node versions and do not always carry a position, so a failed parse is re-checked
 * by this flat (non-recursive) grammar scan for a stable, exact message.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const stack: Array<'{' | '['> = [];
  let expect: Expect = 'value';
  let position = 0;
  for (;;) {
    position = skipWhitespace(text, position);
    const top = stack.at(-1);
    const fail = (offset: number, expected = describeExpect(expect, top)): JsonSyntaxError => ({
      offset,
      expected,
    });
    if (position >= text.length) return expect === 'end' ? undefined : fail(text.length);
    const char = text[position];
    const afterValue = (): Expect => (stack.length > 0 ? 'commaOrClose' : 'end');
    if (expect === 'end') return fail(position);
    if (expect === 'colon') {
      if (char !== ':') return fail(position);
      position += 1;
      expect = 'value';
      continue;
    }
    if (expect === 'commaOrClose' || expect === 'keyOrClose' || expect === 'valueOrClose') {
      if ((char === '}' && top === '{') || (char === ']' && top === '[')) {
        stack.pop();
        position += 1;
        expect = afterValue();
        continue;
      }
      if (expect === 'commaOrClose') {
        if (char !== ',') return fail(position);
        position += 1;
        expect = top === '{' ? 'key' : 'value';
        continue;
      }
      if (char !== '"' && expect === 'keyOrClose') return fail(position);
      if (expect === 'valueOrClose' && !startsValue(char)) return fail(position);
      expect = expect === 'keyOrClose' ? 'key' : 'value';
    }
    if (expect === 'key' && char !== '"') return fail(position);
    if (char === '{' || char === '[') {
      stack.push(char);
      position += 1;
      expect = char === '{' ? 'keyOrClose' : 'valueOrClose';
      continue;
    }
    const scan = char === '"' ? scanString(text, position) : scanScalar(text, position);
    if (scan.error !== undefined) return fail(scan.error, scan.expected ?? describeExpect(expect, top));
    position = scan.next;
    expect = expect === 'key' ? 'colon' : afterValue();
  }
}

/** How a character is shown in a message. */
export function describeFound(text: string, offset: number): string {
  const char = text[offset];
  if (char === undefined) return 'the end of the text';
  if (char === '\n' || char === '\r') return 'a line break';
  if (char === "'") return `"'"`;
  return `'${JSON.stringify(char).slice(1, -1)}'`;
}

// --- internal ---

type Expect = 'value' | 'valueOrClose' | 'key' | 'keyOrClose' | 'colon' | 'commaOrClose' | 'end';
type Scan = { next: number; error?: undefined; expected?: undefined } | { error: number; expected?: string };

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

function describeExpect(expect: Expect, top: '{' | '[' | undefined): string {
  switch (expect) {
    case 'value':
      return 'a value';
    case 'valueOrClose':
      return "a value or ']'";
    case 'key':
      return 'a double-quoted property name';
    case 'keyOrClose':
      return "a double-quoted property name or '}'";
    case 'colon':
      return "':'";
    case 'commaOrClose':
      return top === '{' ? "',' or '}'" : "',' or ']'";
    case 'end':
      return 'the end of the document';
    default: {
      const unreachable: never = expect;
      return unreachable;
    }
  }
}

function startsValue(char: string | undefined): boolean {
  return char !== undefined && /["{[\-0-9tfn]/.test(char);
}

function skipWhitespace(text: string, start: number): number {
  let position = start;
  while (position < text.length && ' \t\n\r'.includes(text[position] ?? '')) position += 1;
  return position;
}

function scanString(text: string, start: number): Scan {
  let position = start + 1;
  while (position < text.length) {
    const code = text.charCodeAt(position);
    if (code === 0x22) return { next: position + 1 };
    if (code < 0x20) return { error: position, expected: 'a closing quote (strings cannot span lines)' };
    if (code === 0x5c) {
      ESCAPE.lastIndex = position;
      if (!ESCAPE.test(text)) return { error: position, expected: 'a valid escape sequence' };
      position = ESCAPE.lastIndex;
    } else {
      position += 1;
    }
  }
  return { error: text.length, expected: 'a closing quote' };
}

function scanScalar(text: string, start: number): Scan {
  for (const literal of ['true', 'false', 'null']) {
    if (text.startsWith(literal, start)) return { next: start + literal.length };
  }
  NUMBER.lastIndex = start;
  const match = NUMBER.exec(text);
  return match === null || match[0] === '' ? { error: start } : { next: start + match[0].length };
}
