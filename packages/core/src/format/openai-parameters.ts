import type { JsonSchema } from '../model/tool.js';
import type { ObjectSchema } from './emitted-tool-types.js';
import { type FormatWarning, FormatWarningCode, type WarnFunction } from './format-result.js';
import { inlineRefs } from './inline-refs.js';
import { isSchemaObject, mapSubschemas } from './map-subschemas.js';
import { toStrictSchema } from './to-strict-schema.js';

/**
 * Parameters for OpenAI without strict mode: the prepared schema, with `items: {}` added to arrays that
 * have none (OpenAI rejects "array schema missing items"; `{}` means the same as no items).
 */
export function toOpenAIParameters(prepared: ObjectSchema): ObjectSchema {
  return { ...(addMissingItems(prepared) as JsonSchema), type: 'object' };
}

/**
 * Parameters for OpenAI strict mode. When the schema cannot be strict (free-form objects, untyped values,
 * recursion...), falls back to the plain parameters with `strict: false` and one `STRICT_FALLBACK` warning;
 * the warnings of the abandoned strict attempt are then discarded.
 */
export function toOpenAIStrictParameters(
  prepared: ObjectSchema,
  warn: WarnFunction,
): { parameters: ObjectSchema; strict: boolean } {
  const pending: Omit<FormatWarning, 'toolId' | 'target'>[] = [];
  const defer: WarnFunction = (code, message, path) =>
    pending.push({ code, message, ...(path !== undefined ? { path } : {}) });
  const conversion = toStrictSchema(inlineRefs(prepared, defer), defer);
  if ('schema' in conversion) {
    for (const warning of pending) warn(warning.code, warning.message, warning.path);
    return { parameters: conversion.schema, strict: true };
  }
  const { reason, path } = conversion.failure;
  warn(
    FormatWarningCode.StrictFallback,
    `Cannot be expressed in strict mode: ${reason}${path === '' ? '' : ` (at ${path})`}; emitted with strict: false.`,
    path,
  );
  return { parameters: toOpenAIParameters(prepared), strict: false };
}

// --- internal ---

function addMissingItems(node: unknown): unknown {
  if (!isSchemaObject(node)) return node;
  const copy = mapSubschemas(node, (subschema) => addMissingItems(subschema));
  const isArray = copy.type === 'array' || (Array.isArray(copy.type) && copy.type.includes('array'));
  if (isArray && copy.items === undefined && copy.prefixItems === undefined) copy.items = {};
  return copy;
}
