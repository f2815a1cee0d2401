import { createHash } from 'node:crypto';

/** What a qualified name stands for: a tool of one upstream server. */
export interface UpstreamToolRef {
  server: string;
  tool: string;
}

/** Longest qualified name: what OpenAI and Anthropic accept for a tool name (`^[a-zA-Z0-9_-]{1,64}$`). */
export const MAX_QUALIFIED_NAME_LENGTH = 64;

/**
 * The gateway's name for each upstream tool: `<server>__<tool>`, every character outside `[a-zA-Z0-9_-]` made
 * `_`. A name longer than 64 characters, and every name two different tools would share, is cut and ends in `_`
 * plus 8 hex characters of a hash of the server and tool names, so the result is valid for OpenAI and Anthropic,
 * unique, and the same whatever the order of `refs`. Returns the names in the order of `refs`.
 * @example qualifyToolNames([{ server: 'filesystem', tool: 'read_text_file' }]) // ['filesystem__read_text_file']
 */
export function qualifyToolNames(refs: readonly UpstreamToolRef[]): string[] {
  const plain = refs.map((ref) => `${sanitizeName(ref.server)}${SEPARATOR}${sanitizeName(ref.tool)}`);
  const owners = new Map<string, Set<string>>();
  refs.forEach((ref, index) => {
    const name = plain[index]!;
    const set = owners.get(name) ?? new Set<string>();
    set.add(refKey(ref));
    owners.set(name, set);
  });
  return refs.map((ref, index) => {
    const name = plain[index]!;
    const isShared = (owners.get(name)?.size ?? 0) > 1;
    if (!isShared && name.length <= MAX_QUALIFIED_NAME_LENGTH) return name;
    const suffix = `_${createHash('sha256').update(refKey(ref)).digest('hex').slice(0, HASH_LENGTH)}`;
    return `${name.slice(0, MAX_QUALIFIED_NAME_LENGTH - suffix.length)}${suffix}`;
  });
}

/** A server or tool name with every character outside `[a-zA-Z0-9_-]` made `_`. */
export function sanitizeName(text: string): string {
  return text.replace(/[^a-zA-Z0-9_-]/g, '_');
}

// --- internal ---

const SEPARATOR = '__';
const HASH_LENGTH = 8;

// JSON keeps the two names apart whatever characters they hold.
function refKey(ref: UpstreamToolRef): string {
  return JSON.stringify([ref.server, ref.tool]);
}
