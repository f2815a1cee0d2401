import type { ToolAnnotations } from '../../model/tool.js';
import type { FieldReader } from './field-reader.js';
import { optional } from './optional.js';
import { restOf } from './rest-of.js';

/** The keys of MCP tool annotations toolsift reads: `title` and the four behaviour hints. */
export const ANNOTATION_KEYS = [
  'title',
  'readOnlyHint',
  'destructiveHint',
  'idempotentHint',
  'openWorldHint',
] as const;

/**
 * MCP-style `annotations` at `pointer`: the title and hints read (a wrong type reported and left out), and the keys
 * it has besides them (`extra`), for the caller to keep (MCP files) or report (overlays).
 */
export function readAnnotations(
  value: unknown,
  pointer: string,
  read: FieldReader,
): { value?: ToolAnnotations; extra: Record<string, unknown> } {
  const annotations = read.record(value, pointer);
  if (annotations === undefined) return { extra: {} };
  const parsed: ToolAnnotations = {
    ...optional('title', read.string(annotations.title, `${pointer}/title`)),
  };
  for (const hint of ANNOTATION_KEYS.slice(1) as readonly Exclude<
    (typeof ANNOTATION_KEYS)[number],
    'title'
  >[]) {
    const flag = read.boolean(annotations[hint], `${pointer}/${hint}`);
    if (flag !== undefined) parsed[hint] = flag;
  }
  return { value: parsed, extra: restOf(annotations, ANNOTATION_KEYS) };
}
