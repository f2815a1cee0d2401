import { createHash } from 'node:crypto';
import { ErrorCode, ToolsiftError } from '@toolsift/core';
import type { BenchQuery } from './bench-query.js';

/** At most `limit` queries, evenly spaced over the list (deterministic, keeps every split represented). */
export function sampleQueries<T>(queries: readonly T[], limit: number | undefined): T[] {
  if (limit === undefined || limit >= queries.length) return queries.slice();
  const picked: T[] = [];
  for (let i = 0; i < limit; i++) picked.push(queries[Math.floor((i * queries.length) / limit)]!);
  return picked;
}

/** Split queries in two by a hash of their id: `fraction` of them (about) go to `first`; stable across runs. */
export function splitQueriesById(
  queries: readonly BenchQuery[],
  options: { fraction: number; seed?: string },
): { first: BenchQuery[]; second: BenchQuery[] } {
  const first: BenchQuery[] = [];
  const second: BenchQuery[] = [];
  for (const query of queries) {
    const digest = createHash('sha256')
      .update(`${options.seed ?? 'toolsift'}:${query.id}`)
      .digest();
    (digest.readUInt32BE(0) / 0x1_0000_0000 < options.fraction ? first : second).push(query);
  }
  return { first, second };
}

/**
 * The learned examples a query file teaches: each answerable query's prompt for each of its gold tools. A blank
 * prompt of an answerable query is a PARSE_ERROR naming the query (bad data in a file, not a misused command).
 */
export function learnedExamplesOf(queries: readonly BenchQuery[]): Array<{ prompt: string; tool: string }> {
  return queries.flatMap((query) => {
    const gold = query.gold ?? [];
    if (gold.length > 0 && query.query.trim().length === 0) {
      throw new ToolsiftError(
        ErrorCode.ParseError,
        `query "${query.id}" has a blank prompt: there is nothing to learn from it`,
        { id: query.id },
      );
    }
    return gold.map((tool) => ({ prompt: query.query, tool }));
  });
}
