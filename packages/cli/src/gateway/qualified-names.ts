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
 * plus 8 hex characters of a hash of the server and tool names. Names never collide: a tool whose plain name is
 * taken by another tool's hashed one (a tool literally called `run_1d0e350a`) keeps it, and the hashed tool is
 * hashed again with a counter. The names are valid for OpenAI and Anthropic, one per distinct tool, and depend only
 * on the set of `refs`, not on their order. Returns the names in the order of `refs`.
 * @example qualifyToolNames([{ server: 'filesystem', tool: 'read_text_file' }]) // ['filesystem__read_text_file']
 */
export function qualifyToolNames(refs: readonly UpstreamToolRef[]): string[] {
  // One entry per distinct tool: the same tool listed twice keeps one name.
  const entries = new Map<string, Entry>();
  for (const ref of refs) {
    const key = refKey(ref);
    if (entries.has(key)) continue;
    const plain = `${sanitizeName(ref.server)}${SEPARATOR}${sanitizeName(ref.tool)}`;
    const level = plain.length <= MAX_QUALIFIED_NAME_LENGTH ? PLAIN : 0;
    entries.set(key, { key, plain, level, name: nameAt(plain, key, level) });
  }
  // Until each name has one tool: of the tools that claim a name, the one at the lowest level keeps it (a plain name
  // before a hashed one, a first hash before a second); the others, and every one of a tie, go one level up. Each
  // round moves at least one tool to a new hash, and only tools in a clash move, so this ends and stays independent
  // of the order of `refs`.
  for (let isClashing = true; isClashing; ) {
    isClashing = false;
    const claims = new Map<string, Entry[]>();
    for (const entry of entries.values()) {
      const claimants = claims.get(entry.name);
      if (claimants === undefined) claims.set(entry.name, [entry]);
      else claimants.push(entry);
    }
    for (const claimants of claims.values()) {
      if (claimants.length < 2) continue;
      isClashing = true;
      const lowest = Math.min(...claimants.map((entry) => entry.level));
      const keepers = claimants.filter((entry) => entry.level === lowest);
      for (const entry of claimants) {
        if (keepers.length === 1 && entry === keepers[0]) continue;
        entry.level += 1;
        entry.name = nameAt(entry.plain, entry.key, entry.level);
      }
    }
  }
  return refs.map((ref) => entries.get(refKey(ref))!.name);
}

/** A server or tool name with every character outside `[a-zA-Z0-9_-]` made `_`. */
export function sanitizeName(text: string): string {
  return text.replace(/[^a-zA-Z0-9_-]/g, '_');
}

// --- internal ---

const SEPARATOR = '__';
const HASH_LENGTH = 8;
/** The level of a tool named by its plain name; 0 is its first hash, 1 the hash taken again, and so on. */
const PLAIN = -1;

interface Entry {
  key: string;
  plain: string;
  level: number;
  name: string;
}

/** The name at `level`: the plain name, or it cut to end in `_` + a hash of the tool (and the level, above 0). */
function nameAt(plain: string, key: string, level: number): string {
  if (level === PLAIN) return plain;
  // Level 0 hashes the tool alone, as names were given before a clash could take a second hash.
  const hash = createHash('sha256').update(level === 0 ? key : `${key}#${level}`);
  const suffix = `_${hash.digest('hex').slice(0, HASH_LENGTH)}`;
  return `${plain.slice(0, MAX_QUALIFIED_NAME_LENGTH - suffix.length)}${suffix}`;
}

// JSON keeps the two names apart whatever characters they hold.
function refKey(ref: UpstreamToolRef): string {
  return JSON.stringify([ref.server, ref.tool]);
}
