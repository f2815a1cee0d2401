import { LEFT, legend, svg, TOP } from './bar-chart.js';
import { htmlText } from './html-text.js';

/** Lines of values in [0, 1] over a count (the prompts learned): one line per series, a dot per point. */
export function lineChartSvg(options: {
  title: string;
  xLabel: string;
  points: ReadonlyArray<{ x: number; values: readonly number[] }>;
  series: readonly string[];
}): string {
  const { points, series } = options;
  const width = 560;
  const plotWidth = width - LEFT - 24;
  const plotHeight = 200;
  const height = TOP + plotHeight + 76;
  const maxX = Math.max(1, ...points.map((point) => point.x));
  const x = (value: number) => LEFT + (value / maxX) * plotWidth;
  const y = (value: number) => TOP + plotHeight - Math.max(0, Math.min(1, value)) * plotHeight;
  const parts: string[] = [];
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(
      `<line x1="${LEFT}" x2="${LEFT + plotWidth}" y1="${y(tick)}" y2="${y(tick)}" class="grid"/>`,
      `<text x="${LEFT - 6}" y="${y(tick) + 4}" text-anchor="end" class="tick">${tick.toFixed(2)}</text>`,
    );
  }
  for (const point of points) {
    parts.push(
      `<text x="${x(point.x)}" y="${TOP + plotHeight + 16}" text-anchor="middle" class="tick">${point.x.toLocaleString('en-US')}</text>`,
    );
  }
  parts.push(
    `<text x="${LEFT + plotWidth / 2}" y="${TOP + plotHeight + 34}" text-anchor="middle" class="label">${htmlText(options.xLabel)}</text>`,
  );
  series.forEach((name, index) => {
    const coordinates = points.map(
      (point) => `${x(point.x).toFixed(1)},${y(point.values[index] ?? 0).toFixed(1)}`,
    );
    parts.push(`<polyline points="${coordinates.join(' ')}" class="line l${index}"/>`);
    for (const point of points) {
      const value = point.values[index] ?? 0;
      const label = `${name} after ${point.x} prompts learned: ${value.toFixed(3)}`;
      parts.push(
        `<circle cx="${x(point.x).toFixed(1)}" cy="${y(value).toFixed(1)}" r="3.5" class="s${index}"><title>${htmlText(label)}</title></circle>`,
      );
    }
  });
  parts.push(legend(series, LEFT, TOP + plotHeight + 60));
  return svg({ title: options.title, width, height, body: parts.join('') });
}
