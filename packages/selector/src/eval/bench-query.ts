import { readFile } from 'node:fs/promises';
import { ErrorCode, ToolsiftError } from '@toolsift/core';

/** One query of the bench common form (`queries.jsonl`). */
export interface BenchQuery {
  id: string;
  query: string;
  /** Tool names; `[]` = the right answer is to abstain; `null` = unknown (skipped). */
  gold: string[] | null;
  /** Alternatives per needed tool: any one member of a group counts. */
  goldGroups?: string[][];
  /** The only tools offered for this query. */
  candidates?: string[];
  split?: string;
}

/** Read a queries JSONL file; a malformed line throws PARSE_ERROR naming the file and line. */
export async function readBenchQueries(file: string): Promise<BenchQuery[]> {
  const text = await readFile(file, 'utf8').catch((error: unknown) => {
    throw new ToolsiftError(
      ErrorCode.FileUnreadable,
      `cannot read queries file ${file}`,
      { file },
      { cause: error },
    );
  });
  const queries: BenchQuery[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim().length === 0) return;
    queries.push(parseBenchQuery(line, `${file}:${index + 1}`));
  });
  return queries;
}

/** Parse one JSONL line of the common form. */
export function parseBenchQuery(line: string, where: string): BenchQuery {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new ToolsiftError(ErrorCode.ParseError, `${where}: not valid JSON`, { where }, { cause: error });
  }
  const record = value as Record<string, unknown>;
  const fail = (what: string): never => {
    throw new ToolsiftError(ErrorCode.ParseError, `${where}: ${what}`, { where });
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('expected a JSON object');
  if (typeof record.query !== 'string') fail('expected "query" to be a string');
  const gold = record.gold;
  if (gold !== null && !isStringArray(gold)) fail('expected "gold" to be an array of tool names or null');
  const query: BenchQuery = {
    id: typeof record.id === 'string' || typeof record.id === 'number' ? String(record.id) : where,
    query: record.query as string,
    gold: gold as string[] | null,
  };
  if (record.gold_groups !== undefined) {
    if (!Array.isArray(record.gold_groups) || !record.gold_groups.every(isStringArray)) {
      fail('expected "gold_groups" to be an array of arrays of tool names');
    }
    query.goldGroups = record.gold_groups as string[][];
  }
  if (record.candidates !== undefined) {
    if (!isStringArray(record.candidates)) fail('expected "candidates" to be an array of tool names');
    query.candidates = record.candidates as string[];
  }
  if (typeof record.split === 'string') query.split = record.split;
  return query;
}

// --- internal ---

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
