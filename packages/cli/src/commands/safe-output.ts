import { redactSecrets } from '@toolsift/core';

/**
 * `value` as the CLI prints JSON: secrets redacted (see `redactSecrets`), indented, and with the characters
 * `JSON.stringify` leaves raw but a terminal may act on (DEL, C1 controls such as the 8-bit CSI `\u009b`,
 * bidirectional overrides, line separators) escaped as `\uXXXX`, which still parses to the same value.
 */
export function toSafeJson(value: unknown): string {
  return JSON.stringify(redactSecrets(value), null, 2).replace(JSON_RAW_CONTROLS, unicodeEscape);
}

/**
 * Text for a human (a terminal, a log): secrets redacted, and every control character but newline and tab
 * shown as an escape (`\x1b[2J` prints as the six characters `\x1b[2J`), so tool metadata cannot clear the
 * screen, set the window title, move the cursor or reorder text.
 */
export function toSafeText(text: string): string {
  return redactSecrets(text).replace(TERMINAL_CONTROLS, (character) => {
    const code = character.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : unicodeEscape(character);
  });
}

// --- internal ---

// C0 controls but \t and \n, DEL, C1 controls, line/paragraph separators, bidi embeddings, overrides and isolates.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// What JSON.stringify does not escape among them (it escapes every C0 control itself).
const JSON_RAW_CONTROLS = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function unicodeEscape(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}
