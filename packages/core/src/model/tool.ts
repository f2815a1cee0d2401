import { z } from 'zod';

/** A JSON Schema object (draft 2020-12 subset). Kept loose: it is foreign data we normalise, not ours. */
export const JsonSchemaSchema = z.record(z.string(), z.unknown());
export type JsonSchema = Record<string, unknown>;

/** The metadata formats toolsift reads. */
export const ToolFormatSchema = z.enum([
  'shinkai',
  'matimo',
  'paularlott',
  'self-describing',
  'extension-info',
  'mcp',
  'openai',
]);
export type ToolFormat = z.infer<typeof ToolFormatSchema>;

/** Where a tool was read from, for error messages and round-tripping. */
export const ToolSourceSchema = z.strictObject({
  /** The format the tool was read as. */
  format: ToolFormatSchema,
  /** Path of the file it came from, as given to the loader. */
  file: z.string(),
  /** JSON pointer of the tool inside the file ('' when the file is the tool). */
  pointer: z.string(),
  /** 1-based line of the tool inside the file, when the parser reports it. */
  line: z.number().int().positive().optional(),
});

/** One situation a tool is meant for, with the situations it is not meant for. */
export const UseCaseSchema = z.strictObject({
  /** Short name of the use case. */
  title: z.string(),
  /** When to use the tool, in prose; the main positive retrieval text. */
  whenToUse: z.string().optional(),
  /** An example request that fits this use case. */
  example: z.string().optional(),
  /** When NOT to use the tool for this case; negative evidence during selection. */
  notFor: z.string().optional(),
});

/** A worked example: a user prompt and/or a concrete input and output. */
export const ToolExampleSchema = z.strictObject({
  /** Short name of the example. */
  name: z.string().optional(),
  /** What the example shows. */
  description: z.string().optional(),
  /** Arguments passed to the tool. */
  input: z.unknown().optional(),
  /** What the tool returned. */
  output: z.unknown().optional(),
  /** A natural-language request that should select this tool. */
  prompt: z.string().optional(),
});

/** How strongly a conflict matters: high keeps one tool, medium demotes one, low only annotates. */
export const ConflictSeveritySchema = z.enum(['high', 'medium', 'low']);

/** Another tool that overlaps with this one. */
export const ConflictSchema = z.strictObject({
  /** Id (or name) of the other tool; `mcp:<server>` names a whole MCP server. */
  tool: z.string(),
  /** Why the two conflict. */
  reason: z.string().optional(),
  /** Situations where this tool should win. */
  whenPreferThis: z.string().optional(),
  /** Situations where the other tool should win. */
  whenPreferOther: z.string().optional(),
  /** Severity; defaults to medium when the source omits it. */
  severity: ConflictSeveritySchema,
});

/** A better option for a specific scenario. */
export const AlternativeSchema = z.strictObject({
  /** Id (or name) of the alternative tool. */
  tool: z.string(),
  /** When the alternative is the better choice. */
  when: z.string().optional(),
  /** What the alternative does better. */
  benefits: z.string().optional(),
});

/** A tool that works well together with this one. */
export const ComplementSchema = z.strictObject({
  /** Id (or name) of the complementary tool. */
  tool: z.string(),
  /** The scenario in which they are used together. */
  scenario: z.string().optional(),
  /** An example of using both. */
  example: z.string().optional(),
});

/** Something that must hold before the tool can run (an API key, an OAuth grant, an OS...). */
export const PrerequisiteSchema = z.strictObject({
  /** Human name of the requirement. */
  name: z.string(),
  /** Environment variables that must be present (only presence is ever checked). */
  envVars: z.array(z.string()).default([]),
  /** Configuration keys (Shinkai `configurations.required`) that the caller must provide. */
  configKeys: z.array(z.string()).default([]),
  /** Providers or modes the requirement applies to; empty means always. */
  requiredFor: z.array(z.string()).default([]),
  /** How a user obtains it. */
  howToGet: z.string().optional(),
  /** What to use when it is missing (a tool id or prose). */
  fallback: z.string().optional(),
  /** Operating systems the tool runs on (Node `process.platform` names or the source's own words). */
  operatingSystems: z.array(z.string()).optional(),
  /** OAuth provider name, when the requirement is an OAuth grant. */
  oauth: z.string().optional(),
});

/** Rate limiting of the tool or its providers. */
export const RateLimitSchema = z.strictObject({
  /** Provider (or 'default') -> number of requests allowed per period. */
  limits: z.record(z.string(), z.number()).default({}),
  /** Free-text notes about the limits. */
  notes: z.string().optional(),
});

/** MCP tool annotations (behaviour hints), reusing MCP's vocabulary. */
export const ToolAnnotationsSchema = z.strictObject({
  /** Display title. */
  title: z.string().optional(),
  /** The tool does not modify its environment. */
  readOnlyHint: z.boolean().optional(),
  /** The tool may perform destructive updates. */
  destructiveHint: z.boolean().optional(),
  /** Calling it twice with the same arguments has no further effect. */
  idempotentHint: z.boolean().optional(),
  /** The tool interacts with an open world of external entities. */
  openWorldHint: z.boolean().optional(),
});

/** The server a tool belongs to: an MCP server, or what a file says serves its tools (an extension's `ns`). */
export const ToolServerSchema = z.strictObject({
  /** The name the server goes by: the gateway's config key, or the file's `server` / extension `ns`. */
  name: z.string().min(1),
  /** Other names of the same server (MCP `serverInfo.name` beside the config key); overlays match any of them. */
  aliases: z.array(z.string()).default([]),
  /** Display title (MCP `serverInfo.title`). */
  title: z.string().optional(),
  /** What the server is for (MCP `instructions`, a file's `server_description`); evidence for all its tools. */
  description: z.string().optional(),
});

/** Fields an overlay can add to or set on a tool (`server`: the server's description, when it has none). */
export const OverlayFieldSchema = z.enum([
  'server',
  'title',
  'keywords',
  'capabilities',
  'category',
  'tags',
  'useCases',
  'examples',
  'conflicts',
  'alternatives',
  'complements',
  'prerequisites',
  'annotations',
  'risk',
  'requiresApproval',
]);

/** An overlay applied to a tool: metadata written apart from the tool's own file, and the fields it set. */
export const AppliedOverlaySchema = z.strictObject({
  /** The overlay file (or `shipped:<name>` for the overlays toolsift ships). */
  file: z.string(),
  /** JSON pointer of the tool's entry inside the overlay file. */
  pointer: z.string(),
  /** The fields this overlay added to or set on the tool. */
  fields: z.array(OverlayFieldSchema),
  /** The tool's description is not the one the overlay was written for: it may be stale. */
  isStale: z.boolean().optional(),
});

/** Risk level a format declares for running the tool. */
export const RiskSchema = z.enum(['low', 'medium', 'high', 'critical']);

/** The one normalised tool every loader produces. */
export const ToolSchema = z.strictObject({
  /** Stable id, unique in a catalog; namespaced where the source has a namespace (`ns.toolKey`). */
  id: z.string().min(1),
  /** The tool's own name as written in the source (function name, file name...). */
  name: z.string().min(1),
  /** Human-readable title. */
  title: z.string().optional(),
  /** What the tool does; empty when the source has none (reported as a diagnostic). */
  description: z.string(),
  /** Version string as written. */
  version: z.string().optional(),
  /** Author or maintainer. */
  author: z.string().optional(),
  /** Homepage or documentation URL. */
  homepage: z.string().optional(),
  /** Licence identifier. */
  license: z.string().optional(),
  /** Where the tool was read from. */
  source: ToolSourceSchema,
  /** Search terms. */
  keywords: z.array(z.string()).default([]),
  /** Semantic capability tags ("search", "http", ...). */
  capabilities: z.array(z.string()).default([]),
  /** Broad category ("web", "file", "communication"...). */
  category: z.string().optional(),
  /** Free tags. */
  tags: z.array(z.string()).default([]),
  /** Situations the tool is for (and not for). */
  useCases: z.array(UseCaseSchema).default([]),
  /** Worked examples and example prompts. */
  examples: z.array(ToolExampleSchema).default([]),
  /** Input parameters as a JSON Schema object. */
  parameters: JsonSchemaSchema,
  /** Output as JSON Schema, when the source describes it. */
  result: JsonSchemaSchema.optional(),
  /** Tools that overlap with this one. */
  conflicts: z.array(ConflictSchema).default([]),
  /** Better tools for specific scenarios. */
  alternatives: z.array(AlternativeSchema).default([]),
  /** Tools that work well with this one. */
  complements: z.array(ComplementSchema).default([]),
  /** Tools this one calls or needs (Shinkai `tools`). */
  dependsOn: z.array(z.string()).default([]),
  /** What must hold before the tool can run. */
  prerequisites: z.array(PrerequisiteSchema).default([]),
  /** Rate limits. */
  rateLimit: RateLimitSchema.optional(),
  /** A person must approve each call. */
  requiresApproval: z.boolean().optional(),
  /** Declared risk of running the tool. */
  risk: RiskSchema.optional(),
  /** MCP-style behaviour hints. */
  annotations: ToolAnnotationsSchema.optional(),
  /** The server the tool belongs to, when known (gateway upstreams, files that name their server). */
  server: ToolServerSchema.optional(),
  /** Overlays applied to the tool, in order, with the fields each set: where each field came from. */
  overlays: z.array(AppliedOverlaySchema).optional(),
  /** Everything else a format carries, under its format name, so nothing a user wrote is lost. */
  extensions: z.record(z.string(), z.record(z.string(), z.unknown())).default({}),
});

export type Tool = z.infer<typeof ToolSchema>;
/** What a loader hands to `parseTool`: defaults may be omitted. */
export type ToolInput = z.input<typeof ToolSchema>;
export type UseCase = z.infer<typeof UseCaseSchema>;
export type ToolExample = z.infer<typeof ToolExampleSchema>;
export type Conflict = z.infer<typeof ConflictSchema>;
export type ConflictSeverity = z.infer<typeof ConflictSeveritySchema>;
export type Alternative = z.infer<typeof AlternativeSchema>;
export type Complement = z.infer<typeof ComplementSchema>;
export type Prerequisite = z.infer<typeof PrerequisiteSchema>;
export type RateLimit = z.infer<typeof RateLimitSchema>;
export type ToolAnnotations = z.infer<typeof ToolAnnotationsSchema>;
export type ToolSource = z.infer<typeof ToolSourceSchema>;
export type Risk = z.infer<typeof RiskSchema>;
export type ToolServer = z.infer<typeof ToolServerSchema>;
export type OverlayField = z.infer<typeof OverlayFieldSchema>;
export type AppliedOverlay = z.infer<typeof AppliedOverlaySchema>;

/** Identity helper for TypeScript-authored metadata: gives inference and editor help, returns its input. */
export function defineTool<const T extends ToolInput>(tool: T): T {
  return tool;
}
