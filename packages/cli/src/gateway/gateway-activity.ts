import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { redactSecrets } from '@toolsift/core';
import type { GatewaySearchAnswer } from './search-gateway.js';

/** One `search_tools` call as the `ui` page lists it. */
export interface SearchRecord {
  /** When it was answered (ISO 8601). */
  at: string;
  /** The query, secrets redacted, cut to `MAX_RECORDED_TEXT` characters. */
  query: string;
  k: number;
  /** The qualified names returned, best first. */
  tools: string[];
  /** Tools found but set aside (a server down, a prerequisite missing). */
  unavailable: string[];
  /** Servers searched with their last tool list. */
  stale: string[];
  /** Milliseconds from the call to its answer (waits for the index and tool lists included). */
  ms: number;
}

/** One proxied tool call as the `ui` page lists it (its arguments and result are not kept). */
export interface CallRecord {
  at: string;
  /** The qualified name called. */
  name: string;
  isError: boolean;
  /** For an error: the start of its text, secrets redacted. */
  error?: string;
  ms: number;
}

/** The latest searches and calls of every client of a gateway, newest first. */
export interface GatewayActivity {
  searched(search: { query: string; k: number; answer: GatewaySearchAnswer; ms: number }): void;
  called(call: { name: string; result: CallToolResult; ms: number }): void;
  recent(): { searches: SearchRecord[]; calls: CallRecord[] };
}

/** Most characters of a query or an error kept. */
export const MAX_RECORDED_TEXT = 500;

/** Keep the latest `max` searches and `max` calls (default 50 each), in memory only. */
export function createGatewayActivity(options: { max?: number } = {}): GatewayActivity {
  const max = options.max ?? DEFAULT_MAX;
  const searches: SearchRecord[] = [];
  const calls: CallRecord[] = [];
  const keep = <T>(list: T[], record: T): void => {
    list.unshift(record);
    if (list.length > max) list.length = max;
  };
  return {
    searched({ query, k, answer, ms }) {
      keep(searches, {
        at: new Date().toISOString(),
        query: cut(query),
        k,
        tools: answer.tools.map((tool) => tool.name),
        unavailable: answer.unavailable.map((tool) => tool.name),
        stale: answer.stale.map((stale) => stale.server),
        ms,
      });
    },
    called({ name, result, ms }) {
      const isError = result.isError === true;
      const text = result.content.find((part) => part.type === 'text')?.text;
      keep(calls, {
        at: new Date().toISOString(),
        name: cut(name),
        isError,
        ...(isError && text !== undefined ? { error: cut(text) } : {}),
        ms,
      });
    },
    recent: () => ({ searches: [...searches], calls: [...calls] }),
  };
}

// --- internal ---

const DEFAULT_MAX = 50;

/** Redacted before it is cut: cutting first could keep the start of a secret that no pattern matches then. */
function cut(text: string): string {
  const redacted = redactSecrets(text);
  return redacted.length > MAX_RECORDED_TEXT ? `${redacted.slice(0, MAX_RECORDED_TEXT)}…` : redacted;
}
