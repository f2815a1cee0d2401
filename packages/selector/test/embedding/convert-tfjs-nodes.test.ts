import { describe, expect, test } from 'vitest';
import { convertTfjsNodes } from '../../src/embedding/convert/convert-tfjs-nodes.js';
import { OnnxGraphBuilder } from '../../src/embedding/convert/onnx-graph-builder.js';
import { elementwiseOps } from '../../src/embedding/convert/ops-elementwise.js';
import { shapeOps } from '../../src/embedding/convert/ops-shape.js';
import type { TfjsGraph, TfjsNode } from '../../src/embedding/convert/tfjs-graph.js';

const node = (
  name: string,
  op: string,
  inputs: string[] = [],
  attributes: TfjsNode['attributes'] = {},
): TfjsNode => ({
  name,
  op,
  inputs,
  attributes,
});
const ints = (...values: number[]) => ({
  dtype: 'int32' as const,
  shape: [values.length],
  data: Int32Array.from(values),
});

function convert(graph: TfjsGraph, outputs: string[]) {
  const builder = new OnnxGraphBuilder();
  const values = convertTfjsNodes({
    graph,
    builder,
    ops: { ...elementwiseOps, ...shapeOps },
    bindings: new Map([['x', 'input']]),
    outputs,
  });
  return { builder, values };
}

describe('convertTfjsNodes', () => {
  test('maps ops, keeps constants as initializers, and skips what the outputs do not need', () => {
    const graph: TfjsGraph = {
      nodes: [
        node('x', 'Placeholder'),
        node('perm', 'Const'),
        node('unused', 'Sin', ['x']),
        node('t', 'Transpose', ['x', 'perm']),
        node('y', 'Rsqrt', ['t']),
      ],
      weights: new Map([['perm', ints(1, 0)]]),
    };
    const { builder, values } = convert(graph, ['y']);
    expect(values).toEqual(['y']);
    expect(
      builder.nodes.map(
        (entry) => `${entry.opType}(${entry.inputs.join(', ')}) -> ${entry.outputs.join(', ')}`,
      ),
    ).toMatchInlineSnapshot(`
        [
          "Transpose(input) -> t",
          "Sqrt(t) -> y/sqrt",
          "Reciprocal(y/sqrt) -> y",
        ]
      `);
    // The permutation became an attribute, so no initializer was needed.
    expect(builder.initializers).toEqual([]);
  });

  test('turns a StridedSlice with masks into Slice + Squeeze', () => {
    const graph: TfjsGraph = {
      nodes: [
        node('x', 'Placeholder'),
        node('begin', 'Const'),
        node('end', 'Const'),
        node('strides', 'Const'),
        node('s', 'StridedSlice', ['x', 'begin', 'end', 'strides'], {
          begin_mask: { i: '1' },
          end_mask: { i: '1' },
          shrink_axis_mask: { i: '2' },
        }),
      ],
      weights: new Map([
        ['begin', ints(0, -1)],
        ['end', ints(0, 0)],
        ['strides', ints(1, 1)],
      ]),
    };
    const { builder } = convert(graph, ['s']);
    const starts = builder.initializers.find((entry) => entry.name === 's/starts');
    const ends = builder.initializers.find((entry) => entry.name === 's/ends');
    expect(starts?.data).toEqual(BigInt64Array.from([0n, -1n]));
    expect(ends?.data).toEqual(BigInt64Array.from([9223372036854775807n, 9223372036854775807n]));
    expect(builder.nodes.map((entry) => entry.opType)).toEqual(['Slice', 'Squeeze']);
  });

  test.each([
    [
      'an op without a mapping',
      { nodes: [node('x', 'Placeholder'), node('y', 'Fancy', ['x'])], weights: new Map() },
      'Model conversion failed: op "Fancy" (node "y") has no ONNX mapping.',
    ],
    [
      'an unbound input',
      { nodes: [node('other', 'Placeholder'), node('y', 'Sin', ['other'])], weights: new Map() },
      'Model conversion failed: graph input "other" is not bound to a model input.',
    ],
    [
      'a missing node',
      { nodes: [node('y', 'Sin', ['ghost'])], weights: new Map() },
      'Model conversion failed: node "ghost" is referenced but not defined.',
    ],
    [
      'a cycle',
      { nodes: [node('a', 'Sin', ['y']), node('y', 'Sin', ['a'])], weights: new Map() },
      'Model conversion failed: the graph has a cycle through "y".',
    ],
    [
      'a dynamic permutation',
      { nodes: [node('x', 'Placeholder'), node('y', 'Transpose', ['x', 'x'])], weights: new Map() },
      'Model conversion failed: input 1 of "y" (Transpose) must be an integer constant.',
    ],
  ] satisfies [string, TfjsGraph, string][])(
    'refuses %s with MODEL_CONVERSION_FAILED',
    (_, graph, message) => {
      expect(() => convert(graph, ['y'])).toThrow(
        expect.objectContaining({ code: 'MODEL_CONVERSION_FAILED', message }),
      );
    },
  );
});
