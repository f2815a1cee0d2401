export type { Diagnostic, DiagnosticSeverity } from './diagnostics.js';
export { ErrorCode, ToolsiftError } from './errors.js';
export type {
  FormatLoader,
  FormatLoaderContext,
  LoadedTool,
  ParsedDocument,
} from './loaders/types.js';
export type {
  Alternative,
  Complement,
  Conflict,
  ConflictSeverity,
  JsonSchema,
  Prerequisite,
  RateLimit,
  Risk,
  Tool,
  ToolAnnotations,
  ToolExample,
  ToolFormat,
  ToolInput,
  ToolSource,
  UseCase,
} from './model/tool.js';
export { defineTool, ToolFormatSchema, ToolSchema } from './model/tool.js';
