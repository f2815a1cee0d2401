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

/** Learned prompts per tool id. */
export type LearnedPrompts = ReadonlyMap<string, readonly string[]>;

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
  const prompts = isRecord(parsed) && parsed.format === FORMAT ? promptsOf(parsed.learned) : undefined;
  return prompts === undefined
    ? { prompts: undefined, problem: `${LEARNED_FILE} is not a learned prompts file` }
    : { prompts };
}

/** Write the learned prompts' file (atomically); hold the folder's lock around the read-modify-write. */
export async function writeLearnedPrompts(dir: string, prompts: LearnedPrompts): Promise<void> {
  const learned = Object.fromEntries([...prompts].filter(([, list]) => list.length > 0));
  const body = `${JSON.stringify({ format: FORMAT, version: 1, learned }, null, 1)}\n`;
  await writeFileAtomic(path.join(dir, LEARNED_FILE), Buffer.from(body));
}

/**
 * The learned prompts a manifest recorded, read leniently from its bytes (the manifest may belong to a damaged
 * index): the fallback for a folder saved before learned prompts had a file of their own.
 */
export function manifestLearned(manifest: Uint8Array | undefined): LearnedPrompts | undefined {
  const parsed = manifest === undefined ? undefined : parseJsonBytes(manifest);
  return isRecord(parsed) ? promptsOf(parsed.learned) : undefined;
}

/** Number of prompts in a learned set. */
export function countLearned(prompts: LearnedPrompts): number {
  let count = 0;
  for (const list of prompts.values()) count += list.length;
  return count;
}

// --- internal ---

const FORMAT = 'toolsift-learned';

function promptsOf(value: unknown): Map<string, string[]> | undefined {
  if (!isRecord(value)) return undefined;
  const prompts = new Map<string, string[]>();
  for (const [toolId, list] of Object.entries(value)) {
    if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) return undefined;
    if (list.length > 0) prompts.set(toolId, [...list]);
  }
  return prompts;
}
