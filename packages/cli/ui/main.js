// The page: reads the token, loads the summary, and shows one panel at a time by the URL's fragment
// (`#/catalog`, `#/tool/<id>`, `#/prompt`, `#/compare`, `#/doctor`, `#/learned`, `#/gateway`).
import { api, takeToken } from './api.js';
import { renderCatalog } from './catalog-panel.js';
import { renderDoctor } from './doctor-panel.js';
import { h, replace } from './dom.js';
import { renderGateway } from './gateway-panel.js';
import { renderLearned } from './learned-panel.js';
import { renderCompare, renderPrompt } from './prompt-panel.js';
import { renderTool } from './tool-panel.js';

/** @typedef {{ main: HTMLElement, summary: any, isCurrent: () => boolean }} PanelContext */

const PANELS = {
  catalog: renderCatalog,
  tool: renderTool,
  prompt: renderPrompt,
  compare: renderCompare,
  doctor: renderDoctor,
  learned: renderLearned,
  gateway: renderGateway,
};

let summary;
let shown = 0;

async function start() {
  takeToken();
  const main = /** @type {HTMLElement} */ (document.getElementById('main'));
  try {
    summary = await api('summary');
  } catch (error) {
    replace(main, failure(error));
    return;
  }
  replace(/** @type {HTMLElement} */ (document.getElementById('title')), summary.title);
  document.title = `toolsift — ${summary.title}`;
  const gatewayLink = document.getElementById('nav-gateway');
  if (gatewayLink && summary.isGateway) gatewayLink.hidden = false;
  window.addEventListener('hashchange', () => {
    // The printed URL opened again in this tab: its token replaces the kept one.
    takeToken();
    show(main);
  });
  await show(main);
}

/** @param {HTMLElement} main */
async function show(main) {
  const [name = 'catalog', ...rest] = location.hash.replace(/^#\/?/, '').split('/');
  const render = PANELS[/** @type {keyof typeof PANELS} */ (name)] ?? renderCatalog;
  const panel = PANELS[/** @type {keyof typeof PANELS} */ (name)] ? name : 'catalog';
  for (const link of document.querySelectorAll('#nav a')) {
    const isCurrent = link.getAttribute('href') === `#/${panel === 'tool' ? 'catalog' : panel}`;
    if (isCurrent) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  shown += 1;
  const mine = shown;
  main.replaceChildren();
  // Says which panel is drawn (tests and scripts wait for it).
  main.removeAttribute('data-panel');
  try {
    await render({ main, summary, isCurrent: () => mine === shown }, decodeURIComponent(rest.join('/')));
    if (mine === shown) main.dataset.panel = panel;
  } catch (error) {
    if (mine === shown) replace(main, failure(error));
  }
}

/** @param {unknown} error */
function failure(error) {
  const status = /** @type {{ status?: number }} */ (error).status;
  const message = error instanceof Error ? error.message : String(error);
  return h(
    'div',
    { class: 'error', role: 'alert' },
    h('h2', {}, 'The page could not load this'),
    h('p', {}, message),
    status === 401 || status === 403
      ? h('p', {}, 'Open the URL toolsift printed: it holds the token this page needs.')
      : null,
  );
}

start();
