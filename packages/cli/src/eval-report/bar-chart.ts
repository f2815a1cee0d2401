import { htmlText } from './html-text.js';

/** A grouped bar chart of values in [0, 1]: a group of bars per label, one bar per series, each with its value. */
export function barChartSvg(options: {
  title: string;
  groups: ReadonlyArray<{ label: string; values: readonly number[] }>;
  series: readonly string[];
}): string {
  const { groups, series } = options;
  const barWidth = 18;
  // Wide enough for its label (about 6 px a character at 12 px).
  const groupWidth = Math.max(series.length * barWidth + 24, LABEL_CHARACTERS * 6 + 12);
  const width = LEFT + groups.length * groupWidth + 16;
  const plotHeight = 180;
  const height = TOP + plotHeight + 64;
  const y = (value: number) => TOP + plotHeight - Math.max(0, Math.min(1, value)) * plotHeight;
  const parts: string[] = [];
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(
      `<line x1="${LEFT}" x2="${width - 8}" y1="${y(tick)}" y2="${y(tick)}" class="grid"/>`,
      `<text x="${LEFT - 6}" y="${y(tick) + 4}" text-anchor="end" class="tick">${tick.toFixed(2)}</text>`,
    );
  }
  groups.forEach((group, at) => {
    const x0 = LEFT + at * groupWidth + 12;
    group.values.forEach((value, index) => {
      const x = x0 + index * barWidth;
      const label = `${group.label}, ${series[index]}: ${value.toFixed(3)}`;
      parts.push(
        `<rect x="${x}" y="${y(value)}" width="${barWidth - 3}" height="${TOP + plotHeight - y(value)}" class="s${index}"><title>${htmlText(label)}</title></rect>`,
        `<text x="${x + (barWidth - 3) / 2}" y="${y(value) - 3}" text-anchor="middle" class="value">${Math.round(value * 100)}</text>`,
      );
    });
    const middle = x0 + (series.length * barWidth) / 2;
    parts.push(
      `<text x="${middle}" y="${TOP + plotHeight + 16}" text-anchor="middle" class="label">${htmlText(shorten(group.label))}</text>`,
    );
  });
  parts.push(legend(series, LEFT, TOP + plotHeight + 40));
  return svg({ title: options.title, width, height, body: parts.join('') });
}

/** The legend of a chart: a swatch and a name per series. */
export function legend(series: readonly string[], x: number, y: number): string {
  return series
    .map(
      (name, index) =>
        `<rect x="${x + index * 110}" y="${y - 9}" width="10" height="10" class="s${index}"/>` +
        `<text x="${x + index * 110 + 14}" y="${y}" class="legend">${htmlText(name)}</text>`,
    )
    .join('');
}

/** An `svg` element with its accessible name. */
export function svg(options: { title: string; width: number; height: number; body: string }): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 ${options.width} ${options.height}" ` +
    `width="${options.width}" height="${options.height}"><title>${htmlText(options.title)}</title>${options.body}</svg>`
  );
}

/** Left margin of a plot (the tick labels), and the top one. */
export const LEFT = 44;
export const TOP = 16;

// --- internal ---

const LABEL_CHARACTERS = 22;

function shorten(label: string): string {
  return label.length > LABEL_CHARACTERS ? `${label.slice(0, LABEL_CHARACTERS - 1)}…` : label;
}
