// The prompt box: the ranked tools with score, confidence, reasons and per-stage timings, the tools that fit but
// cannot run here and why, and the request's tools for a chosen LLM format; and two prompts side by side.
import { api } from './api.js';
import { field, showError } from './catalog-panel.js';
import { announce, h, replace } from './dom.js';
import { ms, selectionView } from './selection-view.js';

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
