// `pnpm bench:providers`: toolsift as the tool search of the Anthropic Messages and OpenAI Responses APIs.
// 1. Input tokens of the tool definitions per request on catalogs of 50 to 2,500 real tools (the bench datasets'
//    tools, interleaved): every tool sent, deferred behind toolsift's search, deferred behind the provider's.
// 2. Accuracy of what a search loads, on every bench row of `pnpm bench:accuracy` (its held-out queries, its
//    cached indexes): toolsift against a regex as a model writes one and BM25 over names and descriptions.
// Writes bench/results/providers.{md,json} and the tables in docs/providers.md.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { evaluateSelector } from '@toolsift/selector';
import { BENCH_ROWS, loadRowQueries, repoRoot } from './bench-datasets.js';
import { benchResults, benchLog as log, seconds } from './bench-results.js';
import { benchSelector, flushEmbeddings, warmQueries } from './bench-selector.js';
import { bm25Search, rankingSelector, regexSearch } from './provider-searches.js';
import { type TokenRow, tokenRows } from './provider-tokens.js';
import { type ProviderAccuracy, renderProviders } from './render-providers.js';
import { loadBaseTools } from './scale-catalog.js';

const EMBEDDER = process.env.BENCH_EMBEDDER ?? 'use-lite';
const SIZES = [50, 100, 250, 500, 1000, 2500];
const only = process.env.BENCH_ROWS?.split(',');
const started = performance.now();

const base = await loadBaseTools();
const tokens: TokenRow[] = SIZES.flatMap((size) => tokenRows(base.slice(0, size)));
log(`tokens counted for ${SIZES.join(', ')} tools`);

const accuracy: ProviderAccuracy[] = [];
for (const row of BENCH_ROWS.filter((candidate) => only === undefined || only.includes(candidate.dataset))) {
  const rowStarted = performance.now();
  const selector = await benchSelector(row.dataset, { embedder: EMBEDDER });
  const queries = await loadRowQueries(row, 'report');
  await warmQueries(selector, queries);
  const searches = [
    ['toolsift', selector, 'toolsift'],
    ['regex', rankingSelector(selector, regexSearch(selector)), undefined],
    ['bm25 (names, descriptions)', rankingSelector(selector, bm25Search(selector)), undefined],
  ] as const;
  for (const [search, searched, method] of searches) {
    const { summary } = await evaluateSelector({
      selector: searched,
      queries,
      ...(method !== undefined ? { method } : {}),
      selectOptions: { abstain: false },
    });
    accuracy.push({ row: row.label, search, queries: summary.queries, summary });
  }
  log(`${row.label}: ${queries.length} queries in ${seconds(performance.now() - rowStarted)} s`);
}
await flushEmbeddings();

const { dir, meta } = await benchResults({ embedder: EMBEDDER, started });
const rendered = renderProviders({ tokens, accuracy, meta });
await writeFile(path.join(dir, 'providers.json'), `${JSON.stringify({ meta, tokens, accuracy }, null, 2)}\n`);
await writeFile(path.join(dir, 'providers.md'), rendered.full);
await replaceBlock(path.join(repoRoot, 'docs', 'providers.md'), 'bench:providers', rendered.full);
log(`done in ${meta.minutes} min; wrote bench/results/providers.md, providers.json and docs/providers.md`);

// --- internal ---

/** Replace the text between `<!-- name -->` and `<!-- /name -->` (left as it is when the markers are missing). */
async function replaceBlock(file: string, name: string, text: string): Promise<void> {
  const content = await readFile(file, 'utf8');
  const start = `<!-- ${name} -->`;
  const end = `<!-- /${name} -->`;
  const from = content.indexOf(start);
  const to = content.indexOf(end);
  if (from === -1 || to === -1) {
    log(`${path.relative(repoRoot, file)} has no ${start} block; not updated`);
    return;
  }
  await writeFile(file, `${content.slice(0, from + start.length)}\n${text}${content.slice(to)}`);
}
