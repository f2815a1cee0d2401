import { expect, test } from 'vitest';
import { ErrorCode, isToolsiftError, ToolsiftError } from '../src/errors.js';

test('error codes are public API: the whole table is pinned', () => {
  expect(ErrorCode).toMatchInlineSnapshot(`
    {
      "AliasLimit": "ALIAS_LIMIT",
      "BinaryFile": "BINARY_FILE",
      "ConfigInvalid": "CONFIG_INVALID",
      "DuplicateToolId": "DUPLICATE_TOOL_ID",
      "EmbedderUnavailable": "EMBEDDER_UNAVAILABLE",
      "EmbeddingDimensionMismatch": "EMBEDDING_DIMENSION_MISMATCH",
      "EmbeddingRequestFailed": "EMBEDDING_REQUEST_FAILED",
      "EmptyCatalog": "EMPTY_CATALOG",
      "EmptyFile": "EMPTY_FILE",
      "FileTooLarge": "FILE_TOO_LARGE",
      "FileUnreadable": "FILE_UNREADABLE",
      "ForbiddenKey": "FORBIDDEN_KEY",
      "IndexCorrupt": "INDEX_CORRUPT",
      "IndexLocked": "INDEX_LOCKED",
      "IndexNotBuilt": "INDEX_NOT_BUILT",
      "IndexNotSaved": "INDEX_NOT_SAVED",
      "InvalidEncoding": "INVALID_ENCODING",
      "MetadataInvalid": "METADATA_INVALID",
      "MissingDescription": "MISSING_DESCRIPTION",
      "ModelConversionFailed": "MODEL_CONVERSION_FAILED",
      "NestingTooDeep": "NESTING_TOO_DEEP",
      "NotATool": "NOT_A_TOOL",
      "OverlayStale": "OVERLAY_STALE",
      "OverlayUnmatched": "OVERLAY_UNMATCHED",
      "ParseError": "PARSE_ERROR",
      "PrerequisiteCycle": "PREREQUISITE_CYCLE",
      "StoreAuthFailed": "STORE_AUTH_FAILED",
      "StoreFailed": "STORE_FAILED",
      "StoreSchemaTooNew": "STORE_SCHEMA_TOO_NEW",
      "StoreUnreachable": "STORE_UNREACHABLE",
      "StoreUrlInvalid": "STORE_URL_INVALID",
      "SymlinkLoop": "SYMLINK_LOOP",
      "TextTooLong": "TEXT_TOO_LONG",
      "ToolListTruncated": "TOOL_LIST_TRUNCATED",
      "UnknownEmbedder": "UNKNOWN_EMBEDDER",
      "UnknownFormat": "UNKNOWN_FORMAT",
      "UnknownPrerequisite": "UNKNOWN_PREREQUISITE",
      "UnknownTool": "UNKNOWN_TOOL",
      "UnknownToolReference": "UNKNOWN_TOOL_REFERENCE",
      "UnsupportedFormat": "UNSUPPORTED_FORMAT",
      "UpstreamStale": "UPSTREAM_STALE",
      "UpstreamToolInvalid": "UPSTREAM_TOOL_INVALID",
      "UsageError": "USAGE_ERROR",
      "VectorBackendUnavailable": "VECTOR_BACKEND_UNAVAILABLE",
    }
  `);
});

test('a ToolsiftError carries its code, details and cause', () => {
  const cause = new Error('inner');
  const error = new ToolsiftError(ErrorCode.TextTooLong, 'too long', { chars: 5000 }, { cause });
  expect(error).toMatchObject({
    name: 'ToolsiftError',
    code: 'TEXT_TOO_LONG',
    details: { chars: 5000 },
    cause,
  });
});

test('isToolsiftError recognises the brand, so an error from another copy of the package counts', () => {
  // What a second copy of @toolsift/core throws: another class, the same `Symbol.for` brand.
  const otherCopy = Object.assign(new Error('bad'), {
    [Symbol.for('toolsift.error')]: true,
    code: 'USAGE_ERROR',
  });
  expect(isToolsiftError(new ToolsiftError(ErrorCode.UsageError, 'bad'))).toBe(true);
  expect(isToolsiftError(otherCopy)).toBe(true);
  expect(otherCopy instanceof ToolsiftError).toBe(false);
  expect(isToolsiftError(new Error('bad'))).toBe(false);
  expect(isToolsiftError({ code: 'USAGE_ERROR', message: 'bad' })).toBe(false);
});
