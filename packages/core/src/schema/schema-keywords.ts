/** Keywords holding one subschema. */
export const SUBSCHEMA_KEYS: ReadonlySet<string> = new Set([
  'additionalProperties',
  'not',
  'contains',
  'if',
  'then',
  'else',
  'propertyNames',
]);
/** Keywords holding a list of subschemas. */
export const SUBSCHEMA_LIST_KEYS: ReadonlySet<string> = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
/** Keywords holding a map of name -> subschema. */
export const SUBSCHEMA_MAP_KEYS: ReadonlySet<string> = new Set([
  '$defs',
  'definitions',
  'patternProperties',
  'dependentSchemas',
]);
/**
 * Keywords whose value must be text. Tool views and formatters read them as strings: a table or list there
 * (a TOML `[parameters.x.description]`) once crashed every command that embeds the catalog.
 */
export const TEXT_KEYWORDS: ReadonlySet<string> = new Set([
  'description',
  'title',
  'format',
  'pattern',
  '$comment',
]);
