import { ErrorCode, type FormatTarget, formatTools, type Tool, ToolsiftError } from '@toolsift/core';
import type { Selector } from '../selector/create-selector.js';
import type { Selection, SelectOptions } from '../selector/selection.js';
import { createCallLearner } from './call-learner.js';
import { mergeSelections } from './merge-selections.js';
import type { Session, SessionOptions, SessionSelection, SessionTool } from './session.js';
import { stickyTools } from './sticky-tools.js';

/**
 * Start a conversation-aware selection over a selector. Each `select` ranks the tools on the last user
 * message and on the recent user turns together (weighted toward the last), adds the tools called in the
 * last `stickyTurns` turns, keeps the previous order of the tools that stay (prompt caches survive) and
 * emits them for the target.
 * @example const session = createSession(selector, { target: 'anthropic' });
 * session.addMessage({ role: 'user', content: 'weather in Paris?' }); const { formatted } = await session.select();
 */
export function createSession<T extends FormatTarget = 'openai'>(
  selector: Selector,
  options: SessionOptions<T> = {},
): Session<T> {
  const target = (options.target ?? 'openai') as T;
  const settings = {
    k: checkCount(options.k ?? DEFAULT_SESSION.k, 'k', 1),
    stickyTurns: checkCount(options.stickyTurns ?? DEFAULT_SESSION.stickyTurns, 'stickyTurns', 0),
    historyTurns: checkCount(options.historyTurns ?? DEFAULT_SESSION.historyTurns, 'historyTurns', 1),
    lastTurnWeight: options.lastTurnWeight ?? DEFAULT_SESSION.lastTurnWeight,
  };
  if (!(settings.lastTurnWeight >= 0 && settings.lastTurnWeight <= 1)) {
    throw new ToolsiftError(
      ErrorCode.UsageError,
      `lastTurnWeight must be in [0, 1], got ${settings.lastTurnWeight}`,
    );
  }
  const learner =
    options.learn === undefined || options.learn === false
      ? undefined
      : createCallLearner(selector, options.learn === true ? {} : options.learn);
  const userTurns: string[] = [];
  let turn = 0;
  /** Tools learned in this turn: a tool called again for the same message is learned once. */
  const learnedThisTurn = new Set<string>();
  /** Tool id -> the turn it was last called in. */
  const called = new Map<string, number>();
  /** Emitted name -> tool id, over every turn (the latest emission of a name wins). */
  const emitted = new Map<string, string>();
  let order: string[] = [];
  const cache = new Map<string, Promise<Selection>>();

  const selectOn = (text: string, selectOptions: SelectOptions): Promise<Selection> => {
    const key = JSON.stringify([text, selectOptions]);
    let pending = cache.get(key);
    if (pending === undefined) {
      pending = selector.select(text, selectOptions);
      cache.set(key, pending);
      pending.catch(() => cache.delete(key));
    }
    return pending;
  };

  const resolve = (name: string): string | undefined =>
    emitted.get(name) ?? (selector.tool(name) !== undefined ? name : undefined);

  return {
    target,
    get turn() {
      return turn;
    },
    addMessage(message) {
      if (message.role !== 'user') return;
      const text = (message.content ?? '').trim();
      if (text.length === 0) return;
      turn++;
      userTurns.push(text.slice(0, MAX_TURN_CHARS));
      if (userTurns.length > settings.historyTurns) userTurns.shift();
      learnedThisTurn.clear();
      // Selections of older conversation texts will not be asked for again.
      cache.clear();
    },
    recordToolCall(name) {
      const id = resolve(name);
      if (id === undefined) throw unknownToolCall(name, emitted);
      called.set(id, turn);
      if (learner !== undefined && !learnedThisTurn.has(id)) {
        learnedThisTurn.add(id);
        // The user message of this turn, not the conversation text: an earlier turn's topic would blur the
        // learned view (measured in bench/results/learning-curve.md).
        const prompt = userTurns.at(-1);
        if (prompt === undefined) learner.skip();
        else learner.record({ prompt, tool: id });
      }
      return id;
    },
    async flush() {
      return learner?.flush();
    },
    resolveToolCall(emittedName) {
      const id = resolve(emittedName);
      if (id === undefined) throw unknownToolCall(emittedName, emitted);
      return id;
    },
    async select(callOptions = {}) {
      const selectOptions: SelectOptions = { ...options.selection, ...callOptions };
      const last = userTurns.at(-1);
      if (last === undefined) {
        throw new ToolsiftError(ErrorCode.UsageError, 'the session has no user message to select tools for');
      }
      const k = selectOptions.k ?? settings.k;
      const inner: SelectOptions = { ...selectOptions, k: k * POOL_FACTOR };
      const conversation = userTurns.join('\n');
      const [lastSelection, conversationSelection] = await Promise.all([
        selectOn(last, inner),
        userTurns.length > 1 ? selectOn(conversation, inner) : undefined,
      ]);
      const merged = mergeSelections(
        conversationSelection === undefined
          ? [{ selection: lastSelection, weight: 1, label: 'last message' }]
          : [
              { selection: lastSelection, weight: settings.lastTurnWeight, label: 'last message' },
              {
                selection: conversationSelection,
                weight: 1 - settings.lastTurnWeight,
                label: 'conversation',
              },
            ],
      );
      const offered: SessionTool[] = merged.tools.slice(0, k).map((tool) => ({ ...tool, isSticky: false }));
      for (const tool of stickyTools({
        called,
        turn,
        stickyTurns: settings.stickyTurns,
        selector,
        selectOptions,
      })) {
        if (offered.some((entry) => entry.id === tool.id)) continue;
        // A sticky tool the merge ranked below k keeps its real scores.
        const ranked = merged.tools.find((entry) => entry.id === tool.id);
        offered.push(
          ranked === undefined
            ? tool
            : { ...ranked, isSticky: true, reasons: [...ranked.reasons, ...tool.reasons] },
        );
      }
      const ids = keepOrder(
        order,
        offered.map((tool) => tool.id),
      );
      const hasChanged = ids.length !== order.length || ids.some((id) => !order.includes(id));
      order = ids;
      const byId = new Map(offered.map((tool) => [tool.id, tool]));
      const tools = ids.map((id) => byId.get(id)!);
      const formatted = formatTools(
        tools.map((tool) => selector.tool(tool.id)).filter((tool): tool is Tool => tool !== undefined),
        target,
        options.format,
      );
      for (const [name, id] of Object.entries(formatted.names)) emitted.set(name, id);
      const result: SessionSelection<T> = {
        ...merged,
        tools,
        formatted: formatted.tools,
        names: formatted.names,
        tokens: formatted.tokens,
        formatWarnings: formatted.warnings,
        turn,
        hasChanged,
        learnFailures: learner?.takeFailures() ?? [],
      };
      return result;
    },
  };
}

/** Defaults of `SessionOptions`. */
export const DEFAULT_SESSION = Object.freeze({ k: 5, stickyTurns: 2, historyTurns: 3, lastTurnWeight: 0.65 });

// --- internal ---

/** `previous` order for the ids that stay, then the new ids in their given order. */
function keepOrder(previous: readonly string[], next: readonly string[]): string[] {
  const nextIds = new Set(next);
  const kept = previous.filter((id) => nextIds.has(id));
  const keptIds = new Set(kept);
  return [...kept, ...next.filter((id) => !keptIds.has(id))];
}

/** Each inner selection returns this many times k, so a tool ranked low on one text can still win the merge. */
const POOL_FACTOR = 2;
/** A pasted document in a user turn should not drown the other turns of the conversation query. */
const MAX_TURN_CHARS = 1000;

function unknownToolCall(name: string, emitted: ReadonlyMap<string, string>): ToolsiftError {
  const offered = [...emitted.keys()].sort();
  return new ToolsiftError(
    ErrorCode.UnknownTool,
    `the model called "${name}", which is neither an offered tool nor a tool id. Offered tools: ${offered.length > 0 ? offered.join(', ') : '(none yet)'}.`,
    { name, offered },
  );
}

function checkCount(value: number, name: string, minimum: number): number {
  if (!Number.isInteger(value) || value < minimum) {
    throw new ToolsiftError(
      ErrorCode.UsageError,
      `${name} must be a whole number >= ${minimum}, got ${String(value)}`,
      {
        [name]: value,
      },
    );
  }
  return value;
}
