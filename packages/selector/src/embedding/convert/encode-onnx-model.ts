import type { OnnxAttribute, OnnxConstant, OnnxGraphBuilder, OnnxType } from './onnx-graph-builder.js';

/** A graph input or output: name, element type and dimensions (a string names a symbolic dimension). */
export interface OnnxValueInfo {
  name: string;
  type: OnnxType;
  dims: (number | string)[];
}

/** Serialise the built graph as an ONNX model (protobuf bytes). Same input, same bytes. */
export async function encodeOnnxModel(options: {
  builder: OnnxGraphBuilder;
  graphName: string;
  inputs: readonly OnnxValueInfo[];
  outputs: readonly OnnxValueInfo[];
  opsetVersion: number;
  producer: { name: string; version: string };
  docString: string;
}): Promise<Uint8Array> {
  // Loaded on demand: protobuf code is only needed on the first use of use-lite.
  const { onnx } = (await import('onnx-proto')).default;
  const { builder } = options;
  const model = onnx.ModelProto.create({
    irVersion: 7,
    opsetImport: [{ domain: '', version: options.opsetVersion }],
    producerName: options.producer.name,
    producerVersion: options.producer.version,
    docString: options.docString,
    graph: {
      name: options.graphName,
      node: builder.nodes.map((node) => ({
        opType: node.opType,
        name: node.name,
        input: node.inputs,
        output: node.outputs,
        attribute: Object.entries(node.attributes).map(([name, value]) => encodeAttribute(name, value)),
      })),
      initializer: builder.initializers.map((initializer) => encodeTensor(initializer, initializer.name)),
      input: options.inputs.map(encodeValueInfo),
      output: options.outputs.map(encodeValueInfo),
    },
  });
  return onnx.ModelProto.encode(model).finish();
}

// --- internal ---

type AttributeProto = import('onnx-proto').onnx.IAttributeProto;
type TensorProto = import('onnx-proto').onnx.ITensorProto;
type ValueInfoProto = import('onnx-proto').onnx.IValueInfoProto;

// AttributeProto.AttributeType numbers.
const AttributeType = { FLOAT: 1, INT: 2, STRING: 3, TENSOR: 4, INTS: 7 } as const;

function encodeAttribute(name: string, attribute: OnnxAttribute): AttributeProto {
  switch (attribute.kind) {
    case 'int':
      return { name, type: AttributeType.INT, i: attribute.value };
    case 'ints':
      return { name, type: AttributeType.INTS, ints: attribute.value };
    case 'float':
      return { name, type: AttributeType.FLOAT, f: attribute.value };
    case 'string':
      return { name, type: AttributeType.STRING, s: new TextEncoder().encode(attribute.value) };
    case 'tensor':
      return { name, type: AttributeType.TENSOR, t: encodeTensor(attribute.value, name) };
    default: {
      const unreachable: never = attribute;
      return unreachable;
    }
  }
}

/** Tensors are stored as little-endian `raw_data`, the compact form every ONNX runtime reads. */
function encodeTensor(constant: OnnxConstant, name: string): TensorProto {
  const { data } = constant;
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return {
    name,
    dataType: constant.type,
    dims: constant.dims,
    rawData: littleEndian(bytes, data.BYTES_PER_ELEMENT),
  };
}

function encodeValueInfo(info: OnnxValueInfo): ValueInfoProto {
  return {
    name: info.name,
    type: {
      tensorType: {
        elemType: info.type,
        shape: {
          dim: info.dims.map((dim) => (typeof dim === 'number' ? { dimValue: dim } : { dimParam: dim })),
        },
      },
    },
  };
}

const IS_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function littleEndian(bytes: Uint8Array, width: number): Uint8Array {
  if (IS_LITTLE_ENDIAN || width === 1) return bytes;
  const swapped = new Uint8Array(bytes.length);
  for (let offset = 0; offset < bytes.length; offset += width) {
    for (let index = 0; index < width; index++)
      swapped[offset + index] = bytes[offset + width - 1 - index] ?? 0;
  }
  return swapped;
}
