/**
 * True when `JSON.parse(JSON.stringify(value))` gives back an equal value: only plain objects and arrays,
 * strings, booleans, null and finite numbers other than -0, and no `undefined` (an object key holding it would
 * vanish). A TOML date, for one, is not: it would come back as a string.
 */
export function isJsonExact(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (value === null) return true;
      if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index++) {
          if (!(index in value) || !isJsonExact(value[index])) return false;
        }
        return true;
      }
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return false;
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        if (!isJsonExact((value as Record<string, unknown>)[key])) return false;
      }
      return true;
    }
    default:
      return false;
  }
}
