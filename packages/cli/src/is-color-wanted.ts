import { stripVTControlCharacters } from 'node:util';

/**
 * Whether text written to `stream` may carry colour escapes, by the conventions users expect: `FORCE_COLOR` set to
 * anything but `0` or `false` forces colour (as in Node itself), `NO_COLOR` set and not empty (no-color.org) or
 * `TERM=dumb` turns it off, and otherwise only a terminal gets colour (`toolsift --help | cat` gets none).
 */
export function isColorWanted(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  const forced = env.FORCE_COLOR;
  if (forced !== undefined) return forced !== '0' && forced !== 'false';
  if ((env.NO_COLOR ?? '') !== '' || env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}

/**
 * `text` for `stream`: as it is where colour is wanted, else without its escape sequences. (citty colours its usage
 * screens and messages itself unless `NO_COLOR=1`, `TERM=dumb`, `CI` or `TEST` is set; it cannot add colour back
 * where it left it out.)
 */
export function colorFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv, text: string): string {
  return isColorWanted(stream, env) ? text : stripVTControlCharacters(text);
}
