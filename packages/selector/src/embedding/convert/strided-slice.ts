import type { OpContext } from './convert-tfjs-nodes.js';
import { INT64_MAX, INT64_MIN } from './onnx-graph-builder.js';
import { attributeInt, conversionError } from './tfjs-graph.js';

/**
 * TF `StridedSlice(x, begin, end, strides)` with constant bounds -> ONNX `Slice`, then `Squeeze` for the
 * axes in `shrink_axis_mask`. `begin_mask`/`end_mask` bits open the bound; ellipsis and new axes are refused.
 */
export function convertStridedSlice(context: OpContext): string[] {
  const { node, builder } = context;
  const beginMask = attributeInt(node, 'begin_mask') ?? 0;
  const endMask = attributeInt(node, 'end_mask') ?? 0;
  const shrinkMask = attributeInt(node, 'shrink_axis_mask') ?? 0;
  if ((attributeInt(node, 'ellipsis_mask') ?? 0) !== 0 || (attributeInt(node, 'new_axis_mask') ?? 0) !== 0) {
    throw conversionError(
      `StridedSlice "${node.name}" uses an ellipsis or new-axis mask, which is not supported`,
    );
  }
  const begin = context.constantInts(1);
  const end = context.constantInts(2);
  const strides = context.constantInts(3);

  const starts: bigint[] = [];
  const ends: bigint[] = [];
  const steps: number[] = [];
  const shrinkAxes: number[] = [];
  begin.forEach((first, axis) => {
    const bit = 1 << axis;
    const stride = strides[axis] ?? 1;
    if (stride === 0) throw conversionError(`StridedSlice "${node.name}" has a zero stride`);
    if (shrinkMask & bit) {
      // Take the single element at `first`; -1 means the last one, whose exclusive end is "the end".
      starts.push(BigInt(first));
      ends.push(first === -1 ? INT64_MAX : BigInt(first + 1));
      steps.push(1);
      shrinkAxes.push(axis);
      return;
    }
    starts.push(beginMask & bit ? (stride > 0 ? 0n : INT64_MAX) : BigInt(first));
    ends.push(endMask & bit ? (stride > 0 ? INT64_MAX : INT64_MIN) : BigInt(end[axis] ?? 0));
    steps.push(stride);
  });

  const sliced = builder.add1(
    'Slice',
    [
      context.input(0),
      builder.ints(context.name('starts'), starts),
      builder.ints(context.name('ends'), ends),
      builder.ints(
        context.name('axes'),
        begin.map((_, axis) => axis),
      ),
      builder.ints(context.name('steps'), steps),
    ],
    { name: shrinkAxes.length > 0 ? context.name('slice') : context.name() },
  );
  if (shrinkAxes.length === 0) return [sliced];
  const axes = builder.ints(context.name('shrink_axes'), shrinkAxes);
  return [builder.add1('Squeeze', [sliced, axes], { name: context.name() })];
}
