import type { OpContext, OpTable } from './convert-tfjs-nodes.js';
import { attribute, INT64_MAX } from './onnx-graph-builder.js';
import { convertStridedSlice } from './strided-slice.js';
import { attributeInt, attributeInts, conversionError } from './tfjs-graph.js';

/** TF ops that move, split, join or describe tensors without computing on their values. */
export const shapeOps: OpTable = {
  // TF's int32 shapes are int64 here, which is what ONNX Shape returns.
  Shape: (context) => [context.builder.add1('Shape', [context.input(0)], { name: context.name() })],
  Reshape: (context) => [
    context.builder.add1('Reshape', [context.input(0), context.input(1)], { name: context.name() }),
  ],
  ExpandDims: (context) => [
    unsqueeze(context, { input: context.input(0), axes: context.constantInts(1), name: context.name() }),
  ],
  Squeeze: (context) => {
    const axes = attributeInts(context.node, 'squeeze_dims');
    const inputs = [context.input(0)];
    if (axes.length > 0) inputs.push(context.builder.ints(context.name('axes'), axes));
    return [context.builder.add1('Squeeze', inputs, { name: context.name() })];
  },
  ConcatV2: (context) => {
    const last = context.inputCount - 1;
    const [axis] = context.constantInts(last);
    const inputs = Array.from({ length: last }, (_, index) => context.input(index));
    return [
      context.builder.add1('Concat', inputs, {
        name: context.name(),
        attributes: { axis: attribute.int(axis ?? 0) },
      }),
    ];
  },
  Pack: (context) => {
    const axis = attributeInt(context.node, 'axis') ?? 0;
    const parts = Array.from({ length: context.inputCount }, (_, index) =>
      unsqueeze(context, { input: context.input(index), axes: [axis], name: context.name(`part${index}`) }),
    );
    return [
      context.builder.add1('Concat', parts, {
        name: context.name(),
        attributes: { axis: attribute.int(axis) },
      }),
    ];
  },
  Transpose: (context) => [
    context.builder.add1('Transpose', [context.input(0)], {
      name: context.name(),
      attributes: { perm: attribute.ints(context.constantInts(1)) },
    }),
  ],
  SplitV: (context) => {
    const sizes = context.constantInts(1);
    const [axis] = context.constantInts(2);
    if (sizes.some((size) => size < 0)) {
      throw conversionError(
        `SplitV "${context.node.name}" has an inferred (-1) size, which is not supported`,
      );
    }
    return context.builder.add(
      'Split',
      [context.input(0), context.builder.ints(context.name('sizes'), sizes)],
      { name: context.name(), outputs: sizes.length, attributes: { axis: attribute.int(axis ?? 0) } },
    );
  },
  StridedSlice: convertStridedSlice,
  // TF Slice takes (begin, size) where size -1 means "to the end"; ONNX takes (starts, ends).
  Slice: (context) => {
    const begin = context.constantInts(1);
    const size = context.constantInts(2);
    const ends = begin.map((start, index) => {
      const length = size[index] ?? -1;
      return length < 0 ? INT64_MAX : BigInt(start + length);
    });
    const { builder } = context;
    return [
      builder.add1(
        'Slice',
        [
          context.input(0),
          builder.ints(context.name('starts'), begin),
          builder.ints(context.name('ends'), ends),
          builder.ints(
            context.name('axes'),
            begin.map((_, index) => index),
          ),
        ],
        { name: context.name() },
      ),
    ];
  },
  Range: (context) => [
    context.builder.add1('Range', [context.input(0), context.input(1), context.input(2)], {
      name: context.name(),
    }),
  ],
};

// --- internal ---

/** Insert size-1 axes (ONNX opset 13 takes them as an input). */
function unsqueeze(context: OpContext, options: { input: string; axes: number[]; name: string }): string {
  const axesInput = context.builder.ints(`${options.name}/axes`, options.axes);
  return context.builder.add1('Unsqueeze', [options.input, axesInput], { name: options.name });
}
