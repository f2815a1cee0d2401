// `gateway --ui`: each upstream's state (up, starting, retrying, down) with its stderr tail, and the latest
// searches and calls of the gateway's clients; refreshed every 2 s while shown.
import { api } from './api.js';
import { h, replace, table, toolLink } from './dom.js';

/** @param {import('./main.js').PanelContext} context */
export async function renderGateway({ main, summary, isCurrent }) {
  if (!summary.isGateway) {
    replace(
      main,
      h('h2', {}, 'Gateway'),
      h('p', {}, 'This page is not a gateway: `toolsift gateway --ui` shows its upstreams.'),
    );
    return;
  }
  const body = h('div', { id: 'gateway-body' });
  replace(main, h('h2', {}, 'Gateway'), body);
  // Drawn again only when something changed (not the countdown to a retry), so that focus and the stderr tails a
  // reader opened stay as they are.
  let drawn = '';
  const refresh = async () => {
    if (!isCurrent()) return;
    const state = await api('gateway');
    if (!isCurrent()) return;
    const shape = JSON.stringify(state, (key, value) => (key === 'retryInMs' ? undefined : value));
    if (shape !== drawn) {
      drawn = shape;
      replace(body, upstreamsView(state.upstreams), searchesView(state.searches), callsView(state.calls));
    } else {
      for (const upstream of state.upstreams) {
        const next = body.querySelector(`[data-server="${CSS.escape(upstream.server)}"] .next-attempt`);
        if (next && upstream.retryInMs !== undefined) next.textContent = nextAttempt(upstream.retryInMs);
      }
    }
    setTimeout(() => refresh().catch(() => undefined), REFRESH_MS);
  };
  await refresh();
}

// --- internal ---

const REFRESH_MS = 2000;

/** @param {any[]} upstreams */
function upstreamsView(upstreams) {
  return h(
    'section',
    { 'aria-labelledby': 'gateway-upstreams' },
    h('h3', { id: 'gateway-upstreams' }, 'Upstream servers'),
    h(
      'ul',
      { class: 'upstreams' },
      upstreams.map((upstream) =>
        h(
          'li',
          {
            class: `upstream ${upstream.state}`,
            'data-server': upstream.server,
            'data-state': upstream.state,
          },
          h('span', { class: 'server-name' }, upstream.server),
          ' ',
          h('span', { class: `badge state ${upstream.state}` }, upstream.state),
          ' ',
          `${upstream.tools} tool(s)`,
          upstream.failures > 0 ? `, ${upstream.failures} failure(s) in a row` : '',
          upstream.reason ? h('p', { class: 'reason' }, `It ${upstream.reason}.`) : null,
          upstream.retryInMs !== undefined
            ? h('p', { class: 'muted next-attempt' }, nextAttempt(upstream.retryInMs))
            : null,
          upstream.stderrTail
            ? h(
                'details',
                {},
                h('summary', {}, 'Its stderr ends with'),
                h('pre', { class: 'stderr' }, upstream.stderrTail),
              )
            : null,
        ),
      ),
    ),
  );
}

/** @param {any[]} searches */
function searchesView(searches) {
  return h(
    'section',
    { 'aria-labelledby': 'gateway-searches' },
    h('h3', { id: 'gateway-searches' }, `Latest searches (${searches.length})`),
    searches.length === 0
      ? h('p', { class: 'muted' }, 'No search yet.')
      : table({
          caption: 'search_tools calls, newest first',
          headers: ['When', 'Query', 'Tools returned', 'Set aside', 'ms'],
          rows: searches.map((search) => [
            time(search.at),
            h('span', { class: 'prompt-text' }, search.query),
            search.tools.map((name, at) => [at > 0 ? ', ' : '', toolLink(name)]),
            search.unavailable.join(', '),
            search.ms.toFixed(0),
          ]),
        }),
  );
}

/** @param {any[]} calls */
function callsView(calls) {
  return h(
    'section',
    { 'aria-labelledby': 'gateway-calls' },
    h('h3', { id: 'gateway-calls' }, `Latest calls (${calls.length})`),
    calls.length === 0
      ? h('p', { class: 'muted' }, 'No call yet.')
      : table({
          caption: 'Proxied tool calls, newest first',
          headers: ['When', 'Tool', 'Result', 'ms'],
          rows: calls.map((call) => [
            time(call.at),
            h('code', {}, call.name),
            call.isError ? h('span', { class: 'error-text' }, `error: ${call.error ?? ''}`) : 'ok',
            call.ms.toFixed(0),
          ]),
        }),
  );
}

/** @param {number} ms */
function nextAttempt(ms) {
  return `Next attempt in ${Math.ceil(ms / 1000)} s.`;
}

/** @param {string} at */
function time(at) {
  return h('time', { datetime: at }, new Date(at).toLocaleTimeString());
}
