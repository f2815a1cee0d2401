import type { Tool } from '../model/tool.js';
import { redactSecretText } from './credential-detection.js';

/** A description ready to emit, with what was done to it. */
export interface FormattedDescription {
  /** Undefined when the tool has neither a description nor a title nor hints. */
  description: string | undefined;
  /** Length of the original text when it was cut, else undefined. */
  truncatedFrom?: number;
  /** How many secret-looking values were redacted. */
  redactions: number;
}

/**
 * The description to emit for `tool`: its description (or title), secret-looking values redacted, cut to
 * `maxLength` on a word boundary (ending in `…`). With `useCaseHints`, the first use case's `whenToUse`
 * and `notFor` are appended as "Use when: …" / "Not for: …" lines when they fit and say something new.
 */
export function formatDescription(options: {
  tool: Tool;
  maxLength: number;
  useCaseHints: boolean;
}): FormattedDescription {
  const { tool, maxLength } = options;
  const source = tool.description.trim() !== '' ? tool.description.trim() : (tool.title?.trim() ?? '');
  const redacted = redactSecretText(source);
  let description = redacted.text;
  if (description.length > maxLength) {
    return {
      description: cutOnWord(description, maxLength),
      truncatedFrom: description.length,
      redactions: redacted.count,
    };
  }
  if (options.useCaseHints) {
    for (const hint of useCaseHints(tool)) {
      if (description.toLowerCase().includes(hint.text.toLowerCase())) continue;
      const line = `${hint.label}: ${endSentence(hint.text)}`;
      const candidate = description === '' ? line : `${description}\n${line}`;
      if (candidate.length <= maxLength) description = candidate;
    }
  }
  const clean = redactSecretText(description);
  return {
    description: clean.text === '' ? undefined : clean.text,
    redactions: redacted.count + clean.count,
  };
}

// --- internal ---

/** A cut shorter than this share of the limit would lose too much: cut mid-word instead. */
const MIN_WORD_CUT_SHARE = 0.6;

function cutOnWord(text: string, maxLength: number): string {
  const room = text.slice(0, maxLength - 1);
  // The room ends on a whole word when the next character is a space.
  if (/\s/.test(text[maxLength - 1] ?? '')) return `${room.trimEnd()}…`;
  const lastSpace = room.search(/\s\S*$/);
  const cut = lastSpace >= maxLength * MIN_WORD_CUT_SHARE ? room.slice(0, lastSpace) : room;
  return `${cut.trimEnd()}…`;
}

function useCaseHints(tool: Tool): { label: string; text: string }[] {
  const whenToUse = tool.useCases
    .find((useCase) => (useCase.whenToUse?.trim() ?? '') !== '')
    ?.whenToUse?.trim();
  const notFor = tool.useCases.find((useCase) => (useCase.notFor?.trim() ?? '') !== '')?.notFor?.trim();
  return [
    ...(whenToUse !== undefined ? [{ label: 'Use when', text: whenToUse }] : []),
    ...(notFor !== undefined ? [{ label: 'Not for', text: notFor }] : []),
  ];
}

function endSentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
