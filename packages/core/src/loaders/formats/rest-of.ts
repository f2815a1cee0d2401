/** The entries of `record` whose keys are not in `consumed`: what a loader keeps under `extensions.<format>`. */
export function restOf(record: Record<string, unknown>, consumed: Iterable<string>): Record<string, unknown> {
  const skip = new Set(consumed);
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (skip.has(key) || value === undefined) continue;
    setEntry(rest, key, value);
  }
  return rest;
}

/** `{ extensions: { [format]: values } }`, or `{}` when there is nothing to keep. */
export function extensionsFor(
  format: string,
  values: Record<string, unknown>,
): { extensions?: Record<string, Record<string, unknown>> } {
  return Object.keys(values).length > 0 ? { extensions: { [format]: values } } : {};
}

/** Sets an own, plain data property (safe for any key, `__proto__` included). */
export function setEntry(record: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
