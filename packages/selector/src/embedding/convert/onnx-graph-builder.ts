/** ONNX `TensorProto.DataType` numbers used by the converter. */
export const OnnxType = { Float: 1, Int64: 7, Bool: 9 } as const;
export type OnnxType = (typeof OnnxType)[keyof typeof OnnxType];

/** A constant known at conversion time; integers are widened to int64. */
export interface OnnxConstant {
  type: OnnxType;
  dims: number[];
  data: Float32Array | BigInt64Array | Uint8Array;
}

/** An attribute value of an ONNX node. */
export type OnnxAttribute =
  | { kind: 'int'; value: number }
  | { kind: 'ints'; value: number[] }
  | { kind: 'float'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'tensor'; value: OnnxConstant };

/** A node of the ONNX graph under construction. */
export interface OnnxNode {
  opType: string;
  name: string;
  inputs: string[];
  outputs: string[];
  attributes: Record<string, OnnxAttribute>;
}

/** A named constant stored in the graph as an initializer. */
export interface OnnxInitializer extends OnnxConstant {
  name: string;
}

/**
 * Collects ONNX nodes and initializers in insertion order, so the same conversion writes the same bytes.
 * `add(opType, inputs, options)` reads like the ONNX node it makes, so it keeps two positional parameters
 * before its options object (STYLE rule 8 otherwise asks for one object).
 */
export class OnnxGraphBuilder {
  readonly nodes: OnnxNode[] = [];
  readonly initializers: OnnxInitializer[] = [];
  readonly #initializerNames = new Map<string, string>();
  readonly #usedNames = new Set<string>();

  /** Add a node named after `name` (made unique); returns its output value names. */
  add(
    opType: string,
    inputs: readonly string[],
    options: { name: string; outputs?: number; attributes?: Record<string, OnnxAttribute> },
  ): string[] {
    const name = this.uniqueName(options.name);
    const count = options.outputs ?? 1;
    const outputs = Array.from({ length: count }, (_, index) => (index === 0 ? name : `${name}:${index}`));
    this.nodes.push({ opType, name, inputs: [...inputs], outputs, attributes: options.attributes ?? {} });
    return outputs;
  }

  /** Add a single-output node; returns its output value name. */
  add1(
    opType: string,
    inputs: readonly string[],
    options: { name: string; attributes?: Record<string, OnnxAttribute> },
  ): string {
    return this.add(opType, inputs, options)[0] ?? options.name;
  }

  /** Store `constant` as an initializer keyed by `key` (once) and return its value name. */
  constant(key: string, constant: OnnxConstant): string {
    const existing = this.#initializerNames.get(key);
    if (existing !== undefined) return existing;
    const name = this.uniqueName(key);
    this.#initializerNames.set(key, name);
    this.initializers.push({ name, ...constant });
    return name;
  }

  /** A fresh int64 initializer holding `values` (1-D, or a scalar when `scalar`). */
  ints(name: string, values: readonly (number | bigint)[], options: { scalar?: boolean } = {}): string {
    const unique = this.uniqueName(name);
    this.initializers.push({
      name: unique,
      type: OnnxType.Int64,
      dims: options.scalar === true ? [] : [values.length],
      data: BigInt64Array.from(values.map((value) => BigInt(value))),
    });
    return unique;
  }

  /** `base` if unused so far, else `base_2`, `base_3`, ... */
  uniqueName(base: string): string {
    let name = base;
    for (let suffix = 2; this.#usedNames.has(name); suffix++) name = `${base}_${suffix}`;
    this.#usedNames.add(name);
    return name;
  }
}

/** Largest int64: an open end for ONNX `Slice`. */
export const INT64_MAX = 9223372036854775807n;
/** Smallest int64: an open end for a backwards ONNX `Slice`. */
export const INT64_MIN = -9223372036854775808n;

/** Convenience constructors for node attributes. */
export const attribute = {
  int: (value: number): OnnxAttribute => ({ kind: 'int', value }),
  ints: (value: number[]): OnnxAttribute => ({ kind: 'ints', value }),
  float: (value: number): OnnxAttribute => ({ kind: 'float', value }),
  string: (value: string): OnnxAttribute => ({ kind: 'string', value }),
  tensor: (value: OnnxConstant): OnnxAttribute => ({ kind: 'tensor', value }),
};
