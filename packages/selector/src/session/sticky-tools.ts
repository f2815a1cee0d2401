import type { Selector } from '../selector/create-selector.js';
import type { SelectOptions } from '../selector/selection.js';
import type { SessionTool } from './session.js';

/**
 * The tools called within the last `stickyTurns` user turns (most recent first), as offered tools with a
 * `sticky` reason; tools gone from the catalog or outside the candidates are left out.
 */
export function stickyTools(options: {
  called: ReadonlyMap<string, number>;
  turn: number;
  stickyTurns: number;
  selector: Selector;
  selectOptions: SelectOptions;
}): SessionTool[] {
  const allowed =
    options.selectOptions.candidates === undefined ? undefined : new Set(options.selectOptions.candidates);
  const sticky: SessionTool[] = [];
  const recent = [...options.called].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  for (const [id, calledAt] of recent) {
    const age = options.turn - calledAt;
    const tool = options.selector.tool(id);
    if (age > options.stickyTurns || tool === undefined || (allowed !== undefined && !allowed.has(id)))
      continue;
    const left = options.stickyTurns - age;
    sticky.push({
      id,
      name: tool.name,
      score: 0,
      confidence: 0,
      isSticky: true,
      reasons: [
        {
          kind: 'sticky',
          message: `called ${age === 0 ? 'this turn' : `${age} turn${age > 1 ? 's' : ''} ago`}; kept for ${left} more turn${left === 1 ? '' : 's'}`,
          details: { calledAt, turn: options.turn },
        },
      ],
    });
  }
  return sticky;
}
