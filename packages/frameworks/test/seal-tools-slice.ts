import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A tool of the Seal-Tools benchmark: an OpenAI-style function definition. */
export interface BenchTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** A benchmark prompt and the one tool it needs. */
export interface BenchPrompt {
  id: string;
  query: string;
  gold: string;
}

const BENCH_DIR = path.resolve(import.meta.dirname, '../../../../shared/bench/seal-tools');

/**
 * The first `count` tools of the Seal-Tools catalog (a real, synthetic-API benchmark with JSON Schema
 * parameters), and the prompts by id whose one gold tool is among them: the "right tool" of each prompt is the
 * benchmark's label, not a choice of the tests.
 */
export function sealToolsSlice(
  count: number,
  promptIds: readonly string[],
): { tools: BenchTool[]; prompts: BenchPrompt[] } {
  const tools = readJsonLines<BenchTool>(path.join(BENCH_DIR, 'tools.jsonl')).slice(0, count);
  const names = new Set(tools.map((tool) => tool.name));
  const byId = new Map(
    readJsonLines<{ id: string; query: string; gold: string[] | null }>(
      path.join(BENCH_DIR, 'queries.jsonl'),
    ).map((query) => [query.id, query]),
  );
  const prompts = promptIds.map((id) => {
    const query = byId.get(id);
    const gold = query?.gold;
    if (query === undefined || gold?.length !== 1 || !names.has(gold[0]!)) {
      throw new Error(`Seal-Tools query ${id} does not need exactly one tool of the first ${count}`);
    }
    return { id, query: query.query, gold: gold[0]! };
  });
  return { tools, prompts };
}

/**
 * The slice the adapter tests run on: the first 240 tools, and two prompts a conversation asks in turn (each needs
 * one tool of them), with the tools by name.
 */
export function conversationSlice(): {
  catalog: BenchTool[];
  engagement: BenchPrompt;
  player: BenchPrompt;
  byName: Map<string, BenchTool>;
} {
  const { tools, prompts } = sealToolsSlice(240, ['dev-easy-1', 'dev-easy-111']);
  const [engagement, player] = prompts as [BenchPrompt, BenchPrompt];
  return { catalog: tools, engagement, player, byName: new Map(tools.map((tool) => [tool.name, tool])) };
}

/** Arguments for a scripted call: a placeholder for every required property, typed as the schema says. */
export function placeholderArguments(tool: BenchTool): Record<string, unknown> {
  const properties = (tool.parameters.properties ?? {}) as Record<string, { type?: string }>;
  const required = (tool.parameters.required ?? []) as string[];
  return Object.fromEntries(
    required.map((name) => {
      const type = properties[name]?.type;
      return [
        name,
        type === 'integer' || type === 'number' ? 1 : type === 'boolean' ? true : `${name} value`,
      ];
    }),
  );
}

function readJsonLines<T>(file: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}
