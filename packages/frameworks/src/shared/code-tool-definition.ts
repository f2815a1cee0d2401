import type { Conflict, ConflictSeverity, JsonSchema, ToolInput } from '@toolsift/core';

/**
 * Toolsift metadata a user adds beside a tool defined in code: what the framework's tool object cannot say
 * (when to use it and when not, what it needs, what it conflicts with). Every field is optional and has the
 * meaning of the same field of the core `Tool` model.
 * @example { useCases: [{ title: 'Forecast', whenToUse: 'the user asks about future weather' }], notFor: 'past weather' }
 */
export interface ToolsiftMetadata
  extends Pick<
    ToolInput,
    | 'title'
    | 'keywords'
    | 'capabilities'
    | 'category'
    | 'tags'
    | 'useCases'
    | 'examples'
    | 'alternatives'
    | 'complements'
    | 'dependsOn'
    | 'prerequisites'
    | 'rateLimit'
    | 'requiresApproval'
    | 'risk'
    | 'annotations'
    | 'result'
  > {
  /** Situations the tool is not for, as a whole (use cases carry their own `notFor`); negative evidence. */
  notFor?: string | readonly string[];
  /** Tools that overlap with this one; `severity` defaults to medium. */
  conflicts?: ReadonlyArray<Omit<Conflict, 'severity'> & { severity?: ConflictSeverity }>;
}

/** A tool as an agent framework defines it in code, reduced to what toolsift reads: JSON Schema input only. */
export interface CodeToolDefinition {
  /** The name the model calls the tool by; it becomes the tool's id. */
  name: string;
  /** What the tool does. */
  description?: string | undefined;
  /** The input as a JSON Schema object (each framework adapter converts its zod or schema object to this). */
  inputSchema: JsonSchema;
  /** Toolsift metadata added beside the tool. */
  metadata?: ToolsiftMetadata | undefined;
}

/** The fields `ToolsiftMetadata` accepts, for checks and error messages. */
export const TOOLSIFT_METADATA_FIELDS = Object.freeze([
  'title',
  'keywords',
  'capabilities',
  'category',
  'tags',
  'useCases',
  'notFor',
  'examples',
  'conflicts',
  'alternatives',
  'complements',
  'dependsOn',
  'prerequisites',
  'rateLimit',
  'requiresApproval',
  'risk',
  'annotations',
  'result',
] as const satisfies ReadonlyArray<keyof ToolsiftMetadata>);
