import type { Sql } from 'postgres';
import {
  dropOverBound,
  type LearnedPrompt,
  type LearnedPrompts,
  type LearnSource,
} from '../index-store/learned-prompts-file.js';
import { DEFAULT_MAX_LEARNED_PER_TOOL } from '../learning/learned-bound.js';

/** A row of `toolsift_learned`: rows of one namespace in `id` order are each tool's prompts in learning order. */
export interface LearnedRow {
  id: string;
  toolId: string;
  prompt: string;
  source: LearnSource;
  learnedAt: Date;
}

/** A namespace's learned prompts as the store holds them at one revision. */
export interface LearnedState {
  /** The prompts to use: call-learned ones beyond the recorded bound left out (the oldest first), as the file does. */
  prompts: LearnedPrompts;
  /** Every row, those beyond the bound included (a write removes them). */
  rows: LearnedRow[];
  /** Bumped by every learn or forget of the namespace; 0 before the first. */
  revision: number;
  /** The bound the last learn of calls recorded (`Infinity` for none); undefined for the default. */
  callBound: number | undefined;
}

/** Read a namespace's learned prompts, revision and bound in one statement (one snapshot of the database). */
export async function readLearned(sql: Sql, namespace: string): Promise<LearnedState> {
  const result = await sql`
    select n.revision::text as revision, n.call_bound, l.id::text as id, l.tool_id, l.prompt, l.source, l.learned_at
    from toolsift_namespaces n left join toolsift_learned l on l.namespace = n.namespace
    where n.namespace = ${namespace}
    order by l.id`;
  const first = result[0];
  const rows: LearnedRow[] = result
    .filter((row) => row.id !== null)
    .map((row) => ({
      id: row.id as string,
      toolId: row.tool_id as string,
      prompt: row.prompt as string,
      source: row.source as LearnSource,
      learnedAt: row.learned_at as Date,
    }));
  const callBound = first?.call_bound === null || first === undefined ? undefined : Number(first.call_bound);
  const prompts = new Map<string, LearnedPrompt[]>();
  for (const row of rows) {
    const list = prompts.get(row.toolId) ?? [];
    list.push({ prompt: row.prompt, source: row.source });
    prompts.set(row.toolId, list);
  }
  dropOverBound(prompts, callBound ?? DEFAULT_MAX_LEARNED_PER_TOOL);
  return { prompts, rows, revision: Number(first?.revision ?? 0), callBound };
}

/** The rows a learn or forget changes: `LearnedWrite` of the difference between what was read and what it made. */
export interface LearnedWrite {
  /** Ids of rows whose prompt is gone. */
  deleted: string[];
  /** Rows whose prompt stays with another source. */
  updated: Array<{ id: string; source: LearnSource }>;
  /** New prompts, each after its tool's others, in the order given. */
  inserted: Array<{ toolId: string; prompt: string; source: LearnSource }>;
}

/**
 * The difference between `rows` (what the namespace held at the revision read) and `prompts` (what a learn or forget
 * made of them). A tool's prompts stay in the order they were first learned: a kept prompt keeps its row (and time),
 * a new one goes after the others, as learning only ever appends (or drops).
 */
export function planLearnedWrite(rows: readonly LearnedRow[], prompts: LearnedPrompts): LearnedWrite {
  const write: LearnedWrite = { deleted: [], updated: [], inserted: [] };
  const held = new Map<string, Map<string, LearnedRow>>();
  for (const row of rows) {
    const byPrompt = held.get(row.toolId) ?? new Map<string, LearnedRow>();
    byPrompt.set(row.prompt, row);
    held.set(row.toolId, byPrompt);
  }
  for (const toolId of new Set([...held.keys(), ...prompts.keys()])) {
    const byPrompt = held.get(toolId) ?? new Map<string, LearnedRow>();
    const wanted = new Map((prompts.get(toolId) ?? []).map((entry) => [entry.prompt, entry.source]));
    for (const row of byPrompt.values()) {
      const source = wanted.get(row.prompt);
      if (source === undefined) write.deleted.push(row.id);
      else if (source !== row.source) write.updated.push({ id: row.id, source });
    }
    for (const [prompt, source] of wanted) {
      if (!byPrompt.has(prompt)) write.inserted.push({ toolId, prompt, source });
    }
  }
  return write;
}
