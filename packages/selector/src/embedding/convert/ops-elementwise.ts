import { type OpContext, type OpConverter, type OpTable, onnxTypeOf } from './convert-tfjs-nodes.js';
import { attribute } from './onnx-graph-builder.js';
import { attributeString, attributeType, conversionError } from './tfjs-graph.js';

/** Element-wise TF ops: arithmetic, comparisons, activations and casts (numpy broadcasting in both). */
export const elementwiseOps: OpTable = {
  Add: same('Add'),
  Sub: same('Sub'),
  Mul: same('Mul'),
  RealDiv: same('Div'),
  Maximum: same('Max'),
  Less: same('Less'),
  Greater: same('Greater'),
  LogicalNot: same('Not'),
  Sin: same('Sin'),
  Cos: same('Cos'),
  Tanh: same('Tanh'),
  Relu: same('Relu'),
  Sqrt: same('Sqrt'),
  Identity: (context) => [context.input(0)],
  Square: (context) => {
    const input = context.input(0);
    return [context.builder.add1('Mul', [input, input], { name: context.name() })];
  },
  Rsqrt: (context) => {
    const root = context.builder.add1('Sqrt', [context.input(0)], { name: context.name('sqrt') });
    return [context.builder.add1('Reciprocal', [root], { name: context.name() })];
  },
  BiasAdd: (context) => {
    const format = attributeString(context.node, 'data_format') ?? 'NHWC';
    if (format !== 'NHWC')
      throw conversionError(`BiasAdd "${context.node.name}" uses ${format}; only NHWC is supported`);
    return [context.builder.add1('Add', [context.input(0), context.input(1)], { name: context.name() })];
  },
  // TF softmax normalises the last axis; ONNX opset 13 Softmax does the same with axis -1.
  Softmax: (context) => [
    context.builder.add1('Softmax', [context.input(0)], {
      name: context.name(),
      attributes: { axis: attribute.int(-1) },
    }),
  ],
  Cast: (context) => {
    const { node } = context;
    const from = onnxTypeOf(attributeType(node, 'SrcT'), `Cast "${node.name}"`);
    const to = onnxTypeOf(attributeType(node, 'DstT'), `Cast "${node.name}"`);
    // int32 and int64 are both int64 here, so a cast between them is a no-op.
    if (from === to) return [context.input(0)];
    return [
      context.builder.add1('Cast', [context.input(0)], {
        name: context.name(),
        attributes: { to: attribute.int(to) },
      }),
    ];
  },
};

// --- internal ---

/** An op whose ONNX counterpart takes the same inputs in the same order. */
function same(opType: string): OpConverter {
  return (context: OpContext) => {
    const inputs = Array.from({ length: context.inputCount }, (_, index) => context.input(index));
    return [context.builder.add1(opType, inputs, { name: context.name() })];
  };
}
