import type { SelectionWarning, SideTool } from '../ranking/selection-context.js';
import type { SelectedTool, Selection } from '../selector/selection.js';

/** One selection to merge, the weight of its evidence, and what it was selected on (for the reasons). */
export interface WeightedSelection {
  selection: Selection;
  weight: number;
  /** e.g. `last message`, `recent conversation`. */
  label: string;
}

/**
 * Merge selections made on different texts of one conversation: a tool's confidence and score are the
 * weighted sums over the selections (0 where it is absent), ranked by confidence, then score, then id.
 * Nothing is cut; an abstention is kept only when no tool is left. Each tool keeps the reasons of the selection that contributed most, plus a `session` reason with the sum.
 */
export function mergeSelections(parts: readonly WeightedSelection[]): Selection {
  const merged = new Map<string, { tool: SelectedTool; best: number; contributions: string[] }>();
  for (const { selection, weight, label } of parts) {
    for (const tool of selection.tools) {
      const contribution = weight * tool.confidence;
      const entry = merged.get(tool.id) ?? {
        tool: { ...tool, score: 0, confidence: 0, reasons: tool.reasons },
        best: -1,
        contributions: [],
      };
      entry.tool.score += weight * tool.score;
      entry.tool.confidence += contribution;
      entry.contributions.push(`${label} ${tool.confidence.toFixed(3)} x ${weight.toFixed(2)}`);
      if (contribution > entry.best) {
        entry.best = contribution;
        entry.tool.reasons = tool.reasons;
      }
      merged.set(tool.id, entry);
    }
  }
  const tools = [...merged.values()]
    .map(({ tool, contributions }) => ({
      ...tool,
      score: round(tool.score),
      confidence: round(tool.confidence),
      reasons: [
        ...tool.reasons,
        {
          kind: 'session' as const,
          message: `confidence ${round(tool.confidence).toFixed(3)} = ${contributions.join(' + ')}`,
          details: { contributions },
        },
      ],
    }))
    .sort(
      (a, b) => b.confidence - a.confidence || b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
  const timings: Record<string, number> = {};
  for (const { selection, label } of parts) {
    for (const [stage, ms] of Object.entries(selection.timings)) {
      timings[`${label.replaceAll(' ', '-')}.${stage}`] = ms;
    }
  }
  // An abstention stands only when no text of the conversation found a tool.
  const abstention =
    tools.length === 0
      ? parts.find(({ selection }) => selection.abstention)?.selection.abstention
      : undefined;
  return {
    tools,
    ...(abstention !== undefined ? { abstention } : {}),
    unavailable: uniqueById(parts.flatMap(({ selection }) => selection.unavailable)),
    suggestions: uniqueById(parts.flatMap(({ selection }) => selection.suggestions)),
    warnings: uniqueWarnings(parts.flatMap(({ selection }) => selection.warnings)),
    timings,
  };
}

// --- internal ---

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function uniqueById<T extends SideTool>(tools: readonly T[]): T[] {
  const seen = new Set<string>();
  return tools.filter((tool) => !seen.has(tool.id) && seen.add(tool.id) !== undefined);
}

function uniqueWarnings(warnings: readonly SelectionWarning[]): SelectionWarning[] {
  const seen = new Set<string>();
  return warnings.filter((warning) => {
    const key = `${warning.code}\u0000${warning.toolId ?? ''}\u0000${warning.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
