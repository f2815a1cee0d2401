import type { JsonSchema } from '../model/tool.js';
import type { ObjectSchema } from './emitted-tool-types.js';
import { FormatWarningCode, type WarnFunction } from './format-result.js';
import { isSchemaObject, mapSubschemas } from './map-subschemas.js';

/**
 * Replace every local `$ref` (`#`, `#/$defs/x`, `#/definitions/x`, any JSON pointer) by a copy of its
 * target, merged with the keywords written beside it, and drop `$defs`/`definitions`. A recursive reference
 * becomes a plain object schema (warned); an unresolvable one keeps only its sibling keywords (warned).
 */
export function inlineRefs(schema: ObjectSchema, warn: WarnFunction): ObjectSchema {
  const state: InlineState = { root: schema, warn, expansions: 0 };
  const inlined = resolveNode(schema, '', [], state) as JsonSchema;
  return { ...inlined, type: 'object' };
}

// --- internal ---

/** Stops exponential blow-up when definitions reference each other many times. */
const MAX_REF_EXPANSIONS = 1000;

interface InlineState {
  root: JsonSchema;
  warn: WarnFunction;
  expansions: number;
}

function resolveNode(node: unknown, path: string, stack: readonly string[], state: InlineState): unknown {
  if (!isSchemaObject(node)) return node;
  const { $ref: ref, $defs: _defs, definitions: _definitions, ...rest } = node;
  if (typeof ref !== 'string')
    return mapSubschemas(rest, (subschema, suffix) =>
      resolveNode(subschema, `${path}${suffix}`, stack, state),
    );
  if (stack.includes(ref) || state.expansions >= MAX_REF_EXPANSIONS) {
    state.warn(
      FormatWarningCode.RecursiveRef,
      stack.includes(ref)
        ? `Recursive reference "${ref}" cannot be inlined; emitted as a plain object.`
        : `More than ${MAX_REF_EXPANSIONS} references to inline; "${ref}" emitted as a plain object.`,
      `${path}/$ref`,
    );
    return { description: `Recursive reference to ${ref}, not expanded.`, ...rest, type: 'object' };
  }
  const target = resolvePointer(state.root, ref);
  if (target === undefined) {
    state.warn(
      FormatWarningCode.UnresolvedRef,
      `Reference "${ref}" does not resolve inside the schema; left untyped.`,
      `${path}/$ref`,
    );
    return resolveNode(rest, path, stack, state);
  }
  state.expansions += 1;
  const merged = isSchemaObject(target) ? { ...target, ...rest } : target;
  return resolveNode(merged, path, [...stack, ref], state);
}

function resolvePointer(root: JsonSchema, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  const pointer = ref.slice(1);
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let current: unknown = root;
  for (const rawSegment of pointer.slice(1).split('/')) {
    const segment = safeDecode(rawSegment).replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
