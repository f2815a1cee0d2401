import type { Selection } from '@toolsift/selector';

/** A selection as a readable table: selected tools, then tools that cannot run here, suggestions, warnings. */
export function renderSelectionTable(selection: Selection, isExplained: boolean): string {
  const lines: string[] = [];
  if (selection.tools.length === 0)
    lines.push(
      selection.unavailable.length > 0
        ? 'No tool that can run here fits this prompt.'
        : 'No tool fits this prompt.',
    );
  else {
    const idWidth = Math.max(4, ...selection.tools.map((tool) => tool.id.length));
    lines.push(`${'#'.padStart(2)}  ${'tool'.padEnd(idWidth)}  score  confidence`);
    selection.tools.forEach((tool, index) => {
      const flags = [
        tool.requiresApproval === true ? 'needs approval' : '',
        tool.risk ? `risk ${tool.risk}` : '',
      ]
        .filter(Boolean)
        .join(', ');
      lines.push(
        `${String(index + 1).padStart(2)}  ${tool.id.padEnd(idWidth)}  ${tool.score.toFixed(3)}  ${tool.confidence.toFixed(3)}${flags ? `  (${flags})` : ''}`,
      );
      if (isExplained)
        for (const reason of tool.reasons) lines.push(`      - ${reason.kind}: ${reason.message}`);
    });
  }
  if (selection.unavailable.length > 0) {
    lines.push('', 'Fit, but cannot run here:');
    // A catalog where most tools need keys can list many; the best few tell the story, --explain tells all.
    const shown = isExplained ? selection.unavailable : selection.unavailable.slice(0, UNAVAILABLE_SHOWN);
    for (const tool of shown) {
      const missing = (tool.missing ?? []).map((item) => `${item.kind} ${item.name}`).join(', ');
      lines.push(`  ${tool.id}${missing ? ` — missing ${missing}` : ''}`);
      for (const hint of tool.howToGet ?? []) lines.push(`      how to get: ${hint}`);
    }
    const hidden = selection.unavailable.length - shown.length;
    if (hidden > 0) lines.push(`  ... and ${hidden} more (--explain or --json lists them all)`);
  }
  if (selection.suggestions.length > 0) {
    lines.push('', 'Also consider:');
    for (const tool of selection.suggestions)
      lines.push(`  ${tool.id}${tool.for ? ` (instead of ${tool.for})` : ''}`);
  }
  for (const warning of selection.warnings) lines.push(`warning: ${warning.message}`);
  if (isExplained) {
    const stages = Object.entries(selection.timings)
      .map(([stage, ms]) => `${stage} ${ms.toFixed(1)}`)
      .join(', ');
    lines.push(`timings (ms): ${stages}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Tools that cannot run here listed in the table without --explain. */
export const UNAVAILABLE_SHOWN = 3;
