import type { OpContext, OpConverter, OpTable } from './convert-tfjs-nodes.js';
import { attribute } from './onnx-graph-builder.js';
import { attributeBool } from './tfjs-graph.js';

/** TF reductions `op(x, axes)` with `keep_dims`; the axes must be constants. */
export const reduceOps: OpTable = {
  Sum: reduce('ReduceSum'),
  Mean: reduce('ReduceMean'),
  Max: reduce('ReduceMax'),
  Min: reduce('ReduceMin'),
  Prod: reduce('ReduceProd'),
};

// --- internal ---

function reduce(opType: string): OpConverter {
  return (context: OpContext) => {
    const axes = context.constantInts(1);
    // TF reduces nothing over an empty axis list, ONNX would reduce everything.
    if (axes.length === 0) return [context.input(0)];
    const keepdims = attribute.int(attributeBool(context.node, 'keep_dims') ? 1 : 0);
    // Opset 13 takes ReduceSum's axes as an input and the other reductions' axes as an attribute.
    if (opType === 'ReduceSum') {
      const axesInput = context.builder.ints(context.name('axes'), axes);
      return [
        context.builder.add1(opType, [context.input(0), axesInput], {
          name: context.name(),
          attributes: { keepdims },
        }),
      ];
    }
    return [
      context.builder.add1(opType, [context.input(0)], {
        name: context.name(),
        attributes: { axes: attribute.ints(axes), keepdims },
      }),
    ];
  };
}
