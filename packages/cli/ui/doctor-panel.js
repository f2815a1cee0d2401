// The doctor's findings (`toolsift doctor`), each with its tools linked, its evidence and the fix; run on demand.
import { api } from './api.js';
import { announce, h, replace, toolLink } from './dom.js';

/** @param {import('./main.js').PanelContext} context */
export async function renderDoctor({ main, isCurrent }) {
  const body = h('div', { id: 'doctor-body' });
  replace(
    main,
    h('h2', {}, 'Doctor'),
    h(
      'p',
      { class: 'lead' },
      "Each tool's own use cases and examples, held out of its index, run through the selector: tools they do not " +
        "reach, pairs that take each other's prompts, thin metadata, deprecations, undeclared writes, colliding " +
        'names and overlays that match nothing.',
    ),
    body,
  );
  const update = async (state) => {
    if (!isCurrent()) return;
    if (state.state === 'idle') {
      replace(
        body,
        h('button', { type: 'button', onclick: () => api('doctor', {}).then(update) }, 'Run the doctor'),
      );
      return;
    }
    if (state.state === 'running') {
      const progress = state.progress;
      const text = progress
        ? `${progress.stage === 'embed' ? 'Embedding views' : 'Selecting for own prompts'}: ${progress.done} of ${progress.total}`
        : 'Starting…';
      replace(
        body,
        h('p', {}, text),
        progress ? h('progress', { max: progress.total, value: progress.done, 'aria-label': text }) : null,
      );
      setTimeout(() => api('doctor').then(update), POLL_MS);
      return;
    }
    if (state.state === 'failed') {
      replace(
        body,
        h('p', { class: 'error', role: 'alert' }, `The doctor failed: ${state.message}`),
        h('button', { type: 'button', onclick: () => api('doctor', {}).then(update) }, 'Run it again'),
      );
      return;
    }
    const { report } = state;
    replace(
      body,
      reportView(report, () => api('doctor', {}).then(update)),
    );
    announce(`${report.findings.length} finding(s).`);
  };
  await update(await api('doctor'));
}

/**
 * One finding: severity, message, the tools it names (linked), its evidence and the fix.
 * @param {any} finding
 */
export function findingItem(finding) {
  return h(
    'li',
    { class: `finding ${finding.severity}` },
    h('span', { class: `badge ${finding.severity}` }, finding.severity),
    ' ',
    h('span', { class: 'code' }, finding.code),
    ' ',
    finding.message,
    finding.tools.length > 0
      ? h(
          'p',
          { class: 'finding-tools' },
          'Tools: ',
          finding.tools.map((id, at) => [at > 0 ? ', ' : '', toolLink(id)]),
        )
      : null,
    finding.evidence.length > 0
      ? h(
          'details',
          {},
          h('summary', {}, `Evidence (${finding.evidence.length})`),
          h(
            'ul',
            {},
            finding.evidence.map((line) => h('li', {}, line)),
          ),
        )
      : null,
    h('p', { class: 'fix' }, `Fix: ${finding.fix}`),
  );
}

// --- internal ---

const POLL_MS = 500;

/**
 * @param {any} report
 * @param {() => void} rerun
 */
function reportView(report, rerun) {
  const byKind = new Map();
  for (const finding of report.findings) {
    const list = byKind.get(finding.kind) ?? [];
    list.push(finding);
    byKind.set(finding.kind, list);
  }
  const reach = report.reach;
  return h(
    'div',
    {},
    h(
      'p',
      {},
      `${report.tools.toLocaleString('en-US')} tools; ${reach.prompts} own prompts of ${reach.tools} tools: ` +
        `${reach.first} select their tool first, ${reach.inTop} among the first 5. ` +
        `${report.counts.error} error(s), ${report.counts.warning} warning(s), ${report.counts.info} note(s); ` +
        `${(report.timings.total / 1000).toFixed(1)} s (about ${Math.round(report.estimate.seconds)} s at ` +
        `${report.estimate.tools.toLocaleString('en-US')} tools).`,
    ),
    h('button', { type: 'button', onclick: rerun }, 'Run it again'),
    report.findings.length === 0 ? h('p', {}, 'No finding.') : null,
    [...byKind].map(([kind, findings]) =>
      h(
        'section',
        { 'aria-label': kind },
        h('h3', {}, `${kind} (${findings.length})`),
        h('ul', { class: 'findings' }, findings.map(findingItem)),
      ),
    ),
  );
}
