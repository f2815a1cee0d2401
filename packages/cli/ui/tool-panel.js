// One tool: its metadata field by field with where each came from (its file, an overlay, learned), the texts it is
// indexed under, its learned prompts (forget one), its diagnostics and the doctor's findings about it.
import { api } from './api.js';
import { findingItem } from './doctor-panel.js';
import { announce, h, jsonBlock, replace, table } from './dom.js';
import { learnedList } from './learned-panel.js';

/**
 * @param {import('./main.js').PanelContext} context
 * @param {string} id
 */
export async function renderTool({ main, isCurrent }, id) {
  const detail = await api(`tool?id=${encodeURIComponent(id)}`);
  if (!isCurrent()) return;
  const { tool } = detail;
  const forget = async (entry) => {
    const report = await api('forget', { tool: entry.tool, prompt: entry.prompt });
    announce(
      report.changed > 0 ? `Forgot the prompt of ${entry.tool}.` : 'That prompt was already forgotten.',
    );
    await renderTool({ main, isCurrent }, id);
  };
  replace(
    main,
    h('p', {}, h('a', { href: '#/catalog' }, '← Catalog')),
    h('h2', { class: 'tool-title' }, tool.id),
    tool.title ? h('p', { class: 'muted' }, tool.title) : null,
    h('p', { class: 'description', id: 'tool-description' }, tool.description),
    h('p', { class: 'muted' }, `Read from ${place(tool.source)} as ${tool.source.format}.`),
    detail.action ? h('p', {}, actionText(detail.action)) : null,
    detail.findings.length + detail.diagnostics.length > 0
      ? h(
          'section',
          { 'aria-labelledby': 'tool-findings' },
          h('h3', { id: 'tool-findings' }, 'Findings and diagnostics'),
          h('ul', { class: 'findings' }, detail.findings.map(findingItem)),
          h(
            'ul',
            {},
            detail.diagnostics.map((diagnostic) =>
              h('li', {}, h('span', { class: 'code' }, diagnostic.code), ' ', diagnostic.message),
            ),
          ),
        )
      : null,
    h(
      'section',
      { 'aria-labelledby': 'tool-fields' },
      h('h3', { id: 'tool-fields' }, 'Metadata'),
      table({
        caption: 'Each field and where it came from',
        headers: ['Field', 'Value', 'From'],
        rows: detail.fields.map(({ field, value, origin }) => [
          h('code', {}, field),
          valueView(value),
          originText(origin),
        ]),
        className: 'fields',
      }),
    ),
    h(
      'section',
      { 'aria-labelledby': 'tool-views' },
      h('h3', { id: 'tool-views' }, `Indexed under ${detail.views.length} views`),
      table({
        caption: 'The texts the tool is found by (learned prompts last)',
        headers: ['Kind', 'Text'],
        rows: detail.views.map((view) => [view.kind, view.text]),
      }),
    ),
    h(
      'section',
      { 'aria-labelledby': 'tool-learned' },
      h('h3', { id: 'tool-learned' }, `Learned prompts (${detail.learned.length})`),
      detail.learned.length === 0
        ? h('p', { class: 'muted' }, 'None: `toolsift learn` and agents that report their calls add them.')
        : learnedList(detail.learned, forget),
    ),
  );
}

/** @param {{ file: string, line?: number, pointer?: string }} where */
function place(where) {
  return `${where.file}${where.line ? `:${where.line}` : ''}${where.pointer ? ` ${where.pointer}` : ''}`;
}

/** @param {unknown} value */
function valueView(value) {
  if (typeof value !== 'object' || value === null) return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ');
  return jsonBlock(value);
}

/**
 * The file's own fields say so; an overlay's name the overlay.
 * @param {any} origin
 */
function originText(origin) {
  if (origin.kind === 'overlay') {
    return h(
      'span',
      {},
      h('span', { class: 'badge overlay' }, 'overlay'),
      ' ',
      place(origin),
      origin.isStale ? ' (may be stale)' : '',
    );
  }
  return h('span', { class: 'badge file' }, 'file');
}

/** @param {any} info */
function actionText(info) {
  const rule = `the action rule is ${info.isRuleOn ? 'on' : 'off'} for this catalog`;
  if (!info.action) return `Action: unsaid; ${rule}.`;
  return `Action: ${info.action.action} (from its ${info.action.source}: "${info.action.word}"); ${rule}.`;
}
