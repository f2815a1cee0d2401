import type { Tool } from '@toolsift/core';

/**
 * The descriptive strings a tool's format carries beyond the core fields (kept under `extensions.<format>`):
 * an OpenAI plugin's `description_for_model`, a model hub's `domain` and `functionality`, an API's family
 * name... Only top-level strings; URLs and anything credential-like (by key or by value) are left out.
 */
export function extensionText(tool: Pick<Tool, 'extensions'>): string[] {
  const texts: string[] = [];
  for (const record of Object.values(tool.extensions)) {
    for (const [key, value] of Object.entries(record)) {
      if (typeof value !== 'string') continue;
      const text = value.replace(/\s+/g, ' ').trim();
      if (text.length === 0 || text.length > MAX_LENGTH || !/\p{L}/u.test(text)) continue;
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) || CREDENTIAL_KEY.test(key) || SECRET_VALUE.test(text)) continue;
      texts.push(text);
    }
  }
  return texts;
}

// --- internal ---

const MAX_LENGTH = 4000;
const CREDENTIAL_KEY = /pass(word)?|secret|token|api[_-]?key|credential|auth|private/i;
const SECRET_VALUE = /\b(sk-[A-Za-z0-9]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|AKIA[0-9A-Z]{16}|eyJ[\w-]+\.[\w-]+\.[\w-]+)\b/;
