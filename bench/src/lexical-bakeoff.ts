/**
 * Lexical bake-off: our BM25F index against MiniSearch, Orama and wink-bm25 on the common-form benchmarks
 * in ../shared/bench. Writes bench/results/lexical-bakeoff.md.
 *
 *   node --expose-gc --import tsx/esm --conditions=@toolsift/source bench/src/lexical-bakeoff.ts [--tune | --scale]
 *
 * Tuning protocol: options are tuned (`--tune`) on metatool single queries with index % 5 === 1 and on the
 * seal-tools dev split only; the table reports metatool single index % 5 === 0, the other splits and datasets.
 * Libraries get our tokenizer and stop list in their "tuned" rows, so those rows compare ranking engines.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import { createLexicalIndex, type LexicalIndexOptions, loadLexicalIndex } from '@toolsift/selector';
import MiniSearch from 'minisearch';
// The bench reuses the index's text analysis so that library rows differ only in their ranking engine.
import { ENGLISH_STOP_WORDS } from '../../packages/selector/src/lexical/stop-words.js';
import { tokenize } from '../../packages/selector/src/lexical/tokenize.js';
import { benchRoot } from './bench-datasets.js';

const BENCH = pathToFileURL(`${benchRoot()}/`);
const OUTPUT = new URL('../../bench/results/lexical-bakeoff.md', import.meta.url);

interface Tool {
  name: string;
  original_name?: string;
  description?: string;
  parameters?: { properties?: Record<string, { description?: string }> };
}
interface Query {
  query: string;
  gold: string[] | null;
  gold_groups?: string[][];
  candidates?: string[];
  split?: string;
}
interface Doc {
  key: string;
  fields: { name: string; description: string; parameters: string };
}
type Searcher = (query: string, limit: number) => string[];
interface Method {
  label: string;
  build: (docs: readonly Doc[]) => Promise<Searcher> | Searcher;
}
interface Scores {
  queries: number;
  top1: number;
  recall5: number;
  recall10: number;
  ndcg10: number;
  msPerQuery: number;
}
interface Dataset {
  label: string;
  folder: string;
  select: (query: Query, index: number) => boolean;
  useCandidates: boolean;
}

const tokenOptions = { stopWords: new Set(ENGLISH_STOP_WORDS), isStemming: true };
const ourTerms = (text: string) => tokenize(text, tokenOptions).map((token) => token.term);
const defaultOptions: LexicalIndexOptions = {};
const plain: LexicalIndexOptions = { stem: false };

function ours(label: string, options: LexicalIndexOptions, isSingleField = false): Method {
  return {
    label,
    build(docs) {
      const index = createLexicalIndex(options);
      index.upsert(
        docs.map((doc) =>
          isSingleField
            ? { key: doc.key, fields: { text: `${doc.fields.name} ${doc.fields.description}` } }
            : { key: doc.key, fields: doc.fields },
        ),
      );
      return (query, limit) => index.search(query, limit).map((hit) => hit.key);
    },
  };
}

function miniSearch(label: string, isTuned: boolean, isExpanding: boolean): Method {
  return {
    label,
    build(docs) {
      const fields = ['name', 'description', 'parameters'];
      const engine = new MiniSearch<Doc['fields'] & { id: string }>(
        isTuned ? { fields, tokenize: ourTerms, processTerm: (term) => term } : { fields },
      );
      engine.addAll(docs.map((doc) => ({ id: doc.key, ...doc.fields })));
      const options = isTuned
        ? { boost: { name: 2, description: 1.5 }, prefix: isExpanding, fuzzy: isExpanding ? 0.2 : false }
        : {};
      return (query) => engine.search(query, options).map((result) => String(result.id));
    },
  };
}

function orama(label: string, isTuned: boolean): Method {
  return {
    label,
    async build(docs) {
      const tokenizer = {
        language: 'english',
        normalizationCache: new Map<string, string>(),
        tokenize: (raw: string) => ourTerms(raw),
      };
      const db = create({
        schema: { key: 'string', name: 'string', description: 'string', parameters: 'string' } as const,
        ...(isTuned ? { components: { tokenizer } } : {}),
      });
      await insertMultiple(
        db,
        docs.map((doc) => ({ key: doc.key, ...doc.fields })),
      );
      return (query, limit) => {
        const result = oramaSearch(db, {
          term: query,
          properties: ['name', 'description', 'parameters'],
          limit,
          ...(isTuned ? { boost: { name: 2, description: 1.5 } } : {}),
        }) as Awaited<ReturnType<typeof oramaSearch>>;
        return result.hits.map((hit) => String((hit.document as { key: string }).key));
      };
    },
  };
}

interface WinkEngine {
  defineConfig(config: { fldWeights: Record<string, number>; bm25Params?: Record<string, number> }): void;
  definePrepTasks(tasks: Array<(input: string) => string[]>): void;
  addDoc(doc: Record<string, string>, id: string): void;
  consolidate(): void;
  search(text: string, limit: number): Array<[string, number]>;
}

function wink(label: string): Method {
  return {
    label,
    build(docs) {
      const factory = createRequire(import.meta.url)('wink-bm25-text-search') as () => WinkEngine;
      const engine = factory();
      engine.defineConfig({ fldWeights: { name: 3, description: 1.5, parameters: 1 } });
      engine.definePrepTasks([ourTerms]);
      for (const doc of docs) engine.addDoc(doc.fields, doc.key);
      engine.consolidate();
      return (query, limit) => engine.search(query, limit).map(([id]) => id);
    },
  };
}

const METHODS: Method[] = [
  // Fuzzy and prefix matching were removed (measured on and off side by side on 2026-11-26; bench/NOTES.md).
  ours('toolsift BM25F (defaults: stem)', defaultOptions),
  ours('toolsift BM25F plain (no stem)', plain),
  ours('toolsift BM25 plain, one field name+description', { ...plain, fieldWeights: {} }, true),
  miniSearch('MiniSearch defaults', false, false),
  miniSearch('MiniSearch + our tokenizer, boosts, fuzzy/prefix', true, true),
  miniSearch('MiniSearch + our tokenizer, boosts', true, false),
  orama('Orama defaults', false),
  orama('Orama + our tokenizer/stop list, boosts', true),
  wink('wink-bm25 + our tokenizer, BM25F weights'),
];

const DATASETS: Dataset[] = [
  {
    label: 'metatool single (every 5th)',
    folder: 'metatool',
    select: nth('single', 0),
    useCandidates: false,
  },
  { label: 'metatool multi', folder: 'metatool', select: split('multi'), useCandidates: false },
  { label: 'toolbench-stable (full catalog)', folder: 'toolbench-stable', select: all, useCandidates: false },
  {
    label: 'toolbench-stable (within candidates)',
    folder: 'toolbench-stable',
    select: all,
    useCandidates: true,
  },
  { label: 'seal-tools test', folder: 'seal-tools', select: (q) => q.split !== 'dev', useCandidates: false },
  { label: 'gorilla-apibench', folder: 'gorilla-apibench', select: all, useCandidates: false },
  { label: 'toolalpaca', folder: 'toolalpaca', select: all, useCandidates: false },
  { label: 'api-bank', folder: 'api-bank', select: all, useCandidates: false },
  { label: 'restbench', folder: 'restbench', select: all, useCandidates: false },
  { label: 'bfcl (within candidates)', folder: 'bfcl', select: all, useCandidates: true },
];

const TUNING: Dataset[] = [
  {
    label: 'metatool single (index % 5 = 1)',
    folder: 'metatool',
    select: nth('single', 1),
    useCandidates: false,
  },
  { label: 'seal-tools dev', folder: 'seal-tools', select: split('dev'), useCandidates: false },
];

async function main(): Promise<void> {
  if (process.argv.includes('--tune')) return void console.log(await tune());
  const scale = measureScale(100_000);
  console.log(scale.join('\n'));
  if (process.argv.includes('--scale')) return;
  const results = new Map<string, Map<string, Scores>>();
  for (const dataset of DATASETS) {
    const { docs, queries } = load(dataset);
    const row = new Map<string, Scores>();
    for (const method of METHODS) {
      const scores = await evaluate(method, docs, queries, dataset.useCandidates);
      row.set(method.label, scores);
      console.log(`${dataset.label} | ${method.label} | ${format(scores)}`);
    }
    results.set(dataset.label, row);
  }
  const tuning = await tune();
  // Hand-written notes (from "## Notes" on) survive regeneration.
  const previous = existsSync(OUTPUT) ? readFileSync(OUTPUT, 'utf8') : '';
  const notes = previous.includes('\n## Notes') ? previous.slice(previous.indexOf('\n## Notes')) : '';
  const scaleSection = `## Scale (toolsift defaults, synthetic catalog)\n\n${scale.join('\n')}\n`;
  writeFileSync(OUTPUT, `${render(results)}\n${tuning}\n${scaleSection}${notes}`);
  console.log(`wrote ${OUTPUT.pathname}`);
}

// Option grid on the tuning data only; returns a markdown section (nDCG@10, and top-1 for metatool).
async function tune(): Promise<string> {
  const grid: Array<[string, LexicalIndexOptions]> = [['defaults', defaultOptions]];
  for (const name of [2, 3, 4]) {
    for (const description of [1, 1.5, 2]) {
      grid.push([`name ${name}, description ${description}`, { fieldWeights: { name, description } }]);
    }
  }
  for (const k1 of [0.9, 1.5, 2]) grid.push([`k1 ${k1}`, { k1 }]);
  for (const b of [0.5, 0.9]) grid.push([`b ${b}`, { b }]);
  grid.push(['no stemming', { stem: false }]);
  grid.push(['no stop words', { stopWords: [] }]);
  const columns = new Map<string, Scores[]>();
  for (const dataset of TUNING) {
    const { docs, queries } = load(dataset);
    for (const [label, options] of grid) {
      const scores = await evaluate(ours(label, options), docs, queries, false);
      columns.set(label, [...(columns.get(label) ?? []), scores]);
      console.log(`tuning | ${dataset.label} | ${label} | ${format(scores)}`);
    }
  }
  const header = TUNING.map((dataset) => `${dataset.label} top-1 | ${dataset.label} nDCG@10`).join(' | ');
  return [
    '## Tuning grid (tuning data only: metatool single index % 5 = 1, seal-tools dev)',
    '',
    `| toolsift options (field weights: name 3, description 1.5 unless set) | ${header} |`,
    `|---|${TUNING.map(() => '---|---').join('|')}|`,
    ...[...columns].map(
      ([label, scores]) =>
        `| ${label} | ${scores.map((score) => `${score.top1.toFixed(3)} | ${score.ndcg10.toFixed(3)}`).join(' | ')} |`,
    ),
    '',
  ].join('\n');
}

// Synthetic catalog: the tools of four datasets repeated with a per-copy word until `size` documents.
function measureScale(size: number): string[] {
  const sources = ['seal-tools', 'toolbench-stable', 'bfcl', 'gorilla-apibench'].flatMap(
    (folder) => load({ label: folder, folder, select: all, useCandidates: false }).docs,
  );
  const docs = Array.from({ length: size }, (_, number) => {
    const source = sources[number % sources.length]!;
    const copy = Math.floor(number / sources.length);
    return {
      key: `${source.key}#${copy}`,
      fields: { ...source.fields, name: `${source.fields.name} copy${copy}` },
    };
  });
  const queries = load(DATASETS[4]!).queries.slice(0, 300);
  const memory = () => {
    (globalThis as { gc?: () => void }).gc?.();
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers;
  };
  const heapBefore = memory();
  let started = performance.now();
  const index = createLexicalIndex();
  index.upsert(docs);
  const buildMs = performance.now() - started;
  const heapMb = (memory() - heapBefore) / 2 ** 20;
  for (const query of queries) index.search(query.query, 10); // warm-up: JIT
  const timings = queries.map((query) => {
    const start = performance.now();
    index.search(query.query, 10);
    return performance.now() - start;
  });
  const typo = queries.map((query) => {
    const start = performance.now();
    index.search(query.query.replace(/e/g, 'a'), 10);
    return performance.now() - start;
  });
  started = performance.now();
  const bytes = index.toBinary();
  const saveMs = performance.now() - started;
  started = performance.now();
  loadLexicalIndex(bytes);
  const loadMs = performance.now() - started;
  const percentile = (values: number[], share: number) =>
    [...values].sort((a, b) => a - b)[Math.floor(share * (values.length - 1))]!.toFixed(2);
  return [
    `| documents | build | memory (heap + buffers, with --expose-gc) | search p50 / p99 (seal-tools queries) | same with typos (e→a) | toBinary | load | snapshot size |`,
    '|---|---|---|---|---|---|---|---|',
    `| ${size} | ${(buildMs / 1000).toFixed(1)} s | ${heapMb.toFixed(0)} MB | ${percentile(timings, 0.5)} / ${percentile(timings, 0.99)} ms | ${percentile(typo, 0.5)} / ${percentile(typo, 0.99)} ms | ${saveMs.toFixed(0)} ms | ${loadMs.toFixed(0)} ms | ${(bytes.byteLength / 2 ** 20).toFixed(1)} MB |`,
  ];
}

// --- internal ---

function all(): boolean {
  return true;
}

function split(name: string): (query: Query) => boolean {
  return (query) => query.split === name;
}

function nth(name: string, remainder: number): (query: Query, index: number) => boolean {
  return (query, index) => query.split === name && index % 5 === remainder;
}

function readJsonl<T>(path: URL): T[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

function load(dataset: Dataset): { docs: Doc[]; queries: Query[] } {
  const tools = readJsonl<Tool>(new URL(`${dataset.folder}/tools.jsonl`, BENCH));
  const docs = tools.map((tool) => ({
    key: tool.name,
    fields: {
      name: tool.original_name ?? tool.name,
      description: tool.description ?? '',
      parameters: Object.entries(tool.parameters?.properties ?? {})
        .map(([name, schema]) => `${name} ${schema?.description ?? ''}`)
        .join(' '),
    },
  }));
  // The index counts queries of the dataset's split so that "every 5th" is stable across runs.
  const counters = new Map<string, number>();
  const queries = readJsonl<Query>(new URL(`${dataset.folder}/queries.jsonl`, BENCH)).filter((query) => {
    const position = counters.get(query.split ?? '') ?? 0;
    counters.set(query.split ?? '', position + 1);
    return dataset.select(query, position) && query.gold !== null && query.gold.length > 0;
  });
  return { docs, queries };
}

async function evaluate(
  method: Method,
  docs: Doc[],
  queries: Query[],
  useCandidates: boolean,
): Promise<Scores> {
  const searcher = await method.build(docs);
  const totals = { top1: 0, recall5: 0, recall10: 0, ndcg10: 0 };
  const started = performance.now();
  for (const query of queries) {
    const candidates = useCandidates && query.candidates ? new Set(query.candidates) : undefined;
    const ranked = candidates
      ? searcher(query.query, docs.length).filter((key) => candidates.has(key))
      : searcher(query.query, 10);
    const groups = query.gold_groups ?? (query.gold ?? []).map((name) => [name]);
    const groupOf = (key: string) => groups.findIndex((group) => group.includes(key));
    const found = new Set<number>();
    let dcg = 0;
    ranked.slice(0, 10).forEach((key, rank) => {
      const group = groupOf(key);
      if (group < 0 || found.has(group)) return;
      found.add(group);
      dcg += 1 / Math.log2(rank + 2);
      if (rank < 5) totals.recall5 += 1 / Math.min(groups.length, 5);
      totals.recall10 += 1 / Math.min(groups.length, 10);
    });
    let ideal = 0;
    for (let rank = 0; rank < Math.min(groups.length, 10); rank++) ideal += 1 / Math.log2(rank + 2);
    totals.ndcg10 += dcg / ideal;
    if (ranked[0] !== undefined && groupOf(ranked[0]) >= 0) totals.top1 += 1;
  }
  const count = Math.max(1, queries.length);
  return {
    queries: queries.length,
    top1: totals.top1 / count,
    recall5: totals.recall5 / count,
    recall10: totals.recall10 / count,
    ndcg10: totals.ndcg10 / count,
    msPerQuery: (performance.now() - started) / count,
  };
}

function format(scores: Scores): string {
  const { top1, recall5, recall10, ndcg10 } = scores;
  return [top1, recall5, recall10, ndcg10].map((value) => value.toFixed(3)).join(' | ');
}

function render(results: Map<string, Map<string, Scores>>): string {
  const lines = [
    '# Lexical bake-off',
    '',
    'Generated by `bench/src/lexical-bakeoff.ts` on the common-form data of ../shared/bench. Documents:',
    'tool name, description, and parameter names + descriptions as a third field. Gold: tool names;',
    '`candidates` honoured where marked; `gold: null` and `gold: []` skipped. Metrics: top-1, Recall@5/10, nDCG@10',
    '(binary gain). Query time includes the evaluation loop (ms per query, this machine).',
    '',
    '## nDCG@10 by dataset',
    '',
    `| method | ${[...results.keys()].join(' | ')} |`,
    `|---|${[...results.keys()].map(() => '---').join('|')}|`,
    ...METHODS.map(
      (method) =>
        `| ${method.label} | ${[...results.values()].map((row) => row.get(method.label)?.ndcg10.toFixed(3) ?? '').join(' | ')} |`,
    ),
  ];
  for (const [dataset, row] of results) {
    const queries = [...row.values()][0]?.queries ?? 0;
    lines.push(
      '',
      `## ${dataset} (${queries} queries)`,
      '',
      '| method | top-1 | R@5 | R@10 | nDCG@10 | ms/query |',
    );
    lines.push('|---|---|---|---|---|---|');
    for (const [label, scores] of row)
      lines.push(`| ${label} | ${format(scores)} | ${scores.msPerQuery.toFixed(2)} |`);
  }
  return `${lines.join('\n')}\n`;
}

await main();
