export type { Diagnostic, DiagnosticSeverity } from './diagnostics.js';
export { ErrorCode, isToolsiftError, ToolsiftError } from './errors.js';
export { isCredentialKey, looksLikeSecret } from './format/credential-detection.js';
export type {
  AnthropicTool,
  GeminiFunctionDeclaration,
  GeminiSchema,
  GeminiSchemaType,
  JsonSchemaTool,
  McpTool,
  ObjectSchema,
  OpenAIChatTool,
  OpenAIResponsesTool,
} from './format/emitted-tool-types.js';
export { estimateToolTokens, TOOL_TOKEN_OVERHEAD } from './format/estimate-tool-tokens.js';
export type { BudgetStop, FittedTools } from './format/fit-tool-budget.js';
export { fitToolBudget } from './format/fit-tool-budget.js';
export type { FormatOptions } from './format/format-options.js';
export { DEFAULT_FORMAT_OPTIONS } from './format/format-options.js';
export type { FormatResult, FormatWarning } from './format/format-result.js';
export { FormatWarningCode } from './format/format-result.js';
export type { FormatTarget } from './format/format-target.js';
export { FORMAT_TARGETS, isFormatTarget } from './format/format-target.js';
export type { FormatTargetTools } from './format/format-tools.js';
export { formatPayload, formatTools } from './format/format-tools.js';
export type { ToolLimitProvider } from './format/provider-tool-limits.js';
export { PROVIDER_TOOL_LIMITS, providerForTarget } from './format/provider-tool-limits.js';
export { redactSecrets } from './format/redact-secrets.js';
export { toAnthropicTools } from './format/to-anthropic-tools.js';
export { toGeminiTools } from './format/to-gemini-tools.js';
export { toJsonSchemaTools } from './format/to-json-schema-tools.js';
export { toMcpTools } from './format/to-mcp-tools.js';
export { toOpenAIResponsesTools } from './format/to-openai-responses-tools.js';
export { toOpenAIStrictTools, toOpenAITools } from './format/to-openai-tools.js';
export type { ToolNameRule } from './format/tool-name-rules.js';
export { TOOL_NAME_RULES } from './format/tool-name-rules.js';
export type { CatalogMemo } from './loaders/catalog-memo.js';
export { SUPPORTED_EXTENSIONS } from './loaders/detect-format.js';
export type { Locate } from './loaders/json-locator.js';
export { createJsonLocator, escapePointerToken } from './loaders/json-locator.js';
export type { LoadCatalogOptions, LoadCatalogResult } from './loaders/load-catalog.js';
export { loadCatalog } from './loaders/load-catalog.js';
export type { LoadedFile } from './loaders/load-document.js';
export type { LoadToolsOptions } from './loaders/load-tools.js';
export { loadTools } from './loaders/load-tools.js';
export { applyOverlays } from './loaders/overlays/apply-overlays.js';
export { descriptionHash } from './loaders/overlays/description-hash.js';
export { fieldOrigins, type OverlayOrigin } from './loaders/overlays/field-origins.js';
export { loadOverlays } from './loaders/overlays/load-overlays.js';
export { readOverlay } from './loaders/overlays/read-overlay.js';
export { shippedOverlays } from './loaders/overlays/shipped-overlays.js';
export type { OverlayEntry, ToolOverlay } from './loaders/overlays/tool-overlay.js';
export { OVERLAY_MARKER } from './loaders/overlays/tool-overlay.js';
export type { ParseToolOptions, ParseToolResult } from './loaders/parse-tool.js';
export { parseTool } from './loaders/parse-tool.js';
export type {
  FormatLoader,
  FormatLoaderContext,
  LoadedTool,
  ParsedDocument,
} from './loaders/types.js';
export type {
  Alternative,
  AppliedOverlay,
  Complement,
  Conflict,
  ConflictSeverity,
  JsonSchema,
  OverlayField,
  Prerequisite,
  RateLimit,
  Risk,
  Tool,
  ToolAnnotations,
  ToolExample,
  ToolFormat,
  ToolInput,
  ToolServer,
  ToolSource,
  UseCase,
} from './model/tool.js';
export { defineTool, ToolFormatSchema, ToolSchema } from './model/tool.js';
export { isRecord } from './schema/is-record.js';
export type { WrittenTools } from './writers/write-tools.js';
export { WRITE_TARGETS, writeTools } from './writers/write-tools.js';
