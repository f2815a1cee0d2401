/** Something in a schema or parameter list that could not be used; the pointer is relative to that value. */
export interface SchemaProblem {
  /** JSON pointer below the value given ('' for the value itself). */
  pointer: string;
  /** What was expected there. */
  expected: string;
  /** What was found. */
  found: unknown;
}
