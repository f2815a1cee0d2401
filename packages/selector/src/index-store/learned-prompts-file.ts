import { readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode, isRecord, ToolsiftError } from '@toolsift/core';
import { DEFAULT_MAX_LEARNED_PER_TOOL } from '../learning/learned-bound.js';
import type { LearnedPrompt, LearnedPrompts, LearnSource } from '../learning/learned-prompt.js';
import { writeFileAtomic } from '../shared/atomic-file.js';

/**
 * Name of the learned prompts' file inside an index folder. It is the one record of them: saves and rebuilds of
 * the index never write it (only learn and forget do, under the folder's lock), so a damaged or mismatched index
 * is rebuilt with its learned prompts, and the index's learned views follow it.
 */
export const LEARNED_FILE = 'learned.json';

export type { LearnedPrompt, LearnedPrompts, LearnSource } from '../learning/learned-prompt.js';

/** A bad item of the learned prompts' file: where it is (a JSON pointer) and what is wrong with it. */
export interface LearnedItemProblem {
  /** JSON pointer of the item or field, e.g. `/learned/get_weather/2/source`. */
  pointer: string;
  message: string;
}

/**
 * What `readLearnedPrompts` found: the prompts (none: no file, or a file that could not be read at all), a problem
 * when the whole file could not be read, the items left out, and the call-learned prompts beyond the bound.
 */
export interface ReadLearnedPrompts {
  prompts: LearnedPrompts | undefined;
  /** Why the file could not be read at all. */
  problem?: string;
  /** Items left out because they are not learned prompts (the others are read). */
  invalid?: LearnedItemProblem[];
  /**
   * The bound on call-learned prompts per tool the last learn of calls applied (`Infinity` for none; absent: the
   * default, `DEFAULT_MAX_LEARNED_PER_TOOL`).
   */
  callBound?: number;
  /** Call-learned prompts beyond that bound, oldest first, left out (absent when none). */
  overBound?: number;
}

/** Whether the file holds anything that was not read: a later write moves it aside first (`moveLearnedAside`). */
export function isLearnedDamaged(read: ReadLearnedPrompts): boolean {
  return read.problem !== undefined || (read.invalid?.length ?? 0) > 0;
}

/**
 * Read the learned prompts' file of an index folder. One bad item never costs the others: every valid item is read,
 * and each bad one is reported with its JSON pointer. Call-learned prompts beyond the bound the last learn of calls
 * applied (by default `DEFAULT_MAX_LEARNED_PER_TOOL` per tool) are left out, the oldest first, so that a file that
 * grew past it elsewhere is not embedded whole.
 */
export async function readLearnedPrompts(dir: string): Promise<ReadLearnedPrompts> {
  let text: string;
  try {
    text = await readFile(path.join(dir, LEARNED_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { prompts: undefined };
    return { prompts: undefined, problem: `cannot read ${LEARNED_FILE}: ${(error as Error).message}` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { prompts: undefined, problem: `${LEARNED_FILE} is not valid JSON` };
  }
  if (!isRecord(parsed) || parsed.format !== FORMAT)
    return { prompts: undefined, problem: `${LEARNED_FILE} is not a learned prompts file` };
  if (parsed.version !== FORMAT_VERSION) {
    return {
      prompts: undefined,
      problem: `${LEARNED_FILE} has format version ${String(parsed.version)}, expected ${FORMAT_VERSION}`,
    };
  }
  if (!isRecord(parsed.learned))
    return { prompts: undefined, problem: `${LEARNED_FILE}: "learned" is not an object of prompts by tool` };
  const callBound = parsed.callBound === null ? Number.POSITIVE_INFINITY : parsed.callBound;
  const isBoundValid = callBound === undefined || isBound(callBound);
  const invalid: LearnedItemProblem[] = isBoundValid
    ? []
    : [
        {
          pointer: '/callBound',
          message: `expected a whole number >= 1 or null, got ${describe(callBound)}`,
        },
      ];
  const prompts = promptsOf(parsed.learned, invalid);
  const bound =
    isBoundValid && callBound !== undefined ? (callBound as number) : DEFAULT_MAX_LEARNED_PER_TOOL;
  const overBound = dropOverBound(prompts, bound);
  return {
    prompts,
    ...(invalid.length > 0 ? { invalid } : {}),
    ...(isBoundValid && callBound !== undefined ? { callBound: callBound as number } : {}),
    ...(overBound > 0 ? { overBound } : {}),
  };
}

/**
 * Write the learned prompts' file (atomically), with the bound on call-learned prompts to apply when it is read
 * (default: none written, so `DEFAULT_MAX_LEARNED_PER_TOOL`). Hold the folder's lock around the read-modify-write,
 * and move a damaged file aside first (`moveLearnedAside`): this replaces the file.
 */
export async function writeLearnedPrompts(
  dir: string,
  prompts: LearnedPrompts,
  options: { callBound?: number | undefined } = {},
): Promise<void> {
  const learned = Object.fromEntries([...prompts].filter(([, list]) => list.length > 0));
  const { callBound } = options;
  const bound =
    callBound === undefined ? {} : { callBound: callBound === Number.POSITIVE_INFINITY ? null : callBound };
  const body = `${JSON.stringify({ format: FORMAT, version: FORMAT_VERSION, ...bound, learned }, null, 1)}\n`;
  await writeFileAtomic(path.join(dir, LEARNED_FILE), Buffer.from(body));
}

/**
 * Rename the learned prompts' file to `learned.json.damaged-<time>` (kept for whoever repairs it), before a write
 * would replace what could not be read; returns the new name. Throws when it cannot be moved: then nothing may be
 * written over it.
 */
export async function moveLearnedAside(dir: string, now = new Date()): Promise<string> {
  const name = `${LEARNED_FILE}.damaged-${now.toISOString().replace(/[:.]/g, '-')}`;
  try {
    await rename(path.join(dir, LEARNED_FILE), path.join(dir, name));
  } catch (error) {
    throw new ToolsiftError(
      ErrorCode.IndexNotSaved,
      `cannot save the learned prompts in ${dir}: ${LEARNED_FILE} holds prompts that could not be read, and it could not be moved aside to ${name}: ${(error as Error).message}`,
      { dir, file: LEARNED_FILE },
      { cause: error },
    );
  }
  return name;
}

/** Number of prompts in a learned set. */
export function countLearned(prompts: LearnedPrompts): number {
  let count = 0;
  for (const list of prompts.values()) count += list.length;
  return count;
}

/**
 * Leave out the oldest call-learned prompts of each tool beyond `bound` (changes `prompts`); returns how many were left
 * out. Stores apply it when they read learned prompts, with the bound the last learn of calls recorded.
 */
export function dropOverBound(prompts: Map<string, LearnedPrompt[]>, bound: number): number {
  let dropped = 0;
  for (const [toolId, list] of prompts) {
    let excess = list.filter((entry) => entry.source === 'call').length - bound;
    if (excess <= 0) continue;
    dropped += excess;
    const kept = list.filter((entry) => entry.source !== 'call' || excess-- <= 0);
    if (kept.length > 0) prompts.set(toolId, kept);
    else prompts.delete(toolId);
  }
  return dropped;
}

// --- internal ---

const FORMAT = 'toolsift-learned';
/** Bumped when the file's shape changes; version 2 records each prompt's source (and, optionally, `callBound`). */
const FORMAT_VERSION = 2;
const SOURCES: ReadonlySet<unknown> = new Set<LearnSource>(['labelled', 'call']);

/** The valid items of `learned`, by tool; each bad one goes to `invalid`. */
function promptsOf(
  learned: Record<string, unknown>,
  invalid: LearnedItemProblem[],
): Map<string, LearnedPrompt[]> {
  const prompts = new Map<string, LearnedPrompt[]>();
  for (const [toolId, list] of Object.entries(learned)) {
    const at = `/learned/${escapePointer(toolId)}`;
    if (!Array.isArray(list)) {
      invalid.push({ pointer: at, message: `expected an array of prompts, got ${describe(list)}` });
      continue;
    }
    const kept: LearnedPrompt[] = [];
    list.forEach((item: unknown, position) => {
      const problem = itemProblem(item);
      if (problem === undefined) {
        const { prompt, source } = item as LearnedPrompt;
        kept.push({ prompt, source });
      } else invalid.push({ pointer: `${at}/${position}${problem.field}`, message: problem.message });
    });
    if (kept.length > 0) prompts.set(toolId, kept);
  }
  return prompts;
}

function itemProblem(item: unknown): { field: string; message: string } | undefined {
  if (!isRecord(item))
    return { field: '', message: `expected an object {prompt, source}, got ${describe(item)}` };
  if (typeof item.prompt !== 'string' || item.prompt.trim().length === 0)
    return { field: '/prompt', message: `expected a non-blank string, got ${describe(item.prompt)}` };
  if (!SOURCES.has(item.source))
    return { field: '/source', message: `expected "labelled" or "call", got ${describe(item.source)}` };
  return undefined;
}

function isBound(value: unknown): boolean {
  return value === Number.POSITIVE_INFINITY || (Number.isInteger(value) && (value as number) >= 1);
}

/** A value as a message shows it: its JSON, cut short, or its type. */
function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? typeof value;
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
