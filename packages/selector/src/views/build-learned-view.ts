import { createHash } from 'node:crypto';
import { type ToolView, viewKey } from './tool-view.js';

/** The view of a prompt learned for one tool; its key carries a hash of the prompt, so learning twice is a no-op. */
export function buildLearnedView(toolId: string, prompt: string): ToolView {
  const text = normalizePrompt(prompt);
  const n = createHash('sha1').update(text.toLowerCase()).digest('hex').slice(0, 10);
  return { key: viewKey(toolId, 'learned', n), toolId, kind: 'learned', n, text };
}

/** Whitespace-normalised prompt text, as stored in a learned view. */
export function normalizePrompt(prompt: string): string {
  return prompt.replace(/\s+/g, ' ').trim();
}
