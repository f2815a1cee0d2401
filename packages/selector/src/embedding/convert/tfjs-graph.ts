import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ErrorCode, ToolsiftError } from '@toolsift/core';

/** A constant tensor of a TF.js graph (a weight, or a small shape/axis constant). */
export type TfjsTensor =
  | { dtype: 'float32'; shape: number[]; data: Float32Array }
  | { dtype: 'int32'; shape: number[]; data: Int32Array };

/** One attribute value as TF.js serialises it (`{ i: '2' }`, `{ b: true }`, `{ list: { i: [...] } }`, ...). */
export type TfjsAttribute = Record<string, unknown>;

/** One operation of a TF.js graph model. */
export interface TfjsNode {
  name: string;
  op: string;
  /** Input tensor references: `node` or `node:1`; control dependencies (`^node`) are dropped. */
  inputs: string[];
  attributes: Record<string, TfjsAttribute>;
}

/** A TF.js graph model: its operations in file order and its weights by node name. */
export interface TfjsGraph {
  nodes: TfjsNode[];
  weights: Map<string, TfjsTensor>;
}

/** Read `model.json` and its weight shards from a TF.js graph-model folder. */
export async function readTfjsGraph(modelDir: string): Promise<TfjsGraph> {
  const modelPath = join(modelDir, 'model.json');
  const model = parseModelJson(await readFile(modelPath, 'utf8'), modelPath);
  const nodes = model.modelTopology.node.map(
    (node): TfjsNode => ({
      name: node.name,
      op: node.op,
      inputs: (node.input ?? []).filter((input) => !input.startsWith('^')),
      attributes: node.attr ?? {},
    }),
  );
  const weights = new Map<string, TfjsTensor>();
  for (const group of model.weightsManifest) {
    const shards = await Promise.all(group.paths.map((path) => readFile(join(modelDir, path))));
    const bytes = Buffer.concat(shards);
    let offset = 0;
    for (const entry of group.weights) {
      if (entry.quantization !== undefined || (entry.dtype !== 'float32' && entry.dtype !== 'int32')) {
        throw conversionError(
          `weight "${entry.name}" has unsupported storage (${entry.dtype}, quantised or not)`,
        );
      }
      const size = entry.shape.reduce((product, dim) => product * dim, 1);
      const end = offset + size * 4;
      if (end > bytes.length)
        throw conversionError(`weight shards of ${modelPath} are shorter than the manifest`);
      // Copy into an aligned buffer: shard offsets need not be multiples of 4 in general.
      const copy = new Uint8Array(bytes.subarray(offset, end)).buffer;
      weights.set(
        entry.name,
        entry.dtype === 'float32'
          ? { dtype: 'float32', shape: entry.shape, data: new Float32Array(copy) }
          : { dtype: 'int32', shape: entry.shape, data: new Int32Array(copy) },
      );
      offset = end;
    }
  }
  return { nodes, weights };
}

/** Integer attribute (`{ i: '2' }`); undefined when absent. */
export function attributeInt(node: TfjsNode, name: string): number | undefined {
  const value = node.attributes[name]?.i;
  return value === undefined ? undefined : Number(value);
}

/** Boolean attribute (`{ b: true }`); false when absent. */
export function attributeBool(node: TfjsNode, name: string): boolean {
  return node.attributes[name]?.b === true;
}

/** Integer-list attribute (`{ list: { i: ['1', '2'] } }`); empty when absent. */
export function attributeInts(node: TfjsNode, name: string): number[] {
  const list = node.attributes[name]?.list as { i?: unknown[] } | undefined;
  return (list?.i ?? []).map(Number);
}

/** String attribute (`{ s: 'TkhXQw==' }` base64 or `{ s: [78, 72, 87, 67] }` bytes); undefined when absent. */
export function attributeString(node: TfjsNode, name: string): string | undefined {
  const value = node.attributes[name]?.s;
  if (Array.isArray(value)) return String.fromCharCode(...value.map(Number));
  if (typeof value === 'string') return Buffer.from(value, 'base64').toString('latin1');
  return undefined;
}

/** TensorFlow `DataType` number of a type attribute (`{ type: 3 }` or `{ type: 'DT_INT32' }`). */
export function attributeType(node: TfjsNode, name: string): number | undefined {
  const value = node.attributes[name]?.type;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return TF_TYPE_NAMES[value];
  return undefined;
}

/** A MODEL_CONVERSION_FAILED error with a message naming what could not be converted. */
export function conversionError(message: string, cause?: unknown): ToolsiftError {
  return new ToolsiftError(
    ErrorCode.ModelConversionFailed,
    `Model conversion failed: ${message}.`,
    undefined,
    cause === undefined ? undefined : { cause },
  );
}

// --- internal ---

const TF_TYPE_NAMES: Record<string, number> = { DT_FLOAT: 1, DT_INT32: 3, DT_INT64: 9, DT_BOOL: 10 };

interface ModelJson {
  modelTopology: {
    node: { name: string; op: string; input?: string[]; attr?: Record<string, TfjsAttribute> }[];
  };
  weightsManifest: {
    paths: string[];
    weights: { name: string; shape: number[]; dtype: string; quantization?: unknown }[];
  }[];
}

function parseModelJson(text: string, path: string): ModelJson {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw conversionError(`${path} is not valid JSON`, error);
  }
  const model = value as Partial<ModelJson> | null;
  if (!Array.isArray(model?.modelTopology?.node) || !Array.isArray(model?.weightsManifest)) {
    throw conversionError(`${path} is not a TF.js graph model (no modelTopology.node or weightsManifest)`);
  }
  return model as ModelJson;
}
