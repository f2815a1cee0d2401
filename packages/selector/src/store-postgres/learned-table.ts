import type { Sql, TransactionSql } from 'postgres';
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
export async function readLearned(sql: Sql | TransactionSql, namespace: string): Promise<LearnedState> {
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

/**
 * Write the difference between `rows` (what the namespace holds, read in this transaction under its lock) and
 * `prompts` (what a learn or forget made of them): rows of prompts gone are deleted, new prompts inserted after a
 * tool's others, changed sources updated. A tool whose kept prompts changed order is written again whole, each
 * prompt keeping the time it was learned.
 */
export async function writeLearned(options: {
  transaction: TransactionSql;
  namespace: string;
  rows: readonly LearnedRow[];
  prompts: LearnedPrompts;
}): Promise<void> {
  const { transaction, namespace, rows, prompts } = options;
  const before = new Map<string, LearnedRow[]>();
  for (const row of rows) before.set(row.toolId, [...(before.get(row.toolId) ?? []), row]);
  const deleted: string[] = [];
  const updated: Array<{ id: string; source: LearnSource }> = [];
  const inserted: Array<{ toolId: string; prompt: string; source: LearnSource; learnedAt: Date | null }> = [];
  for (const toolId of new Set([...before.keys(), ...prompts.keys()])) {
    const had = before.get(toolId) ?? [];
    const wanted = prompts.get(toolId) ?? [];
    const byPrompt = new Map(had.map((row) => [row.prompt, row]));
    const kept = wanted.filter((entry) => byPrompt.has(entry.prompt));
    const isAppendOnly =
      wanted.slice(0, kept.length).every((entry) => byPrompt.has(entry.prompt)) &&
      kept.every(
        (entry, position) =>
          position === 0 ||
          Number(byPrompt.get(kept[position - 1]!.prompt)!.id) < Number(byPrompt.get(entry.prompt)!.id),
      );
    if (!isAppendOnly) {
      deleted.push(...had.map((row) => row.id));
      for (const entry of wanted) {
        inserted.push({ toolId, ...entry, learnedAt: byPrompt.get(entry.prompt)?.learnedAt ?? null });
      }
      continue;
    }
    const keptPrompts = new Set(kept.map((entry) => entry.prompt));
    for (const row of had) if (!keptPrompts.has(row.prompt)) deleted.push(row.id);
    for (const entry of kept) {
      const row = byPrompt.get(entry.prompt)!;
      if (row.source !== entry.source) updated.push({ id: row.id, source: entry.source });
    }
    for (const entry of wanted.slice(kept.length)) inserted.push({ toolId, ...entry, learnedAt: null });
  }
  if (deleted.length > 0)
    await transaction`delete from toolsift_learned where id = any(${transaction.array(deleted, INT8)})`;
  if (updated.length > 0) {
    await transaction`
      update toolsift_learned l set source = u.source
      from unnest(
        ${transaction.array(
          updated.map((entry) => entry.id),
          INT8,
        )},
        ${transaction.array(
          updated.map((entry) => entry.source),
          TEXT,
        )}
      ) as u (id, source)
      where l.id = u.id`;
  }
  if (inserted.length > 0) {
    // In order, so that identity values keep each tool's learning order.
    await transaction`
      insert into toolsift_learned (namespace, tool_id, prompt, source, learned_at)
      select ${namespace}, tool_id, prompt, source, coalesce(learned_at, now())
      from unnest(
        ${transaction.array(
          inserted.map((entry) => entry.toolId),
          TEXT,
        )},
        ${transaction.array(
          inserted.map((entry) => entry.prompt),
          TEXT,
        )},
        ${transaction.array(
          inserted.map((entry) => entry.source),
          TEXT,
        )},
        ${transaction.array(
          inserted.map((entry) => entry.learnedAt),
          TIMESTAMPTZ,
        )}
      ) with ordinality as i (tool_id, prompt, source, learned_at, position)
      order by position`;
  }
}

// --- internal ---

/** PostgreSQL's type ids of the array elements sent (arrays of them are sent as arrays of that type). */
const INT8 = 20;
const TEXT = 25;
const TIMESTAMPTZ = 1184;
