/**
 * `{ [key]: value }` when the value is defined, else `{}`: spread it to build objects under
 * `exactOptionalPropertyTypes` without writing `key: undefined`.
 * @example const tool = { id, ...optional('title', title) };
 */
export function optional<const K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
