import type { FormatOptions, FormatTarget, FormatTargetTools, FormatWarning } from '@toolsift/core';
import type { LearnedExample, LearnReport } from '../learning/learned-example.js';
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
  /**
   * Learn from the tools the model calls (off by default): each `recordToolCall` learns the last user message
   * as a prompt of the called tool through `selector.learn` (saved in the index folder's learned.json,
   * deduplicated, at most `maxPerTool` call-learned prompts per tool, removable with `selector.forget`), in the
   * background; prompts learned as labelled (`toolsift learn`, `selector.learn`) are never dropped for it.
   * When one message led to calls of several tools, each tool learns only the sentence of it closest to the
   * tool's own views (a message asking for two things teaches each tool its part). `true` takes the defaults.
   */
  learn?: boolean | SessionLearnOptions;
}

/** Options of a session's learning from tool calls. */
export interface SessionLearnOptions {
  /**
   * Call-learned prompts kept per tool; a tool past it drops its oldest call-learned ones, never labelled ones
   * (default `DEFAULT_MAX_LEARNED_PER_TOOL`, 100).
   */
  maxPerTool?: number;
  /** `false` keeps what is learned in this selector only, not in the index folder (default true). */
  isSaved?: boolean;
  /** Called for each tool call that could not be learned; without it, failures come with the next `select`. */
  onLearnError?: (failure: LearnFailure) => void;
}

/** A tool call a session could not learn. */
export interface LearnFailure {
  /** The prompt and the tool id of the call. */
  example: LearnedExample;
  /** Why; usually a `ToolsiftError` (UNKNOWN_TOOL for a tool removed meanwhile, or an index folder error). */
  error: unknown;
}

/** What a session learned from its tool calls since the last `flush`. */
export interface SessionLearnReport extends LearnReport {
  /** Calls not learned: no user message yet, or the prompt looked like it held a secret. */
  skipped: number;
  /** Calls whose learning failed (see `onLearnError`). */
  failed: number;
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
  /** Tool calls whose learning failed since the previous `select` (empty with `onLearnError` or without `learn`). */
  learnFailures: LearnFailure[];
}

/** A conversation-aware selection: re-selects each turn, keeps recently used tools, routes tool calls back. */
export interface Session<T extends FormatTarget = 'openai'> {
  readonly target: T;
  /** User turns seen so far. */
  readonly turn: number;
  addMessage(message: SessionMessage): void;
  /**
   * Note that the model called a tool (emitted name or tool id); it stays offered for `stickyTurns` turns and,
   * with `learn`, the last user message is learned for it in the background. Returns the tool id.
   */
  recordToolCall(name: string): string;
  /**
   * Wait until the calls recorded so far are learned; what was learned since the last flush, or undefined
   * without `learn`. Never rejects: failures go to `onLearnError` or the next `select`.
   */
  flush(): Promise<SessionLearnReport | undefined>;
  /** Select and format the tools for the conversation so far. */
  select(options?: SelectOptions): Promise<SessionSelection<T>>;
  /** The tool id behind a name the model called (emitted name of any turn, or a tool id); UNKNOWN_TOOL if none. */
  resolveToolCall(emittedName: string): string;
}
