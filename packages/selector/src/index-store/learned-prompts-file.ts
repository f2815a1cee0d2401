import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isRecord } from '@toolsift/core';
import { writeFileAtomic } from '../shared/atomic-file.js';
import { parseJsonBytes } from './json-section.js';

/**
 * Name of the learned prompts' file inside an index folder. It is the one record of them: saves and rebuilds of
 * the index never write it (only learn and forget do, under the folder's lock), so a damaged or mismatched index
 * is rebuilt with its learned prompts. The manifest's `learned` only says which prompts its views were built with.
 */
export const LEARNED_FILE = 'learned.json';

/**
 * Where a learned prompt came from: `labelled`, an example given to learn (`toolsift learn`, `eval --learn`,
 * `selector.learn`), or `call`, a tool call a session learned. Only call-learned prompts are bounded per tool by
 * default, and a bound on one source never drops prompts of the other.
 */
export type LearnSource = 'labelled' | 'call';

/** A learned prompt and where it came from. */
export interface LearnedPrompt {
  prompt: string;
  source: LearnSource;
}

/** Learned prompts per tool id, each tool's in learning order (oldest first). */
export type LearnedPrompts = ReadonlyMap<string, readonly LearnedPrompt[]>;

/** What `readLearnedPrompts` found: the prompts, or none (no file), and a problem when the file is damaged. */
export interface ReadLearnedPrompts {
  prompts: LearnedPrompts | undefined;
  problem?: string;
}

/** Read the learned prompts' file of an index folder. */
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
  // Another version is not read: the index's own record of the prompts stands in until the next learn rewrites it.
  if (parsed.version !== FORMAT_VERSION) {
    return {
      prompts: undefined,
      problem: `${LEARNED_FILE} has format version ${String(parsed.version)}, expected ${FORMAT_VERSION}`,
    };
  }
  const prompts = promptsOf(parsed.learned);
  return prompts === undefined
    ? { prompts: undefined, problem: `${LEARNED_FILE} is not a learned prompts file` }
    : { prompts };
}

/** Write the learned prompts' file (atomically); hold the folder's lock around the read-modify-write. */
export async function writeLearnedPrompts(dir: string, prompts: LearnedPrompts): Promise<void> {
  const learned = Object.fromEntries([...prompts].filter(([, list]) => list.length > 0));
  const body = `${JSON.stringify({ format: FORMAT, version: FORMAT_VERSION, learned }, null, 1)}\n`;
  await writeFileAtomic(path.join(dir, LEARNED_FILE), Buffer.from(body));
}

/**
 * The learned prompts a manifest recorded, read leniently from its bytes (the manifest may belong to a damaged
 * index): the fallback when the learned prompts' file is missing or unreadable.
 */
export function manifestLearned(manifest: Uint8Array | undefined): LearnedPrompts | undefined {
  const parsed = manifest === undefined ? undefined : parseJsonBytes(manifest);
  if (!isRecord(parsed) || !isRecord(parsed.learned)) return undefined;
  const recorded = parsed.learned;
  return Object.values(recorded).every(isStringArray)
    ? recordedLearned(recorded as Record<string, string[]>)
    : undefined;
}

/**
 * Learned prompts as an index manifest records them (the texts its views were built with, no source), read as
 * labelled: a prompt whose source is unknown is never dropped by the bound on call-learned prompts. The learned
 * prompts' file, when readable, gives the real sources.
 */
export function recordedLearned(recorded: Readonly<Record<string, readonly string[]>>): LearnedPrompts {
  const prompts = new Map<string, LearnedPrompt[]>();
  for (const [toolId, list] of Object.entries(recorded)) {
    if (list.length > 0)
      prompts.set(
        toolId,
        list.map((prompt) => ({ prompt, source: 'labelled' })),
      );
  }
  return prompts;
}

/** The texts of learned prompts per tool id, as an index manifest records them. */
export function learnedTexts(prompts: LearnedPrompts): Record<string, string[]> {
  return Object.fromEntries(
    [...prompts].map(([toolId, list]) => [toolId, list.map((entry) => entry.prompt)]),
  );
}

/** Number of prompts in a learned set. */
export function countLearned(prompts: LearnedPrompts): number {
  let count = 0;
  for (const list of prompts.values()) count += list.length;
  return count;
}

// --- internal ---

const FORMAT = 'toolsift-learned';
/** Bumped when the file's shape changes; version 2 records each prompt's source. */
const FORMAT_VERSION = 2;
const SOURCES: ReadonlySet<unknown> = new Set<LearnSource>(['labelled', 'call']);

function promptsOf(value: unknown): Map<string, LearnedPrompt[]> | undefined {
  if (!isRecord(value)) return undefined;
  const prompts = new Map<string, LearnedPrompt[]>();
  for (const [toolId, list] of Object.entries(value)) {
    if (!Array.isArray(list) || !list.every(isLearnedPrompt)) return undefined;
    if (list.length > 0)
      prompts.set(
        toolId,
        list.map(({ prompt, source }) => ({ prompt, source })),
      );
  }
  return prompts;
}

function isLearnedPrompt(value: unknown): value is LearnedPrompt {
  return isRecord(value) && typeof value.prompt === 'string' && SOURCES.has(value.source);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
