import type { FormatOptions, FormatTarget, FormatTargetTools, FormatWarning } from '@toolsift/core';
import type { SelectedTool, Selection, SelectOptions } from '../selector/selection.js';

/** One message of the conversation a session selects from; only user turns drive the selection. */
export interface SessionMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  /** Text of the message; `null` for an assistant message that only calls tools. */
  content: string | null;
}

/** Options of `createSession`. */
export interface SessionOptions<T extends FormatTarget = 'openai'> {
  /** Format the selected tools are emitted in (default `openai`). */
  target?: T;
  /** Tools selected per turn, sticky tools not counted (default 5). */
  k?: number;
  /** User turns a called tool stays in the selection after the turn it was called in (default 2). */
  stickyTurns?: number;
  /** User turns, the last included, that make up the conversation query (default 3). */
  historyTurns?: number;
  /** Weight of the last user message against the recent conversation, in [0, 1] (default 0.65). */
  lastTurnWeight?: number;
  /** Options passed to `formatTools`. */
  format?: FormatOptions;
  /** Selection options for every turn (environment, rules, candidates...); `select(options)` overrides them. */
  selection?: SelectOptions;
}

/** A tool offered in one turn: its selection, plus whether it is only there because it was called recently. */
export interface SessionTool extends SelectedTool {
  isSticky: boolean;
}

/** What `session.select` returns: the merged selection in stable order and the same tools emitted for the target. */
export interface SessionSelection<T extends FormatTarget = 'openai'> extends Omit<Selection, 'tools'> {
  /** Offered tools: those kept from the previous turn in their previous order, then new ones by rank. */
  tools: SessionTool[];
  /** The tools emitted for the target, in the order of `tools`. */
  formatted: FormatTargetTools[T][];
  /** Emitted name -> tool id. */
  names: Record<string, string>;
  /** Estimated prompt tokens per emitted tool. */
  tokens: number[];
  /** What the target could not express. */
  formatWarnings: FormatWarning[];
  /** User turns seen so far. */
  turn: number;
  /** True when the set of offered tools differs from the previous `select`. */
  hasChanged: boolean;
}

/** A conversation-aware selection: re-selects each turn, keeps recently used tools, routes tool calls back. */
export interface Session<T extends FormatTarget = 'openai'> {
  readonly target: T;
  /** User turns seen so far. */
  readonly turn: number;
  addMessage(message: SessionMessage): void;
  /** Note that the model called a tool (emitted name or tool id); it stays offered for `stickyTurns` turns. */
  recordToolCall(name: string): string;
  /** Select and format the tools for the conversation so far. */
  select(options?: SelectOptions): Promise<SessionSelection<T>>;
  /** The tool id behind a name the model called (emitted name of any turn, or a tool id); UNKNOWN_TOOL if none. */
  resolveToolCall(emittedName: string): string;
}
