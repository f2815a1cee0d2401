// Learned prompts: what agents' calls and `toolsift learn` taught the index, by tool; forget one.
import { api } from './api.js';
import { field } from './catalog-panel.js';
import { announce, h, replace, toolLink } from './dom.js';

/** @param {import('./main.js').PanelContext} context */
export async function renderLearned({ main, isCurrent }) {
  const { entries } = await api('learned');
  if (!isCurrent()) return;
  const list = h('div', { id: 'learned-list' });
  const filter = /** @type {HTMLInputElement} */ (
    h('input', {
      id: 'learned-filter',
      type: 'search',
      autocomplete: 'off',
      placeholder: 'a tool or words of a prompt',
    })
  );
  const show = () => {
    const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    const kept = entries.filter((entry) => {
      const text = `${entry.tool}\n${entry.prompt}`.toLowerCase();
      return words.every((word) => text.includes(word));
    });
    const byTool = new Map();
    for (const entry of kept) byTool.set(entry.tool, [...(byTool.get(entry.tool) ?? []), entry]);
    replace(
      list,
      h(
        'p',
        { class: 'count' },
        `${kept.length.toLocaleString('en-US')} prompt(s) of ${byTool.size} tool(s)`,
      ),
      [...byTool].map(([tool, prompts]) =>
        h('section', { class: 'learned-tool' }, h('h3', {}, toolLink(tool)), learnedList(prompts, forget)),
      ),
    );
  };
  const forget = async (entry) => {
    const report = await api('forget', { tool: entry.tool, prompt: entry.prompt });
    const at = entries.indexOf(entry);
    if (at >= 0) entries.splice(at, 1);
    announce(
      report.changed > 0 ? `Forgot the prompt of ${entry.tool}.` : 'That prompt was already forgotten.',
    );
    show();
  };
  filter.addEventListener('input', show);
  replace(
    main,
    h('h2', {}, 'Learned prompts'),
    h(
      'p',
      { class: 'lead' },
      'Prompts the index learned from the tools really called for them; each is a view of its tool. Forgetting one removes it from the saved index.',
    ),
    entries.length === 0 ? h('p', {}, 'No learned prompt yet.') : field('learned-filter', 'Filter', filter),
    list,
  );
  if (entries.length > 0) show();
}

/**
 * A tool's learned prompts, each with its source and a button to forget it.
 * @param {Array<{ tool: string, prompt: string, source: string }>} entries
 * @param {(entry: any) => Promise<void>} forget
 */
export function learnedList(entries, forget) {
  return h(
    'ul',
    { class: 'learned' },
    entries.map((entry) => {
      const button = h(
        'button',
        {
          type: 'button',
          class: 'forget',
          onclick: () => {
            button.setAttribute('disabled', '');
            forget(entry).catch((error) => {
              button.removeAttribute('disabled');
              announce(`Could not forget it: ${error.message}`);
            });
          },
        },
        'Forget',
        h('span', { class: 'visually-hidden' }, ` the prompt "${shortText(entry.prompt)}" of ${entry.tool}`),
      );
      return h(
        'li',
        { class: 'learned-prompt' },
        h('span', { class: 'prompt-text' }, entry.prompt),
        ' ',
        h('span', { class: 'badge' }, entry.source),
        ' ',
        button,
      );
    }),
  );
}

/** @param {string} text */
function shortText(text) {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
