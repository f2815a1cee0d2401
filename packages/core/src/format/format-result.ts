import type { FormatTarget } from './format-target.js';

/** Why an emitter changed or left out something a tool declares. Stable strings: public API. */
export const FormatWarningCode = {
  /** The tool's name was not valid for the target and was rewritten (see `names`). */
  NameChanged: 'NAME_CHANGED',
  /** Two tools sanitised to the same name; a numeric suffix was added. */
  NameDeduplicated: 'NAME_DEDUPLICATED',
  /** The description was longer than `maxDescriptionLength` and was cut on a word boundary. */
  DescriptionTruncated: 'DESCRIPTION_TRUNCATED',
  /** A default, example or text that looked like a credential was removed. */
  SecretRemoved: 'SECRET_REMOVED',
  /** A JSON Schema keyword the target does not support was removed. */
  KeywordRemoved: 'KEYWORD_REMOVED',
  /** Extra object keys were allowed by the source but cannot be in this target. */
  AdditionalPropertiesRemoved: 'ADDITIONAL_PROPERTIES_REMOVED',
  /** A union (anyOf/oneOf/type list) was narrowed to what the target can express. */
  UnionFlattened: 'UNION_FLATTENED',
  /** An enum the target cannot express was removed; its values moved into the description. */
  EnumRemoved: 'ENUM_REMOVED',
  /** A `$ref` could not be resolved inside the schema and was replaced by an untyped schema. */
  UnresolvedRef: 'UNRESOLVED_REF',
  /** A recursive `$ref` could not be inlined and was replaced by a plain object. */
  RecursiveRef: 'RECURSIVE_REF',
  /** A schema without a type, or an array without items, got an assumed type. */
  TypeAssumed: 'TYPE_ASSUMED',
  /** An object without declared properties: a target may reject it, or its model may leave it empty. */
  FreeFormObject: 'FREE_FORM_OBJECT',
  /** A `required` entry named no property and was removed. */
  RequiredUnknown: 'REQUIRED_UNKNOWN',
  /** The schema cannot be made strict; the tool was emitted with `strict: false`. */
  StrictFallback: 'STRICT_FALLBACK',
  /** The parameters were not an object schema; an empty object schema was emitted. */
  ParametersNotObject: 'PARAMETERS_NOT_OBJECT',
  /** The tool's result schema cannot be expressed by this target and was left out. */
  ResultDropped: 'RESULT_DROPPED',
  /** An example input was left out (not an object, or it held a credential). */
  ExampleDropped: 'EXAMPLE_DROPPED',
} as const;
export type FormatWarningCode = (typeof FormatWarningCode)[keyof typeof FormatWarningCode];

/** Something a target could not express for one tool: returned, never thrown or logged. */
export interface FormatWarning {
  /** Id of the tool the warning is about. */
  toolId: string;
  target: FormatTarget;
  code: FormatWarningCode;
  /** What was changed or left out, and why. */
  message: string;
  /** JSON pointer inside the parameters schema (`result#<pointer>` for the result schema), for schema nodes. */
  path?: string;
}

/** What every emitter returns: the emitted tools with the map back to tool ids, token estimates and warnings. */
export interface FormatResult<T> {
  /** The emitted tools, in input order. */
  tools: T[];
  /** Emitted name -> tool id, so an agent loop can route the model's tool call. */
  names: Record<string, string>;
  /** Estimated prompt tokens of each emitted tool (same order as `tools`); see `estimateToolTokens`. */
  tokens: number[];
  warnings: FormatWarning[];
}

/** How schema transforms report a warning for the tool being emitted (internal to the emitters). */
export type WarnFunction = (code: FormatWarningCode, message: string, path?: string) => void;
