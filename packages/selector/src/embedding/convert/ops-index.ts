import type { OpTable } from './convert-tfjs-nodes.js';
import { onnxTypeOf } from './convert-tfjs-nodes.js';
import { attribute, OnnxType } from './onnx-graph-builder.js';
import { attributeInt, attributeType, conversionError } from './tfjs-graph.js';

/** TF ops that gather, scatter and locate elements by index. */
export const indexOps: OpTable = {
  GatherV2: (context) => {
    if ((attributeInt(context.node, 'batch_dims') ?? 0) !== 0) {
      throw conversionError(`GatherV2 "${context.node.name}" uses batch_dims, which is not supported`);
    }
    const [axis] = context.constantInts(2);
    return [
      context.builder.add1('Gather', [context.input(0), context.input(1)], {
        name: context.name(),
        attributes: { axis: attribute.int(axis ?? 0) },
      }),
    ];
  },
  GatherNd: (context) => [
    context.builder.add1('GatherND', [context.input(0), context.input(1)], { name: context.name() }),
  ],
  // TF Where(condition) returns the [count, rank] coordinates of true elements; ONNX NonZero returns [rank, count].
  Where: (context) => {
    if (context.inputCount !== 1)
      throw conversionError(`Where "${context.node.name}" with 3 inputs is not supported`);
    const coordinates = context.builder.add1('NonZero', [context.input(0)], {
      name: context.name('nonzero'),
    });
    return [
      context.builder.add1('Transpose', [coordinates], {
        name: context.name(),
        attributes: { perm: attribute.ints([1, 0]) },
      }),
    ];
  },
  // ScatterNd(indices, updates, shape) writes updates into zeros of `shape`.
  ScatterNd: (context) => {
    const type = onnxTypeOf(attributeType(context.node, 'T'), `ScatterNd "${context.node.name}"`);
    const zeros = context.builder.add1('ConstantOfShape', [context.input(2)], {
      name: context.name('zeros'),
      attributes: { value: attribute.tensor(zeroOf(type)) },
    });
    return [
      context.builder.add1('ScatterND', [zeros, context.input(0), context.input(1)], {
        name: context.name(),
      }),
    ];
  },
  // SparseToDense(indices [n, rank], shape, values, default) writes values into a tensor filled with `default`.
  SparseToDense: (context) => {
    const filled = context.builder.add1('Expand', [context.input(3), context.input(1)], {
      name: context.name('filled'),
    });
    return [
      context.builder.add1('ScatterND', [filled, context.input(0), context.input(2)], {
        name: context.name(),
      }),
    ];
  },
};

// --- internal ---

function zeroOf(type: OnnxType) {
  const dims = [1];
  if (type === OnnxType.Float) return { type, dims, data: new Float32Array(1) };
  if (type === OnnxType.Int64) return { type, dims, data: new BigInt64Array(1) };
  return { type, dims, data: new Uint8Array(1) };
}
