import { DOCTOR_KINDS, type DoctorKind, type DoctorReport } from '@toolsift/selector';
import { toSafeText } from './safe-output.js';

/**
 * `toolsift doctor`'s table: the findings grouped by kind (a heading with the counts, then each finding's severity,
 * tools and message, its evidence and its fix), then what the own prompts reached, the counts, the time taken and
 * the time 10,000 tools would take. Every text from the catalog is made safe for a terminal.
 */
export function renderDoctorReport(report: DoctorReport): string {
  const lines: string[] = [];
  for (const kind of DOCTOR_KINDS) {
    const findings = report.findings.filter((finding) => finding.kind === kind);
    if (findings.length === 0) continue;
    const counts = (['error', 'warning', 'info'] as const).flatMap((severity) => {
      const found = findings.filter((finding) => finding.severity === severity).length;
      return found === 0 ? [] : [severityCount(found, severity)];
    });
    lines.push(`${KIND_TITLES[kind]} (${counts.join(', ')})`);
    for (const finding of findings) {
      const tools = finding.tools.length === 0 ? '' : `${finding.tools.join(' <> ')}: `;
      lines.push(`  ${finding.severity.toUpperCase().padEnd(8)} ${tools}${finding.message}`);
      for (const evidence of finding.evidence) lines.push(`${INDENT}- ${evidence}`);
      lines.push(`${INDENT}fix: ${finding.fix}`);
    }
    lines.push('');
  }
  const { reach } = report;
  const share = (value: number) =>
    reach.prompts === 0 ? '' : ` (${Math.round((value / reach.prompts) * 100)}%)`;
  lines.push(
    reach.prompts === 0
      ? `${count(report.tools, 'tool')}; none has a use case or an example, so no reach was checked`
      : `${count(report.tools, 'tool')}; ${count(reach.prompts, 'own prompt')} of ${count(reach.tools, 'tool')}: ` +
          `${reach.first}${share(reach.first)} select their tool first (k=1), ` +
          `${reach.inTop}${share(reach.inTop)} among the first ${reach.k} (k=${reach.k})`,
    `${severityCount(report.counts.error, 'error')}, ${severityCount(report.counts.warning, 'warning')}, ` +
      `${severityCount(report.counts.info, 'info')} ` +
      `in ${duration(report.timings.total)}; ${report.estimate.tools.toLocaleString('en')} tools would take ` +
      `about ${duration(report.estimate.seconds * 1000)} at this rate`,
  );
  return `${toSafeText(lines.join('\n'))}\n`;
}

// --- internal ---

const INDENT = ' '.repeat(11);

const KIND_TITLES: Readonly<Record<DoctorKind, string>> = {
  reach: 'Tools their own prompts do not select',
  confusable: "Tools that take each other's prompts",
  'thin-metadata': 'Thin metadata',
  deprecated: 'Deprecated tools',
  'undeclared-write': 'Writes nothing declares',
  'name-collision': 'Names that collide across servers',
  overlay: 'Overlays',
};

function count(value: number, noun: string): string {
  return `${value.toLocaleString('en')} ${noun}${value === 1 ? '' : 's'}`;
}

function severityCount(value: number, severity: 'error' | 'warning' | 'info'): string {
  return severity === 'info' ? `${value.toLocaleString('en')} info` : count(value, severity);
}

function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 90) return `${seconds.toFixed(1)} s`;
  const minutes = seconds / 60;
  return minutes < 90 ? `${Math.round(minutes)} min` : `${(minutes / 60).toFixed(1)} h`;
}
