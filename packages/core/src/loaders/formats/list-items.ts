import { isRecord } from '../../schema/is-record.js';
import { joinPointer } from '../../schema/json-pointer.js';

/** One candidate tool object of a list-shaped document, with its JSON pointer. */
export interface ListedItem {
  value: unknown;
  pointer: string;
}

/** How the tools were laid out: a bare array (or JSON Lines), a container object, or one tool object. */
export type ListShape = 'array' | 'container' | 'single';

/**
 * The items of a document that holds a list of tool definitions: a bare array (JSON Lines too), an
 * object holding the list at one of `containers` (paths like `['tools']` or `['result', 'tools']`), or
 * else the object itself as a single item.
 */
export function listItems(
  data: unknown,
  containers: readonly (readonly string[])[],
): { shape: ListShape; items: ListedItem[] } | undefined {
  if (Array.isArray(data)) {
    return { shape: 'array', items: data.map((value, index) => ({ value, pointer: `/${index}` })) };
  }
  if (!isRecord(data)) return undefined;
  for (const path of containers) {
    let value: unknown = data;
    for (const key of path) value = isRecord(value) ? value[key] : undefined;
    if (Array.isArray(value)) {
      const base = joinPointer('', ...path);
      return {
        shape: 'container',
        items: value.map((item, index) => ({ value: item, pointer: `${base}/${index}` })),
      };
    }
  }
  return { shape: 'single', items: [{ value: data, pointer: '' }] };
}
