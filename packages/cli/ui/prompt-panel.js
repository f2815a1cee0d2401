// The prompt box: the ranked tools with score, confidence, reasons and per-stage timings, the tools that fit but
// cannot run here and why, and the request's tools for a chosen LLM format; and two prompts side by side.
import { api } from './api.js';
import { field, showError } from './catalog-panel.js';
import { announce, h, jsonBlock, replace, table, toolLink } from './dom.js';

/** What was typed, kept while the page is open. */
const typed = { prompt: '', second: '', k: 5, target: 'openai' };

/** @param {import('./main.js').PanelContext} context */
export async function renderPrompt({ main, summary }) {
  const output = h('div', { class: 'results', id: 'prompt-results' });
  const form = promptForm({
    summary,
    prompts: [['prompt', 'Prompt']],
    submit: 'Rank tools',
    onsubmit: async () => {
      replace(output, h('p', { class: 'muted' }, 'Ranking…'));
      const selection = await select(typed.prompt);
      replace(output, selectionView(selection, typed.prompt, 'a'));
      announce(`${selection.tools.length} tool(s) ranked in ${ms(selection.timings.total)}.`);
    },
    output,
  });
  replace(
    main,
    h('h2', {}, 'Prompt'),
    h('p', { class: 'lead' }, 'Type what a user would ask; the tools are ranked as an agent would get them.'),
    form,
    output,
  );
}

/** @param {import('./main.js').PanelContext} context */
export async function renderCompare({ main, summary }) {
  const output = h('div', { class: 'compare', id: 'compare-results' });
  const form = promptForm({
    summary,
    prompts: [
      ['prompt', 'Prompt A'],
      ['second', 'Prompt B'],
    ],
    submit: 'Compare',
    onsubmit: async () => {
      replace(output, h('p', { class: 'muted' }, 'Ranking…'));
      const [first, second] = await Promise.all([select(typed.prompt), select(typed.second)]);
      const idsOf = (selection) => selection.tools.map((tool) => tool.id);
      replace(
        output,
        h(
          'div',
          { class: 'column' },
          h('h3', {}, 'A'),
          selectionView(first, typed.prompt, 'a', idsOf(second)),
        ),
        h(
          'div',
          { class: 'column' },
          h('h3', {}, 'B'),
          selectionView(second, typed.second, 'b', idsOf(first)),
        ),
      );
      announce('Both prompts ranked.');
    },
    output,
  });
  replace(
    main,
    h('h2', {}, 'Compare two prompts'),
    h(
      'p',
      { class: 'lead' },
      'Two wordings side by side: a tool ranked for both says where it is in the other.',
    ),
    form,
    output,
  );
}

// --- internal ---

/** @param {string} prompt */
function select(prompt) {
  return api('select', { prompt, k: typed.k, target: typed.target });
}

/**
 * @param {{ summary: any, prompts: Array<[('prompt' | 'second'), string]>, submit: string, onsubmit: () => Promise<void>, output: Element }} options
 */
function promptForm({ summary, prompts, submit, onsubmit, output }) {
  const areas = prompts.map(([key, label]) => {
    const area = /** @type {HTMLTextAreaElement} */ (
      h('textarea', { id: `prompt-${key}`, rows: 3, required: true, maxlength: summary.maxPromptLength })
    );
    area.value = typed[key];
    area.addEventListener('input', () => {
      typed[key] = area.value;
    });
    return field(`prompt-${key}`, label, area);
  });
  const k = /** @type {HTMLInputElement} */ (
    h('input', {
      id: 'prompt-k',
      type: 'number',
      min: 1,
      max: summary.maxK,
      value: typed.k,
      inputmode: 'numeric',
    })
  );
  const target = h(
    'select',
    { id: 'prompt-target' },
    summary.targets.map((name) => h('option', { value: name, selected: name === typed.target }, name)),
  );
  return h(
    'form',
    {
      class: 'prompt-form',
      onsubmit: (event) => {
        event.preventDefault();
        typed.k = Math.min(Math.max(Number(k.value) || 5, 1), summary.maxK);
        typed.target = /** @type {HTMLSelectElement} */ (target).value;
        onsubmit().catch(showError(output));
      },
    },
    areas,
    h(
      'div',
      { class: 'row' },
      field('prompt-k', 'Tools (k)', k),
      field('prompt-target', 'Request format', target),
    ),
    h('button', { type: 'submit' }, submit),
  );
}

/**
 * @param {any} selection
 * @param {string} prompt
 * @param {string} side
 * @param {string[]} [other] the other prompt's ranked ids, to say where each tool is there
 */
function selectionView(selection, prompt, side, other) {
  return h(
    'div',
    { class: 'selection' },
    h(
      'details',
      { class: 'prompt-echo' },
      h('summary', {}, `The prompt (${selection.promptLength.toLocaleString('en-US')} characters)`),
      h('p', { class: 'prompt-text' }, prompt),
    ),
    selection.warnings.length > 0
      ? h(
          'ul',
          { class: 'warnings' },
          selection.warnings.map((warning) =>
            h('li', {}, h('span', { class: 'code' }, warning.code), ' ', warning.message),
          ),
        )
      : null,
    selection.abstention ? h('p', { class: 'note' }, abstentionText(selection.abstention)) : null,
    selection.tools.length === 0
      ? h('p', {}, 'No tool selected.')
      : h(
          'ol',
          { class: 'ranked', id: `ranked-${side}` },
          selection.tools.map((tool) => rankedItem(tool, other)),
        ),
    selection.unavailable.length > 0
      ? h(
          'section',
          {},
          h('h4', {}, 'Fit, but cannot run here'),
          h(
            'ul',
            { class: 'unavailable' },
            selection.unavailable.map((tool) =>
              h(
                'li',
                {},
                toolLink(tool.id),
                (tool.missing ?? []).length > 0
                  ? ` — missing ${tool.missing.map((item) => `${item.kind} ${item.name}`).join(', ')}`
                  : '',
                reasonList(tool.reasons),
                (tool.howToGet ?? []).map((hint) => h('p', { class: 'muted' }, `How to get it: ${hint}`)),
              ),
            ),
          ),
        )
      : null,
    selection.suggestions.length > 0
      ? h(
          'section',
          {},
          h('h4', {}, 'Also consider'),
          h(
            'ul',
            {},
            selection.suggestions.map((tool) =>
              h('li', {}, toolLink(tool.id), tool.for ? ` (for ${tool.for})` : ''),
            ),
          ),
        )
      : null,
    timingsView(selection.timings, side),
    h(
      'details',
      { class: 'request' },
      h(
        'summary',
        {},
        `The request's tools for ${selection.request.target} (about ${selection.request.tokens.toLocaleString('en-US')} tokens)`,
      ),
      selection.request.warnings.length > 0
        ? h(
            'ul',
            { class: 'warnings' },
            selection.request.warnings.map((warning) =>
              h('li', {}, `${warning.toolId ?? ''} ${warning.code}: ${warning.message}`),
            ),
          )
        : null,
      jsonBlock(selection.request.payload),
    ),
  );
}

/**
 * @param {any} tool
 * @param {string[]} [other]
 */
function rankedItem(tool, other) {
  const there = other?.indexOf(tool.id) ?? -1;
  return h(
    'li',
    { class: 'ranked-tool' },
    h(
      'div',
      { class: 'ranked-head' },
      toolLink(tool.id),
      h('span', { class: 'score' }, `score ${tool.score.toFixed(3)}`),
      h('span', { class: 'confidence' }, `confidence ${tool.confidence.toFixed(3)}`),
      other === undefined
        ? null
        : h('span', { class: 'badge' }, there === -1 ? 'not in the other' : `#${there + 1} in the other`),
      tool.requiresApproval ? h('span', { class: 'badge' }, 'needs approval') : null,
      tool.risk ? h('span', { class: 'badge' }, `risk ${tool.risk}`) : null,
    ),
    h('details', {}, h('summary', {}, `Why (${tool.reasons.length} reasons)`), reasonList(tool.reasons)),
  );
}

/** @param {Array<{ kind: string, message: string }>} reasons */
function reasonList(reasons) {
  return h(
    'ul',
    { class: 'reasons' },
    reasons.map((reason) => h('li', {}, h('span', { class: 'code' }, reason.kind), ' ', reason.message)),
  );
}

/**
 * @param {Record<string, number>} timings
 * @param {string} side
 */
function timingsView(timings, side) {
  const total = timings.total ?? 0;
  const stages = Object.entries(timings).filter(([stage]) => stage !== 'total');
  return h(
    'details',
    { class: 'timings' },
    h('summary', {}, `Timings: ${ms(total)} in all`),
    table({
      caption: `Milliseconds per stage (${side.toUpperCase()})`,
      headers: ['Stage', 'ms', ''],
      rows: stages.map(([stage, value]) => {
        const bar = h('span', { class: 'bar' });
        bar.style.width = `${total > 0 ? Math.max(1, Math.round((value / total) * 100)) : 0}%`;
        return [stage, value.toFixed(2), h('span', { class: 'bar-track', 'aria-hidden': 'true' }, bar)];
      }),
    }),
  );
}

/** @param {{ tool: string, fit: number, threshold: number, message: string }} abstention */
function abstentionText(abstention) {
  return `Nothing selected: ${abstention.message}`;
}

/** @param {number | undefined} value */
function ms(value) {
  return `${(value ?? 0).toFixed(1)} ms`;
}
