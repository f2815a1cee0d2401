import { expect, test } from 'vitest';
import { FormatWarningCode } from '../../src/format/format-result.js';
import { toMcpTools } from '../../src/format/to-mcp-tools.js';
import { makeTool } from './make-tool.js';

test('warning codes are public API: the whole table is pinned', () => {
  expect(FormatWarningCode).toMatchInlineSnapshot(`
    {
      "AdditionalPropertiesRemoved": "ADDITIONAL_PROPERTIES_REMOVED",
      "DescriptionTruncated": "DESCRIPTION_TRUNCATED",
      "EnumRemoved": "ENUM_REMOVED",
      "ExampleDropped": "EXAMPLE_DROPPED",
      "FreeFormObject": "FREE_FORM_OBJECT",
      "KeywordRemoved": "KEYWORD_REMOVED",
      "NameChanged": "NAME_CHANGED",
      "NameDeduplicated": "NAME_DEDUPLICATED",
      "ParametersNotObject": "PARAMETERS_NOT_OBJECT",
      "RecursiveRef": "RECURSIVE_REF",
      "RequiredUnknown": "REQUIRED_UNKNOWN",
      "ResultDropped": "RESULT_DROPPED",
      "SecretRemoved": "SECRET_REMOVED",
      "StrictFallback": "STRICT_FALLBACK",
      "TypeAssumed": "TYPE_ASSUMED",
      "UnionFlattened": "UNION_FLATTENED",
      "UnresolvedRef": "UNRESOLVED_REF",
    }
  `);
});

test('a tool named __proto__ still routes back through names', () => {
  const { names } = toMcpTools([makeTool({ id: '__proto__' }), makeTool({ id: 'constructor' })]);
  expect(Object.keys(names)).toEqual(['__proto__', 'constructor']);
  expect(Object.getOwnPropertyDescriptor(names, '__proto__')?.value).toBe('__proto__');
  expect(Object.getPrototypeOf(names)).toBe(Object.prototype);
});
