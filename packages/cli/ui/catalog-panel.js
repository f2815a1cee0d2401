// The catalog: search by words, filter by server, format and diagnostic (catalog diagnostics and the doctor's
// findings), a page of tools at a time.
import { api } from './api.js';
import { announce, h, replace, toolLink } from './dom.js';

const PAGE = 100;
const CATALOG_DRAWN = 'toolsift:catalog-drawn';
/** The filters, kept while the page is open (coming back to the catalog finds them as they were). */
const filters = { text: '', server: '', format: '', code: '' };

/** @param {import('./main.js').PanelContext} context */
export async function renderCatalog({ main, summary, isCurrent }) {
  const results = h('div', { class: 'results' });
  const count = h('p', { class: 'count', id: 'catalog-count' });
  const search = h('input', {
    id: 'catalog-text',
    type: 'search',
    value: filters.text,
    placeholder: 'words in a name or description',
    autocomplete: 'off',
  });
  const selects = {
    server: facetSelect('catalog-server', 'All servers', summary.facets.servers, filters.server),
    format: facetSelect('catalog-format', 'All formats', summary.facets.formats, filters.format),
    code: facetSelect('catalog-code', 'Any or none', summary.facets.codes, filters.code, [
      ['any', 'Any diagnostic or finding'],
    ]),
  };
  let timer;
  let asked = 0;
  const load = async (offset) => {
    const mine = ++asked;
    const query = new URLSearchParams({ offset: String(offset), limit: String(PAGE) });
    for (const [name, value] of Object.entries(filters)) if (value !== '') query.set(name, value);
    const page = await api(`tools?${query}`);
    if (mine !== asked || !isCurrent()) return;
    if (offset === 0) results.replaceChildren(toolTable());
    const body = results.querySelector('tbody');
    for (const tool of page.tools) body?.appendChild(toolRow(tool));
    const shown = offset + page.tools.length;
    const text =
      `${page.total.toLocaleString('en-US')} of ${summary.tools.toLocaleString('en-US')} tools match` +
      (shown < page.total ? `; the first ${shown.toLocaleString('en-US')} shown` : '');
    replace(count, text);
    announce(text);
    // For `pnpm bench:ui`: when the catalog was first drawn, from the navigation's start.
    if (performance.getEntriesByName(CATALOG_DRAWN).length === 0) performance.mark(CATALOG_DRAWN);
    results.querySelector('.more')?.remove();
    if (shown < page.total) {
      results.appendChild(
        h('button', { type: 'button', class: 'more', onclick: () => load(shown) }, `Show ${PAGE} more`),
      );
    }
  };
  const refresh = () => {
    filters.text = /** @type {HTMLInputElement} */ (search).value;
    for (const [name, select] of Object.entries(selects)) filters[name] = select.value;
    load(0).catch(showError(results));
  };
  search.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(refresh, 150);
  });
  for (const select of Object.values(selects)) select.addEventListener('change', refresh);

  replace(
    main,
    h('h2', {}, 'Catalog'),
    h(
      'p',
      { class: 'lead' },
      `${summary.tools.toLocaleString('en-US')} tools.`,
      summary.indexWarnings.length > 0
        ? ` ${summary.indexWarnings.length} index warning(s): see the list below.`
        : '',
    ),
    h(
      'form',
      { role: 'search', class: 'filters', onsubmit: (event) => event.preventDefault() },
      field('catalog-text', 'Search', search),
      field('catalog-server', 'Server', selects.server),
      field('catalog-format', 'Format', selects.format),
      field('catalog-code', 'Diagnostic', selects.code),
    ),
    summary.indexWarnings.length > 0
      ? h(
          'ul',
          { class: 'warnings' },
          summary.indexWarnings.map((warning) => h('li', {}, `${warning.code}: ${warning.message}`)),
        )
      : null,
    count,
    results,
  );
  await load(0);
}

/**
 * @param {string} id
 * @param {string} label
 * @param {Element} control
 */
export function field(id, label, control) {
  return h('div', { class: 'field' }, h('label', { for: id }, label), control);
}

/**
 * @param {string} id
 * @param {string} allLabel
 * @param {Array<{ value: string, count: number }>} values
 * @param {string} selected
 * @param {Array<[string, string]>} [extra]
 */
function facetSelect(id, allLabel, values, selected, extra = []) {
  return h(
    'select',
    { id },
    h('option', { value: '' }, allLabel),
    extra.map(([value, label]) => h('option', { value, selected: value === selected }, label)),
    values.map(({ value, count }) =>
      h('option', { value, selected: value === selected }, `${value} (${count})`),
    ),
  );
}

function toolTable() {
  return h(
    'table',
    { class: 'catalog' },
    h('caption', { class: 'visually-hidden' }, 'Tools of the catalog'),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ['Tool', 'Server', 'Format', 'Description', 'Diagnostics'].map((name) =>
          h('th', { scope: 'col' }, name),
        ),
      ),
    ),
    h('tbody', {}),
  );
}

/** @param {any} tool */
function toolRow(tool) {
  return h(
    'tr',
    {},
    h('td', {}, toolLink(tool.id), tool.title ? h('div', { class: 'muted' }, tool.title) : null),
    h('td', {}, tool.server ?? ''),
    h('td', {}, tool.format),
    h('td', { class: 'description' }, tool.description),
    h(
      'td',
      {},
      tool.codes.map((code) => h('span', { class: 'code' }, code)),
    ),
  );
}

/** @param {Element} where */
export function showError(where) {
  return (error) => {
    where.replaceChildren(
      h('p', { class: 'error', role: 'alert' }, error instanceof Error ? error.message : String(error)),
    );
  };
}
