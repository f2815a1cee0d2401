// `pnpm bench:learning`: the learning curve. Replays a dataset's tuning half as an agent would (one session
// per prompt: select, "call" each gold tool through `recordToolCall`, the session learns the call) and reports
// R@5 and nDCG@10 on the held-out half after 0, 50, 100, 300, 1,000, 5,000 and all calls. Each row is replayed
// with the shipped rule (a message that called several tools is learned for each as the sentence that asked for
// it; learned views weigh `views.learned`) and with the rule before 2026-11-26 (the whole message, weight 1). The calls come in a fixed
// shuffled order (by a hash of the query id), as an agent's would, not grouped by tool. Learning is kept in
// memory (`isSaved: false`), so the bench index folders stay as they are. The shipped rule at the default bound is
// measured twice at each checkpoint: with abstention off (the ranking) and with every default on (abstention
// 'auto', an answerable prompt abstained on counting 0).
// Writes bench/results/learning-curve.{md,json}. Env: LEARNING_ROWS (dataset labels, comma-separated),
// LEARNING_BOUNDS (maxPerTool values for metatool single; `inf` for no bound), LEARNING_SHIPPED_ONLY=1 (replay
// only the shipped rule at the default bound and replace its rows in the existing results, keeping the others).
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type BenchQuery,
  createSession,
  createToolNameResolver,
  DEFAULT_MAX_LEARNED_PER_TOOL,
  DEFAULT_RANKING_WEIGHTS,
  type EvalSummary,
  evaluateSelector,
} from '@toolsift/selector';
import { BENCH_ROWS, type BenchRow, loadRowQueries } from './bench-datasets.js';
import { type BenchMeta, benchResults, benchLog as log, seconds } from './bench-results.js';
import { benchSelector, flushEmbeddings } from './bench-selector.js';

const EMBEDDER = 'use-lite';
const CHECKPOINTS = [0, 50, 100, 300, 1000, 5000];
/** Rows with tuning prompts to learn from (see the table in the results for how many each has). */
const ROWS = (
  process.env.LEARNING_ROWS ??
  'metatool single,toolbench-stable,gorilla-apibench,restbench,api-bank,toolalpaca'
).split(',');
/** The rule before 2026-11-26: each call learns the whole message, learned views weigh 1. */
const OLD_RULE = 'whole message, weight 1';
/** The bound only bites where a tool has many calls: metatool single (up to 442 per tool in its tuning half). */
const BOUNDS = (process.env.LEARNING_BOUNDS ?? `${DEFAULT_MAX_LEARNED_PER_TOOL},20,inf`)
  .split(',')
  .map((bound) => (bound === 'inf' ? Number.POSITIVE_INFINITY : Number(bound)));
/** Replay only the shipped rule at the default bound, merging its rows into the results already written. */
const IS_SHIPPED_ONLY = process.env.LEARNING_SHIPPED_ONLY === '1';

/** One point of a curve: the held-out metrics after `calls` tool calls were learned. */
interface CurvePoint {
  row: string;
  /** `default`, or the old rule replayed for comparison. */
  rule: 'default' | typeof OLD_RULE;
  maxPerTool: number | null;
  /** The tool also called on every prompt, in the chatty replay. */
  chatty: string | null;
  calls: number;
  learned: number;
  /** Share of the replayed calls (since the previous point) whose tool the session had offered (k = 5). */
  offered: number | null;
  /** Held-out metrics with abstention off (the ranking). */
  summary: EvalSummary;
  /** Held-out metrics with every default on (abstention 'auto'); measured for the shipped rule at the default bound. */
  defaultsOn?: EvalSummary | null;
}

/** What a call in the second turn of a conversation is learned with, and the held-out metrics after `calls`. */
interface PromptChoice {
  learned: 'last user message' | 'conversation';
  calls: number;
  summary: EvalSummary;
}

/**
 * The row replayed with a chatty tool as well: the tool called most in its tuning half is also called on every
 * other prompt (an agent that, say, searches before anything else), with and without the bound.
 */
const CHATTY_ROW = process.env.LEARNING_CHATTY_ROW ?? 'metatool single';
/**
 * Right calls the chatty replay stops after. Without a bound each learn re-indexes every view of the chatty tool
 * (thousands), so the whole tuning half would take hours; this is where the two runs are compared.
 */
const CHATTY_CALLS = 3000;
/** Calls learned for the comparison of what to learn, and its row (env LEARNING_CHOICE_ROW). */
const CHOICE_CALLS = 1000;
const CHOICE_ROW = process.env.LEARNING_CHOICE_ROW ?? 'metatool single';

const started = performance.now();
/** The run whose other rows a shipped-only run keeps. */
let earlierRun: BenchMeta | undefined;
const points: CurvePoint[] = [];
const choices: PromptChoice[] = [];
const sizes: Array<{ row: string; tune: number; calls: number; report: number; tools: number }> = [];
for (const label of ROWS) {
  const row = BENCH_ROWS.find((candidate) => candidate.label === label);
  if (row === undefined) throw new Error(`unknown row "${label}"; rows: ${BENCH_ROWS.map((r) => r.label)}`);
  const bounds =
    row.label === 'metatool single' && !IS_SHIPPED_ONLY ? BOUNDS : [DEFAULT_MAX_LEARNED_PER_TOOL];
  for (const maxPerTool of bounds) points.push(...(await curve(row, { maxPerTool })));
  if (IS_SHIPPED_ONLY) {
    await flushEmbeddings();
    continue;
  }
  points.push(...(await curve(row, { maxPerTool: DEFAULT_MAX_LEARNED_PER_TOOL, isOldRule: true })));
  if (row.label === CHATTY_ROW) {
    for (const maxPerTool of [DEFAULT_MAX_LEARNED_PER_TOOL, Number.POSITIVE_INFINITY]) {
      points.push(
        ...(await curve(row, { maxPerTool, isChatty: true, checkpoints: [1000], stopAt: CHATTY_CALLS })),
      );
    }
  }
  if (row.label === CHOICE_ROW) choices.push(...(await promptChoice(row)));
  await flushEmbeddings();
}
const { dir, meta } = await benchResults({ embedder: EMBEDDER, started });
if (IS_SHIPPED_ONLY) await mergeEarlierRun(path.join(dir, 'learning-curve.json'));
await writeFile(
  path.join(dir, 'learning-curve.json'),
  `${JSON.stringify({ meta, sizes, points, choices }, null, 2)}\n`,
);
await writeFile(path.join(dir, 'learning-curve.md'), render(meta));
log(`done in ${meta.minutes} min; wrote bench/results/learning-curve.md and learning-curve.json`);

// --- internal ---

/** Replay the tuning half of a row through sessions that learn, evaluating the held-out half at each checkpoint. */
async function curve(
  row: BenchRow,
  options: {
    maxPerTool: number;
    isChatty?: boolean;
    isOldRule?: boolean;
    checkpoints?: readonly number[];
    stopAt?: number;
  },
): Promise<CurvePoint[]> {
  const { maxPerTool } = options;
  const isOldRule = options.isOldRule === true;
  const rowStarted = performance.now();
  const selector = await benchSelector(row.dataset, {
    embedder: EMBEDDER,
    variant: '-learning-curve',
    ...(isOldRule ? { weights: { views: { learned: 1 } } } : {}),
  });
  const resolve = createToolNameResolver(selector);
  const tune = shuffled(await loadRowQueries(row, 'tune', Number.POSITIVE_INFINITY));
  const report = await loadRowQueries(row, 'report');
  const calls = tune.flatMap((query) =>
    (query.gold ?? []).flatMap((name) => {
      const id = resolve(name);
      return id === undefined ? [] : [{ query, id }];
    }),
  );
  if (!sizes.some((size) => size.row === row.label)) {
    sizes.push({
      row: row.label,
      tune: tune.length,
      calls: calls.length,
      report: report.length,
      tools: selector.tools.length,
    });
  }
  const chatty = options.isChatty === true ? mostCalled(calls) : undefined;
  const last = Math.min(options.stopAt ?? calls.length, calls.length);
  const checkpoints = [
    ...new Set([...(options.checkpoints ?? CHECKPOINTS).filter((count) => count < last), last]),
  ];
  const curvePoints: CurvePoint[] = [];
  let learnedCalls = 0;
  let windowCalls = 0;
  let windowOffered = 0;
  const isShipped = !isOldRule && options.isChatty !== true && maxPerTool === DEFAULT_MAX_LEARNED_PER_TOOL;
  const measure = async (): Promise<void> => {
    const evaluation = await evaluateSelector({
      selector,
      queries: report,
      selectOptions: { abstain: false },
    });
    // One more select per held-out prompt: the figure an agent gets, abstention included.
    const defaultsOn = isShipped ? (await evaluateSelector({ selector, queries: report })).summary : null;
    curvePoints.push({
      row: row.label,
      rule: isOldRule ? OLD_RULE : 'default',
      maxPerTool: Number.isFinite(maxPerTool) ? maxPerTool : null,
      chatty: chatty ?? null,
      calls: learnedCalls,
      learned: selector.learned().length,
      offered: windowCalls === 0 ? null : round(windowOffered / windowCalls),
      summary: evaluation.summary,
      defaultsOn,
    });
    log(
      `${row.label} (${isOldRule ? `${OLD_RULE}, ` : ''}bound ${maxPerTool}${chatty === undefined ? '' : `, ${chatty} chatty`}): ${learnedCalls} calls, ${selector.learned().length} prompts kept: R@5 ${evaluation.summary['recall@5'].toFixed(3)}${defaultsOn === null ? '' : `, every default on ${defaultsOn['recall@5'].toFixed(3)}`} (${seconds(performance.now() - rowStarted)} s)`,
    );
    windowCalls = 0;
    windowOffered = 0;
  };
  let next = 0;
  for (const [query, ids] of groupByQuery(calls)) {
    if (learnedCalls >= checkpoints[next]!) {
      await measure();
      if (++next === checkpoints.length) break;
    }
    const session = createSession(selector, {
      k: 5,
      selection: { abstain: false },
      ...(isOldRule ? {} : { learn: { maxPerTool, isSaved: false } }),
    });
    session.addMessage({ role: 'user', content: query.query });
    const offered = new Set((await session.select()).tools.map((tool) => tool.id));
    for (const id of ids) {
      if (offered.has(id)) windowOffered++;
      windowCalls++;
      session.recordToolCall(id);
    }
    if (chatty !== undefined) session.recordToolCall(chatty);
    // The old rule learns what a session learned before 2026-11-26: the last user message (trimmed, its first
    // 1,000 characters) whole, for each tool called.
    const prompt = query.query.trim().slice(0, 1000);
    if (isOldRule)
      await selector.learn(
        [...new Set(ids)].map((tool) => ({ prompt, tool })),
        { source: 'call', maxPerTool, isSaved: false },
      );
    const learnReport = await session.flush();
    if (learnReport !== undefined && learnReport.failed > 0)
      throw new Error(`learning failed on "${query.id}"`);
    learnedCalls += ids.length;
  }
  if (next < checkpoints.length) await measure();
  return curvePoints;
}

/**
 * Learn the first CHOICE_CALLS calls of the replay as if each came in the second turn of a conversation whose
 * first turn was the previous prompt of the replay (another request, as when a user moves on in one chat):
 * with the last user message (what a session learns) or with the conversation text the session also selects
 * on (the two turns joined). Both go through `selector.learn` in one batch, as a session's flush does.
 */
async function promptChoice(row: BenchRow): Promise<PromptChoice[]> {
  const tune = shuffled(await loadRowQueries(row, 'tune', Number.POSITIVE_INFINITY));
  const report = await loadRowQueries(row, 'report');
  const results: PromptChoice[] = [];
  for (const learned of ['last user message', 'conversation'] as const) {
    const selector = await benchSelector(row.dataset, { embedder: EMBEDDER, variant: '-learning-curve' });
    const resolve = createToolNameResolver(selector);
    const examples = tune.slice(1).flatMap((query, position) =>
      (query.gold ?? []).flatMap((name) => {
        const tool = resolve(name);
        const previous = tune[position]!.query;
        const prompt = learned === 'conversation' ? `${previous}\n${query.query}` : query.query;
        return tool === undefined ? [] : [{ prompt, tool }];
      }),
    );
    const batch = examples.slice(0, CHOICE_CALLS);
    await selector.learn(batch, { isSaved: false });
    const evaluation = await evaluateSelector({
      selector,
      queries: report,
      selectOptions: { abstain: false },
    });
    results.push({ learned, calls: batch.length, summary: evaluation.summary });
    log(
      `${row.label}: ${batch.length} calls learned with the ${learned}: R@5 ${evaluation.summary['recall@5'].toFixed(3)}`,
    );
  }
  return results;
}

/**
 * Keep the earlier run's rows that this run did not replay (every point but the shipped rule's at the default
 * bound on the rows replayed now, and its sizes and prompt choices), so a shipped-only run updates one file.
 */
async function mergeEarlierRun(file: string): Promise<void> {
  const earlier = JSON.parse(await readFile(file, 'utf8')) as {
    meta: BenchMeta;
    sizes: typeof sizes;
    points: CurvePoint[];
    choices: PromptChoice[];
  };
  const replayed = (point: CurvePoint): boolean =>
    ROWS.includes(point.row) &&
    point.rule === 'default' &&
    point.chatty === null &&
    point.maxPerTool === DEFAULT_MAX_LEARNED_PER_TOOL;
  const fresh = new Map(points.map((point) => [`${point.row}\u0000${point.calls}`, point]));
  const merged = earlier.points.map((point) =>
    replayed(point) ? (fresh.get(`${point.row}\u0000${point.calls}`) ?? point) : point,
  );
  for (const point of points) if (!merged.includes(point)) merged.push(point);
  points.splice(0, points.length, ...merged);
  sizes.splice(0, sizes.length, ...earlier.sizes);
  choices.splice(0, choices.length, ...earlier.choices);
  earlierRun = earlier.meta;
}

/** The queries in a fixed pseudo-random order (a hash of the id), so the first calls span the catalog. */
function shuffled(queries: readonly BenchQuery[]): BenchQuery[] {
  const key = (query: BenchQuery): string => createHash('sha1').update(`learning:${query.id}`).digest('hex');
  return queries
    .map((query) => ({ query, key: key(query) }))
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .map(({ query }) => query);
}

/** The tool called most often. */
function mostCalled(calls: ReadonlyArray<{ id: string }>): string {
  const counts = new Map<string, number>();
  for (const { id } of calls) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
}

function groupByQuery(calls: ReadonlyArray<{ query: BenchQuery; id: string }>): Map<BenchQuery, string[]> {
  const grouped = new Map<BenchQuery, string[]>();
  for (const { query, id } of calls) grouped.set(query, [...(grouped.get(query) ?? []), id]);
  return grouped;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function pointTable(rows: readonly CurvePoint[]): string[] {
  const bound = (value: number | null): string => (value === null ? 'none' : String(value));
  return [
    '| dataset | rule | max per tool | calls learned | prompts kept | R@5 | nDCG@10 | top-1 | R@5, every default on | offered |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (point) =>
        `| ${point.row} | ${point.rule} | ${bound(point.maxPerTool)} | ${point.calls} | ${point.learned} | ${point.summary['recall@5'].toFixed(3)} | ${point.summary['ndcg@10'].toFixed(3)} | ${point.summary.top1.toFixed(3)} | ${point.defaultsOn == null ? '' : point.defaultsOn['recall@5'].toFixed(3)} | ${point.offered === null ? '' : point.offered.toFixed(3)} |`,
    ),
    '',
  ];
}

function render(meta: BenchMeta): string {
  const lines = [
    '# Learning curve',
    '',
    `Measured on ${meta.date.slice(0, 10)} with \`${meta.embedder}\` in ${meta.minutes} min (\`pnpm bench:learning\`)${earlierRun === undefined ? '.' : `: the shipped rule at the default bound (\`LEARNING_SHIPPED_ONLY=1\`); the other rows from the full run of ${earlierRun.date.slice(0, 10)} (${earlierRun.minutes} min).`}`,
    'Each prompt of the tuning half is replayed as an agent would: a session selects (k = 5), the gold tools are',
    '"called" through `recordToolCall`, and the session learns the call. Measured on the held-out half after',
    'each number of calls: R@5, nDCG@10 and top-1 with abstention off (the ranking, an ablation); "R@5, every',
    "default on\" (the shipped rule at the default bound) with the selector's defaults, abstention 'auto' included,",
    'an answerable prompt abstained on counting 0. The replayed sessions select with abstention off. "Offered" is',
    'the share of the calls since the previous row whose tool the session had offered before it learned them (what',
    'the agent saw). Rule "default":',
    'a message that called several tools is learned for each as its sentence nearest the tool, learned views',
    `weigh ${DEFAULT_RANKING_WEIGHTS.views.learned}; "${OLD_RULE}": the rule before 2026-11-26.`,
    '',
    '| dataset | tuning prompts | calls | held-out prompts | tools |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...sizes.map((size) => `| ${size.row} | ${size.tune} | ${size.calls} | ${size.report} | ${size.tools} |`),
    '',
    ...pointTable(points.filter((point) => point.chatty === null)),
  ];
  const chattyPoints = points.filter((point) => point.chatty !== null);
  if (chattyPoints.length > 0) {
    lines.push(
      `With a chatty tool: \`${chattyPoints[0]!.chatty}\`, the tool called most, is also called on every other prompt (calls learned counts the right calls only):`,
      '',
      ...pointTable(chattyPoints),
    );
  }
  if (choices.length > 0) {
    lines.push(
      `What a call is learned with, when it comes in the second turn of a conversation whose first turn was another request (${CHOICE_ROW}, ${choices[0]!.calls} calls, default bound):`,
      '',
      '| learned prompt | R@5 | nDCG@10 | top-1 |',
      '| --- | ---: | ---: | ---: |',
      ...choices.map(
        (choice) =>
          `| ${choice.learned} | ${choice.summary['recall@5'].toFixed(3)} | ${choice.summary['ndcg@10'].toFixed(3)} | ${choice.summary.top1.toFixed(3)} |`,
      ),
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}
