/** The JSON Schema type name of a JSON value ('integer' for whole numbers). */
export function valueType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return Number.isInteger(value) ? 'integer' : typeof value;
}

/** True when `value` is valid for JSON Schema type `type` (integers are numbers too). */
export function isOfType(value: unknown, type: string): boolean {
  const actual = valueType(value);
  return actual === type || (type === 'number' && actual === 'integer');
}
