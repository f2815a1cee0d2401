import type { EvalSummary } from '@toolsift/selector';
import { barChartSvg } from './bar-chart.js';
import { CHART_METRICS, type EvalReportData } from './eval-report-data.js';
import { htmlText } from './html-text.js';
import { lineChartSvg } from './line-chart.js';

/**
 * The eval report as one self-contained HTML file: inline CSS and SVG, no script and nothing fetched, so it opens
 * anywhere and can be mailed or attached to a pull request. Every text from the input is escaped.
 */
export function renderEvalReport(data: EvalReportData): string {
  const series = CHART_METRICS.map(([, label]) => label);
  const valuesOf = (summary: EvalSummary) => CHART_METRICS.map(([key]) => summary[key] ?? 0);
  const datasets = [...data.datasets, ...(data.datasets.length > 1 ? [data.all] : [])];
  // A dataset whose queries all have no right tool has no ranking to measure: its row says so, it has no bars.
  const bars = barChartSvg({
    title: `Metrics per dataset: ${series.join(', ')}`,
    groups: datasets
      .filter((dataset) => dataset.answerable > 0)
      .map(({ name, summary }) => ({ label: name, values: valuesOf(summary) })),
    series,
  });
  const rows = datasets.map(({ name, summary, answerable, abstainQueries }) => [
    name,
    String(answerable),
    ...(answerable > 0 ? valuesOf(summary).map(share) : series.map(() => 'n/a')),
    abstainQueries > 0 ? `${share(summary.abstain_correct ?? 0)} of ${abstainQueries}` : 'n/a',
  ]);
  const datasetTable = table({
    caption:
      'Metrics per dataset: over the queries that have a right tool; the last column over those that have none',
    headers: ['dataset', 'queries with a right tool', ...series, 'nothing selected when no tool fits'],
    rows,
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>toolsift eval: ${htmlText(data.catalog)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>toolsift eval</h1>
<p class="meta">${htmlText(
    `${data.catalog}: ${data.tools.toLocaleString('en-US')} tools, embedder ${data.embedder}, method ${data.method}, ` +
      `k ${data.k}; measured on ${data.measuredAt.slice(0, 10)}.`,
  )}</p>
<h2>Per dataset</h2>
<figure>${bars}<figcaption>Each bar is a share of the answerable queries (0 to 1; the number on it in %).</figcaption></figure>
${datasetTable}
<h2>Learning curve</h2>
${curveSection(data, series, valuesOf)}
</main>
</body>
</html>
`;
}

// --- internal ---

function curveSection(
  data: EvalReportData,
  series: readonly string[],
  valuesOf: (summary: EvalSummary) => number[],
): string {
  const { curve } = data;
  if (curve === undefined) {
    return '<p>No learning curve: run <code>toolsift eval --learn FILE</code> with prompts and the tools really called for them, and the report shows the metrics after each share of them is learned.</p>';
  }
  const chart = lineChartSvg({
    title: `Metrics after learning prompts of ${curve.file}`,
    xLabel: 'prompts learned',
    points: curve.points.map((point) => ({ x: point.learned, values: valuesOf(point.summary) })),
    series,
  });
  const rows = curve.points.map((point) => [
    point.learned.toLocaleString('en-US'),
    ...valuesOf(point.summary).map(share),
  ]);
  return (
    `<p>${htmlText(`The prompts of ${curve.file} learned in order, in memory (the saved index is not changed); every query measured after each step.`)}</p>\n` +
    `<figure>${chart}</figure>\n${table({ caption: 'Metrics after each step', headers: ['prompts learned', ...series], rows })}`
  );
}

function table(options: {
  caption: string;
  headers: readonly string[];
  rows: ReadonlyArray<readonly string[]>;
}): string {
  const head = options.headers.map((header) => `<th scope="col">${htmlText(header)}</th>`).join('');
  const body = options.rows
    .map(
      (row) =>
        `<tr>${row.map((cell, at) => (at === 0 ? `<th scope="row">${htmlText(cell)}</th>` : `<td>${htmlText(cell)}</td>`)).join('')}</tr>`,
    )
    .join('\n');
  return `<table><caption>${htmlText(options.caption)}</caption><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

function share(value: number): string {
  return value.toFixed(3);
}

const STYLE = `
body{margin:0;font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1b1f24;background:#fff}
main{max-width:60rem;padding:1rem 1.5rem 3rem}
.meta{color:#4f5965}
figure{margin:1rem 0;overflow-x:auto}
figcaption{color:#4f5965;font-size:.9rem}
table{border-collapse:collapse;margin:.5rem 0 1.5rem}
caption{text-align:left;color:#4f5965;padding-bottom:.25rem}
th,td{text-align:right;padding:.25rem .75rem;border-bottom:1px solid #d0d7de;font-variant-numeric:tabular-nums}
th[scope=row],thead th:first-child{text-align:left}
svg text{font-family:inherit;fill:#1b1f24}
.tick,.value{font-size:10px;fill:#4f5965}
.label,.legend{font-size:12px}
.grid{stroke:#d0d7de;stroke-width:1}
.line{fill:none;stroke-width:2}
.s0{fill:#0b5cad}.s1{fill:#b35900}.s2{fill:#2a7d3b}.s3{fill:#7b3fa0}
.l0{stroke:#0b5cad}.l1{stroke:#b35900}.l2{stroke:#2a7d3b}.l3{stroke:#7b3fa0}
`;
