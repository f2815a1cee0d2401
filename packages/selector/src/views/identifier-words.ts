/**
 * Split an identifier or a phrase into lowercase words: camelCase, PascalCase, snake_case, kebab-case,
 * dotted and path-like names all come apart (`getHTTPResponse` -> `get http response`). A word ends before an
 * upper-case letter that follows a lower-case letter or digit (`getHTTP`), before the last capital of a run that
 * goes on in lower case (`HTTPResponse`), and before a digit that follows a letter (`v2`).
 */
export function identifierWords(text: string): string[] {
  // Catalog text is nearly all ASCII; the character loop is several times faster than the Unicode regexes,
  // and building the exact-name matcher splits every description of the catalog.
  return NON_ASCII.test(text) ? unicodeIdentifierWords(text) : asciiIdentifierWords(text);
}

/** A readable phrase for an identifier: `send_email_smtp` -> `send email smtp`. */
export function humanizeIdentifier(text: string): string {
  return identifierWords(text).join(' ');
}

/**
 * The same rules as regular expressions over Unicode letter and number classes: used for non-ASCII text, and the
 * reference the ASCII loop is tested against.
 */
export function unicodeIdentifierWords(text: string): string[] {
  const spaced = text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})/gu, '$1 $2');
  return spaced.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

// --- internal ---

const NON_ASCII = /[\u0080-\uffff]/;

const OTHER = 0;
const LOWER = 1;
const UPPER = 2;
const DIGIT = 3;

function classOf(code: number): number {
  if (code >= 97 && code <= 122) return LOWER;
  if (code >= 65 && code <= 90) return UPPER;
  if (code >= 48 && code <= 57) return DIGIT;
  return OTHER;
}

function asciiIdentifierWords(text: string): string[] {
  const words: string[] = [];
  let start = -1;
  let previous = OTHER;
  let current = text.length > 0 ? classOf(text.charCodeAt(0)) : OTHER;
  for (let index = 0; index < text.length; index++) {
    const next = index + 1 < text.length ? classOf(text.charCodeAt(index + 1)) : OTHER;
    if (current === OTHER) {
      if (start >= 0) words.push(text.slice(start, index).toLowerCase());
      start = -1;
    } else if (start < 0) {
      start = index;
    } else if (
      (current === UPPER && (previous === LOWER || previous === DIGIT)) ||
      (current === UPPER && previous === UPPER && next === LOWER) ||
      (current === DIGIT && (previous === LOWER || previous === UPPER))
    ) {
      words.push(text.slice(start, index).toLowerCase());
      start = index;
    }
    previous = current;
    current = next;
  }
  if (start >= 0) words.push(text.slice(start).toLowerCase());
  return words;
}
