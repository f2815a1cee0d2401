import { expectTypeOf, test } from 'vitest';
import { findReason, type SelectionReason } from '../../src/ranking/selection-reason.js';

test('a reason narrowed by kind has typed details', () => {
  const reasons: SelectionReason[] = [];
  const action = findReason(reasons, 'action');
  expectTypeOf(action?.details.penalty).toEqualTypeOf<number | undefined>();
  const reason = reasons[0];
  if (reason?.kind === 'conflict')
    expectTypeOf(reason.details.severity).toEqualTypeOf<'high' | 'medium' | 'low'>();
  if (reason?.kind === 'custom')
    expectTypeOf(reason.details).toEqualTypeOf<Record<string, unknown> | undefined>();
  // @ts-expect-error a kind that does not exist
  findReason(reasons, 'nope');
});
