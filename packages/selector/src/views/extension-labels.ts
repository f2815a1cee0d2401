import { isCredentialKey, looksLikeSecret, type Tool } from '@toolsift/core';
import { identifierWords } from './identifier-words.js';

/**
 * Short descriptive strings a format kept outside the tool model, under `extensions` — a Gorilla model's
 * `domain` and `functionality`, a REST operation's `service`, a ToolBench API's `tool_name` — searched like
 * keywords. Identifiers, links, code, long prose and anything credential-like are left out.
 */
export function extensionLabels(tool: Pick<Tool, 'extensions'>): string[] {
  const labels: string[] = [];
  for (const fields of Object.values(tool.extensions ?? {})) {
    if (typeof fields !== 'object' || fields === null) continue;
    for (const [key, value] of Object.entries(fields)) {
      if (typeof value !== 'string' || !isLabelKey(key)) continue;
      const label = value.trim();
      if (isLabelText(label)) labels.push(label);
    }
  }
  return labels;
}

// --- internal ---

/** Longer values are prose (a `description_for_model`) and measured to hurt rather than help as keywords. */
const MAX_LABEL_LENGTH = 80;
const MAX_LABEL_WORDS = 8;
/** Last words of keys that hold identifiers, addresses, code or credentials rather than words about the tool. */
const NON_LABEL_KEY_WORDS = new Set([
  'id',
  'ids',
  'uri',
  'url',
  'urls',
  'link',
  'links',
  'href',
  'path',
  'file',
  'call',
  'code',
  'version',
  'hash',
  'method',
  'auth',
]);

function isLabelKey(key: string): boolean {
  const last = identifierWords(key).at(-1);
  return last !== undefined && !NON_LABEL_KEY_WORDS.has(last) && !isCredentialKey(key);
}

function isLabelText(text: string): boolean {
  if (text.length === 0 || text.length > MAX_LABEL_LENGTH) return false;
  if (text.split(/\s+/).length > MAX_LABEL_WORDS) return false;
  // Links, paths, code and N/A-style placeholders say nothing about what the tool is for.
  if (/:\/\/|[(){}[\]=<>]|^\/|^n\/?a$/i.test(text)) return false;
  return !looksLikeSecret(text);
}
