import { isRecord } from '../../schema/is-record.js';

/** Top-level keys only Shinkai metadata uses (both spellings of the SQL keys, both of homepage). */
export const SHINKAI_MARKERS: readonly string[] = Object.freeze([
  'configurations',
  'sqlTables',
  'sqlQueries',
  'sql_tables',
  'sql_queries',
  'tool_type',
  'oauth',
  'runner',
  'operating_system',
  'tool_set',
  'file_inbox',
  'activated',
  'homePage',
]);

/** Top-level keys only Matimo definitions use; `execution` counts too when it is Matimo's (`hasMatimoMarkers`). */
export const MATIMO_MARKERS: readonly string[] = Object.freeze([
  'output_schema',
  'error_handling',
  'authentication',
]);

/** Top-level keys only the Go self-describing metadata uses. */
export const SELF_DESCRIBING_MARKERS: readonly string[] = Object.freeze([
  'use_cases',
  'conflicts',
  'alternatives',
  'complements',
  'best_practices',
  'common_errors',
  'prerequisites',
  'rate_limit',
  'capabilities',
  'providers',
  'backend',
]);

/** Keys of an MCP `Tool` object that an OpenAI function definition does not have. */
export const MCP_TOOL_MARKERS: readonly string[] = Object.freeze([
  'inputSchema',
  'outputSchema',
  'annotations',
  'arguments',
  '_meta',
  'icons',
]);

/** How many of `keys` the record has (with a value other than undefined). */
export function countMarkers(record: Record<string, unknown>, keys: readonly string[]): number {
  return keys.filter((key) => record[key] !== undefined).length;
}

/**
 * True when the record carries one of `MATIMO_MARKERS` or Matimo's `execution`, which has a `type` (http,
 * command, function, script). MCP tools have an `execution` too since MCP 2025-11-25 (`{taskSupport}`), without one.
 */
export function hasMatimoMarkers(record: Record<string, unknown>): boolean {
  const execution = record.execution;
  return (
    countMarkers(record, MATIMO_MARKERS) > 0 || (isRecord(execution) && typeof execution.type === 'string')
  );
}

/** True when the record carries keys of a single-tool format other than MCP/OpenAI (Shinkai, Matimo, ...). */
export function hasFileFormatMarkers(record: Record<string, unknown>): boolean {
  return (
    countMarkers(record, SHINKAI_MARKERS) > 0 ||
    hasMatimoMarkers(record) ||
    countMarkers(record, SELF_DESCRIBING_MARKERS) > 0 ||
    (typeof record.ns === 'string' && isRecord(record.tools))
  );
}
