import type { OpContext, OpConverter, OpTable } from './convert-tfjs-nodes.js';
import { attribute } from './onnx-graph-builder.js';
import { attributeBool, attributeInts, attributeString, conversionError } from './tfjs-graph.js';

/** TF matrix products: MatMul, BatchMatMul and the 1x1 Conv2D that transformer graphs use as a dense layer. */
export const linearOps: OpTable = {
  MatMul: (context) => {
    const a = attributeBool(context.node, 'transpose_a') ? transpose2d(context, 0) : context.input(0);
    const b = attributeBool(context.node, 'transpose_b') ? transpose2d(context, 1) : context.input(1);
    return [context.builder.add1('MatMul', [a, b], { name: context.name() })];
  },
  BatchMatMul: batchMatMul(),
  BatchMatMulV2: batchMatMul(),
  Conv2D: (context) => {
    const { node, builder } = context;
    const kernel = context.constant(1);
    const ones = (values: number[]) => values.every((value) => value === 1);
    if (
      (attributeString(node, 'data_format') ?? 'NHWC') !== 'NHWC' ||
      !ones(attributeInts(node, 'strides')) ||
      !ones(attributeInts(node, 'dilations')) ||
      kernel === undefined ||
      kernel.dims.length !== 4 ||
      kernel.dims[0] !== 1 ||
      kernel.dims[1] !== 1
    ) {
      throw conversionError(`Conv2D "${node.name}" is not a 1x1 NHWC convolution with a constant kernel`);
    }
    // A 1x1 convolution over NHWC is a product of the channel axis with the [in, out] kernel matrix.
    const matrix = builder.constant(`${node.inputs[1]}/matrix`, { ...kernel, dims: kernel.dims.slice(2) });
    return [builder.add1('MatMul', [context.input(0), matrix], { name: context.name() })];
  },
};

// --- internal ---

function transpose2d(context: OpContext, index: number): string {
  return context.builder.add1('Transpose', [context.input(index)], {
    name: context.name(`transpose${index}`),
    attributes: { perm: attribute.ints([1, 0]) },
  });
}

/** adj_x / adj_y transpose the last two axes of any rank, which Einsum's ellipsis expresses without knowing it. */
function batchMatMul(): OpConverter {
  return (context) => {
    const adjointX = attributeBool(context.node, 'adj_x');
    const adjointY = attributeBool(context.node, 'adj_y');
    const inputs = [context.input(0), context.input(1)];
    if (!adjointX && !adjointY) return [context.builder.add1('MatMul', inputs, { name: context.name() })];
    const equation = `${adjointX ? '...ji' : '...ij'},${adjointY ? '...kj' : '...jk'}->...ik`;
    return [
      context.builder.add1('Einsum', inputs, {
        name: context.name(),
        attributes: { equation: attribute.string(equation) },
      }),
    ];
  };
}
