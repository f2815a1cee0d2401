// A selection as the prompt box shows it: the ranked tools with score, confidence and reasons, the tools that fit
// but cannot run here and why, suggestions, warnings, per-stage timings, and the request's tools for an LLM format.
import { h, jsonBlock, table, toolLink } from './dom.js';

/**
 * One prompt's selection.
 * @param {any} selection
 * @param {string} prompt
 * @param {string} side
 * @param {string[]} [other] the other prompt's ranked ids, to say where each tool is there
 */
export function selectionView(selection, prompt, side, other) {
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
 * Milliseconds with one decimal.
 * @param {number | undefined} value
 */
export function ms(value) {
  return `${(value ?? 0).toFixed(1)} ms`;
}

// --- internal ---

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
