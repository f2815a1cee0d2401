import { ErrorCode, ToolsiftError } from '@toolsift/core';
import type { RuleField } from '../ranking/rule-field.js';
import type { ScoredTool, SelectionContext } from '../ranking/selection-context.js';
import type { BuiltInRuleRun } from './rule-run.js';

/**
 * Applies a rule to guarded views of the selection and its run (`SelectorOptions.checkRules`), and throws
 * USAGE_ERROR when it read or wrote a field it does not declare, or set a field that is no `RuleField`. Reading a
 * ranked tool's `score`, iterating `ranked`, pushing to `warnings` or a tool's `reasons`, setting `run.signals`:
 * each is a read or a write of that field. The tools keep their identity; only their fields are watched.
 */
export async function applyChecked(
  rule: CheckedRule,
  context: SelectionContext,
  run: BuiltInRuleRun,
): Promise<void> {
  const touched: Touched = { reads: new Set(), writes: new Set(), other: new Set() };
  const guard = createGuard(touched);
  const tools = new Set([...context.pool.values(), ...context.ranked]);
  const restore = [...tools].map((tool) => guard.watchTool(tool));
  try {
    await rule.apply(guard.context(context), guard.run(run));
  } finally {
    for (const restoreTool of restore) restoreTool();
    guard.close();
  }
  const reads = [...touched.reads].filter((field) => !rule.reads.includes(field));
  const writes = [...touched.writes].filter((field) => !rule.writes.includes(field));
  if (reads.length === 0 && writes.length === 0 && touched.other.size === 0) return;
  const found = [
    ...(reads.length === 0 ? [] : [`reads ${reads.join(', ')}`]),
    ...(writes.length === 0 ? [] : [`writes ${writes.join(', ')}`]),
    ...(touched.other.size === 0 ? [] : [`sets ${[...touched.other].join(', ')} (no rule may)`]),
  ];
  throw new ToolsiftError(
    ErrorCode.UsageError,
    `rule "${rule.name}" (${rule.phase}) touches what it does not declare: ${found.join('; ')}; ` +
      `it declares reads [${rule.reads.join(', ')}], writes [${rule.writes.join(', ')}]`,
    { rule: rule.name, phase: rule.phase, reads, writes, other: [...touched.other] },
  );
}

// --- internal ---

/** A built-in or caller's rule (`SelectionRule`, `BuiltInRule`), as far as checking it goes. */
interface CheckedRule {
  name: string;
  phase: string;
  reads: readonly RuleField[];
  writes: readonly RuleField[];
  apply(context: SelectionContext, run: BuiltInRuleRun): void | Promise<void>;
}

interface Touched {
  reads: Set<RuleField>;
  writes: Set<RuleField>;
  /** Context or run fields set that are no `RuleField`. */
  other: Set<string>;
}

/** Context fields read or written as a whole value. */
const CONTEXT_VALUES: ReadonlySet<string> = new Set(['prompt', 'queryVector', 'k'] satisfies RuleField[]);
/** Context fields holding lists: reading an element or the length reads them, adding to them writes them. */
const CONTEXT_LISTS: ReadonlySet<string> = new Set([
  'ranked',
  'warnings',
  'unavailable',
  'suggestions',
] satisfies RuleField[]);
const TOOL_FIELDS = ['score', 'parts', 'confidence', 'reasons'] as const satisfies readonly RuleField[];
const RUN_FIELDS: ReadonlySet<string> = new Set([
  'signals',
  'signalsTool',
  'availability',
  'rerank',
  'abstention',
]);
/** List methods that only add: a write. */
const APPENDING: ReadonlySet<PropertyKey> = new Set(['push', 'unshift']);
/** List methods that take from or reorder the list: a read and a write. */
const REORDERING: ReadonlySet<PropertyKey> = new Set([
  'sort',
  'reverse',
  'splice',
  'pop',
  'shift',
  'fill',
  'copyWithin',
]);

/** Guarded views that record into `touched` until closed: what a rule reads and writes, field by field. */
function createGuard(touched: Touched) {
  let isOpen = true;
  const read = (field: RuleField) => {
    if (isOpen) touched.reads.add(field);
  };
  const write = (field: RuleField) => {
    if (isOpen) touched.writes.add(field);
  };
  const targets = new WeakMap<object, object>();
  const lists = new Map<RuleField, WeakMap<unknown[], unknown[]>>();
  const unwrap = <T>(value: T): T =>
    typeof value === 'object' && value !== null ? ((targets.get(value) as T | undefined) ?? value) : value;

  /** The same guarded view of a list each time, so that identity holds within the rule. */
  const guardList = <T>(list: T[], field: RuleField): T[] => {
    let views = lists.get(field);
    if (views === undefined) {
      views = new WeakMap();
      lists.set(field, views);
    }
    const known = views.get(list);
    if (known !== undefined) return known as T[];
    const view: T[] = new Proxy(list, {
      get(target, key, receiver) {
        if (APPENDING.has(key)) {
          write(field);
          const method = Reflect.get(target, key) as (...items: unknown[]) => unknown;
          return (...items: unknown[]) => method.apply(target, items.map(unwrap));
        }
        if (REORDERING.has(key)) {
          read(field);
          write(field);
          const method = Reflect.get(target, key) as (...args: unknown[]) => unknown;
          return (...args: unknown[]) => {
            const result = method.apply(target, args.map(unwrap));
            return result === target ? view : result;
          };
        }
        read(field);
        return Reflect.get(target, key, receiver);
      },
      set(target, key, value) {
        write(field);
        return Reflect.set(target, key, unwrap(value));
      },
      deleteProperty(target, key) {
        write(field);
        return Reflect.deleteProperty(target, key);
      },
    });
    views.set(list, view);
    targets.set(view, list);
    return view;
  };

  return {
    context(context: SelectionContext): SelectionContext {
      return new Proxy(context, {
        get(target, key) {
          const value = Reflect.get(target, key);
          if (typeof key !== 'string') return value;
          if (CONTEXT_LISTS.has(key)) return guardList(value as unknown[], key as RuleField);
          if (CONTEXT_VALUES.has(key)) read(key as RuleField);
          return value;
        },
        set(target, key, value) {
          if (typeof key === 'string' && (CONTEXT_LISTS.has(key) || CONTEXT_VALUES.has(key)))
            write(key as RuleField);
          else if (isOpen) touched.other.add(`context.${String(key)}`);
          return Reflect.set(target, key, unwrap(value));
        },
      });
    },
    run(run: BuiltInRuleRun): BuiltInRuleRun {
      return new Proxy(run, {
        get(target, key) {
          if (typeof key === 'string' && RUN_FIELDS.has(key)) read(`run.${key}` as RuleField);
          return Reflect.get(target, key);
        },
        set(target, key, value) {
          if (typeof key === 'string' && RUN_FIELDS.has(key)) write(`run.${key}` as RuleField);
          else if (isOpen) touched.other.add(`run.${String(key)}`);
          return Reflect.set(target, key, value);
        },
      });
    },
    /** Watches a tool's rule fields in place (its identity is kept); returns what puts them back. */
    watchTool(tool: ScoredTool): () => void {
      const values = {
        score: tool.score,
        parts: tool.parts,
        confidence: tool.confidence,
        reasons: tool.reasons,
      };
      for (const field of TOOL_FIELDS) {
        Object.defineProperty(tool, field, {
          configurable: true,
          enumerable: true,
          get: () => {
            if (field === 'reasons') return guardList(values.reasons, 'reasons');
            read(field);
            return values[field];
          },
          set: (value) => {
            write(field);
            values[field] = unwrap(value) as never;
          },
        });
      }
      return () => {
        for (const field of TOOL_FIELDS) {
          Object.defineProperty(tool, field, {
            configurable: true,
            enumerable: true,
            writable: true,
            value: values[field],
          });
        }
      };
    },
    close() {
      isOpen = false;
    },
  };
}
