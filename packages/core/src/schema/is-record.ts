/** True for a plain (non-array, non-null) object, as parsed JSON/YAML/TOML objects are. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
