import { type OnnxConstant, type OnnxGraphBuilder, OnnxType } from './onnx-graph-builder.js';
import { conversionError, type TfjsGraph, type TfjsNode, type TfjsTensor } from './tfjs-graph.js';

/** What an op converter sees: the TF node, the graph under construction, and its inputs. */
export interface OpContext {
  readonly node: TfjsNode;
  readonly builder: OnnxGraphBuilder;
  readonly inputCount: number;
  /** ONNX value name of input `index`; a constant input becomes an initializer. */
  input(index: number): string;
  /** The value of input `index` when it is a constant, else undefined. */
  constant(index: number): OnnxConstant | undefined;
  /** Integer values of input `index`, which must be a constant (axes, permutations, slice bounds). */
  constantInts(index: number): number[];
  /** The name for the node's main ONNX node, or for a helper with `suffix` (the builder makes names unique). */
  name(suffix?: string): string;
}

/** Converts one TF op into ONNX nodes and returns the value names of its outputs, in TF output order. */
export type OpConverter = (context: OpContext) => string[];

/** TF op name -> converter. */
export type OpTable = Readonly<Record<string, OpConverter>>;

/**
 * Convert the part of `graph` that `outputs` depend on into ONNX nodes. Placeholders are bound to existing
 * ONNX values through `bindings`; `Const` nodes become initializers only where an op needs them as tensors.
 */
export function convertTfjsNodes(options: {
  graph: TfjsGraph;
  builder: OnnxGraphBuilder;
  ops: OpTable;
  bindings: ReadonlyMap<string, string>;
  outputs: readonly string[];
}): string[] {
  const { graph, builder, ops, bindings } = options;
  const nodesByName = new Map(graph.nodes.map((node) => [node.name, node]));
  const constants = new Map<string, OnnxConstant>();
  const values = new Map<string, string>();

  for (const node of topologicalOrder(nodesByName, options.outputs)) {
    if (node.op === 'Const') {
      const weight = graph.weights.get(node.name);
      if (weight === undefined) throw conversionError(`constant "${node.name}" has no weight data`);
      constants.set(node.name, toOnnxConstant(weight));
    } else if (node.op === 'Placeholder') {
      const bound = bindings.get(node.name);
      if (bound === undefined)
        throw conversionError(`graph input "${node.name}" is not bound to a model input`);
      values.set(node.name, bound);
    } else {
      const convert = Object.hasOwn(ops, node.op) ? ops[node.op] : undefined;
      if (convert === undefined)
        throw conversionError(`op "${node.op}" (node "${node.name}") has no ONNX mapping`);
      const outputs = convert(contextFor({ node, builder, constants, values }));
      outputs.forEach((output, index) => {
        values.set(index === 0 ? node.name : `${node.name}:${index}`, output);
      });
    }
  }
  return options.outputs.map((output) => {
    const value = values.get(canonicalRef(output));
    if (value === undefined) throw conversionError(`output "${output}" was not produced`);
    return value;
  });
}

/** The ONNX element type for a TensorFlow `DataType` number; integers are widened to int64. */
export function onnxTypeOf(tfType: number | undefined, where: string): OnnxType {
  switch (tfType) {
    case 1:
      return OnnxType.Float;
    case 3:
    case 9:
      return OnnxType.Int64;
    case 10:
      return OnnxType.Bool;
    default:
      throw conversionError(`data type ${String(tfType)} of ${where} is not supported`);
  }
}

// --- internal ---

function contextFor(options: {
  node: TfjsNode;
  builder: OnnxGraphBuilder;
  constants: ReadonlyMap<string, OnnxConstant>;
  values: ReadonlyMap<string, string>;
}): OpContext {
  const { node, builder, constants, values } = options;
  const refAt = (index: number): string => {
    const ref = node.inputs[index];
    if (ref === undefined) throw conversionError(`node "${node.name}" (${node.op}) lacks input ${index}`);
    return canonicalRef(ref);
  };
  const constant = (index: number): OnnxConstant | undefined => constants.get(refAt(index));
  return {
    node,
    builder,
    inputCount: node.inputs.length,
    input(index) {
      const ref = refAt(index);
      const value = constants.get(ref);
      if (value !== undefined) return builder.constant(ref, value);
      const name = values.get(ref);
      if (name === undefined) throw conversionError(`input "${ref}" of "${node.name}" is not available`);
      return name;
    },
    constant,
    constantInts(index) {
      const value = constant(index);
      if (value === undefined || value.type !== OnnxType.Int64) {
        throw conversionError(`input ${index} of "${node.name}" (${node.op}) must be an integer constant`);
      }
      return Array.from(value.data as BigInt64Array, Number);
    },
    name(suffix) {
      return suffix === undefined ? node.name : `${node.name}/${suffix}`;
    },
  };
}

/** `node:0` and `node` name the same tensor. */
function canonicalRef(ref: string): string {
  return ref.endsWith(':0') ? ref.slice(0, -2) : ref;
}

function nodeNameOf(ref: string): string {
  const match = /^(.*):\d+$/.exec(ref);
  return match?.[1] ?? ref;
}

/** Nodes the outputs depend on, each after its inputs; ties keep file order, so the result is deterministic. */
function topologicalOrder(
  nodesByName: ReadonlyMap<string, TfjsNode>,
  outputs: readonly string[],
): TfjsNode[] {
  const order: TfjsNode[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string): void => {
    const seen = state.get(name);
    if (seen === 'done') return;
    if (seen === 'visiting') throw conversionError(`the graph has a cycle through "${name}"`);
    const node = nodesByName.get(name);
    if (node === undefined) throw conversionError(`node "${name}" is referenced but not defined`);
    state.set(name, 'visiting');
    for (const input of node.inputs) visit(nodeNameOf(input));
    state.set(name, 'done');
    order.push(node);
  };
  for (const output of outputs) visit(nodeNameOf(output));
  return order;
}

function toOnnxConstant(tensor: TfjsTensor): OnnxConstant {
  if (tensor.dtype === 'float32') return { type: OnnxType.Float, dims: tensor.shape, data: tensor.data };
  return {
    type: OnnxType.Int64,
    dims: tensor.shape,
    data: BigInt64Array.from(tensor.data, (value) => BigInt(value)),
  };
}
