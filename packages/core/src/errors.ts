const TOOLSIFT_ERROR_BRAND: unique symbol = Symbol.for('toolsift.error');

/** Stable error and diagnostic codes. They are public API: a test pins the whole table. */
export const ErrorCode = {
  MetadataInvalid: 'METADATA_INVALID',
  ParseError: 'PARSE_ERROR',
  UnsupportedFormat: 'UNSUPPORTED_FORMAT',
  UnknownFormat: 'UNKNOWN_FORMAT',
  NotATool: 'NOT_A_TOOL',
  EmptyFile: 'EMPTY_FILE',
  BinaryFile: 'BINARY_FILE',
  InvalidEncoding: 'INVALID_ENCODING',
  FileTooLarge: 'FILE_TOO_LARGE',
  NestingTooDeep: 'NESTING_TOO_DEEP',
  AliasLimit: 'ALIAS_LIMIT',
  ForbiddenKey: 'FORBIDDEN_KEY',
  SymlinkLoop: 'SYMLINK_LOOP',
  FileUnreadable: 'FILE_UNREADABLE',
  DuplicateToolId: 'DUPLICATE_TOOL_ID',
  UnknownToolReference: 'UNKNOWN_TOOL_REFERENCE',
  MissingDescription: 'MISSING_DESCRIPTION',
  TextTooLong: 'TEXT_TOO_LONG',
  UnknownPrerequisite: 'UNKNOWN_PREREQUISITE',
  PrerequisiteCycle: 'PREREQUISITE_CYCLE',
  EmbeddingDimensionMismatch: 'EMBEDDING_DIMENSION_MISMATCH',
  IndexNotBuilt: 'INDEX_NOT_BUILT',
  IndexCorrupt: 'INDEX_CORRUPT',
  IndexLocked: 'INDEX_LOCKED',
  IndexNotSaved: 'INDEX_NOT_SAVED',
  UnknownTool: 'UNKNOWN_TOOL',
  EmptyCatalog: 'EMPTY_CATALOG',
  VectorBackendUnavailable: 'VECTOR_BACKEND_UNAVAILABLE',
  EmbedderUnavailable: 'EMBEDDER_UNAVAILABLE',
  ModelConversionFailed: 'MODEL_CONVERSION_FAILED',
  EmbeddingRequestFailed: 'EMBEDDING_REQUEST_FAILED',
  UnknownEmbedder: 'UNKNOWN_EMBEDDER',
  UsageError: 'USAGE_ERROR',
  ConfigInvalid: 'CONFIG_INVALID',
  OverlayUnmatched: 'OVERLAY_UNMATCHED',
  OverlayStale: 'OVERLAY_STALE',
  /** A tool an upstream MCP server lists that MCP's tool schema rejects: the gateway leaves that tool out. */
  UpstreamToolInvalid: 'UPSTREAM_TOOL_INVALID',
  /** An upstream's tool list read only in part: its pages loop or go past the gateway's bounds. */
  ToolListTruncated: 'TOOL_LIST_TRUNCATED',
  /** A search answered from an upstream's last tool list: the change it announced was not read in time. */
  UpstreamStale: 'UPSTREAM_STALE',
  /** A store URL that is not a `postgres://` or `postgresql://` URL, or does not parse. */
  StoreUrlInvalid: 'STORE_URL_INVALID',
  /** The store's database cannot be reached: no server at the address, a name that does not resolve, no such database. */
  StoreUnreachable: 'STORE_UNREACHABLE',
  /** The store's database refused the user name or password of its URL. */
  StoreAuthFailed: 'STORE_AUTH_FAILED',
  /** The store's schema was made by a newer toolsift than this one, which does not write over it. */
  StoreSchemaTooNew: 'STORE_SCHEMA_TOO_NEW',
  /** The store's database refused a statement (e.g. no right to create the store's tables). */
  StoreFailed: 'STORE_FAILED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * The one error class of toolsift packages; `code` says what kind of failure it is. Recognise one with
 * `isToolsiftError`, not `instanceof` alone: two copies of the package each have their own class.
 */
export class ToolsiftError extends Error {
  /** The brand `isToolsiftError` checks; `Symbol.for` makes it the same symbol in every copy of the package. */
  readonly [TOOLSIFT_ERROR_BRAND] = true;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ToolsiftError';
  }
}

/**
 * Whether a value is a ToolsiftError from any copy of the toolsift packages (it carries the brand and a code).
 * @example if (isToolsiftError(error)) console.error(error.code, error.message);
 */
export function isToolsiftError(value: unknown): value is ToolsiftError {
  return (
    value instanceof Error &&
    TOOLSIFT_ERROR_BRAND in value &&
    value[TOOLSIFT_ERROR_BRAND] === true &&
    'code' in value &&
    typeof value.code === 'string'
  );
}
