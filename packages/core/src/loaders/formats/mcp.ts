import type { ToolServer } from '../../model/tool.js';
import { isRecord } from '../../schema/is-record.js';
import { emptyObjectSchema, toObjectSchema } from '../../schema/object-schema.js';
import { parametersToSchema, type SchemaResult } from '../../schema/parameters-to-schema.js';
import type { FormatLoader, LoadedTool } from '../types.js';
import { createFieldReader, type FieldReader } from './field-reader.js';
import { baseName } from './file-names.js';
import { countMarkers, hasFileFormatMarkers, MCP_TOOL_MARKERS } from './format-markers.js';
import { type ListedItem, type ListShape, listItems } from './list-items.js';
import { optional } from './optional.js';
import { readAnnotations } from './read-annotations.js';
import { extensionsFor, restOf, setEntry } from './rest-of.js';

/**
 * MCP `tools/list` results: `{tools: [...]}` (also inside a JSON-RPC `result`, and a list of such pages), a bare
 * array (or JSON Lines), or a single Tool object (github-mcp-server snapshots). `inputSchema`, or docker's compact
 * `arguments: [{name, type, desc, optional}]`, becomes the parameters; `outputSchema` the result; `annotations`
 * are kept as annotations; `execution`, `_meta`, `icons` and other keys go to `extensions.mcp`. The `serverInfo` and
 * `instructions` of an initialize result saved beside the list (or `server` / `server_description`) become each
 * tool's `server`. A named tool with an
 * `inputSchema` is read as MCP whatever other keys it has, so keys a later spec adds never make a file unknown.
 */
export const mcpLoader: FormatLoader = {
  format: 'mcp',
  detect(document) {
    const listed = document.syntax === 'toml' ? undefined : mcpItems(document.data);
    if (listed === undefined) return 0;
    const records = listed.items.map((item) => item.value).filter(isRecord);
    if (records.length < listed.items.length) return 0;
    if (records.length > 0 && records.every(isMcpTool)) return listed.shape === 'single' ? 0.9 : 0.95;
    if (listed.shape === 'container' && isRecord(document.data) && isForeign(document.data)) return 0;
    const hint = /(^|[^a-z])tools\.json$|mcp/i.test(baseName(document.file)) ? 0.1 : 0;
    if (records.some(isForeign)) return 0;
    if (listed.shape === 'single') {
      const [tool] = records;
      return tool !== undefined && typeof tool.name === 'string' && countMarkers(tool, MCP_TOOL_MARKERS) > 0
        ? 0.9
        : 0;
    }
    if (records.length === 0) return listed.shape === 'container' ? 0.6 : hint > 0 ? 0.55 : 0;
    if (!records.every((tool) => typeof tool.name === 'string')) return 0;
    if (records.some((tool) => countMarkers(tool, MCP_TOOL_MARKERS) > 0)) return 0.9;
    return listed.shape === 'container' ? 0.6 : 0.45 + hint;
  },
  load(document, context) {
    const read = createFieldReader({ document, context, format: 'mcp' });
    const listed = mcpItems(document.data);
    if (listed === undefined) {
      read.invalid('', 'an MCP tools/list result, a list of tools or one tool', document.data);
      return [];
    }
    return listed.items.flatMap((item) => {
      const tool = toolOf(item, read);
      return tool === undefined ? [] : [tool];
    });
  },
};

// --- internal ---

const CONTAINERS = [['tools'], ['result', 'tools']] as const;
const CONSUMED = ['name', 'title', 'description', 'inputSchema', 'arguments', 'outputSchema', 'annotations'];

/** An item to read as an MCP tool, with what its page says about the server. */
interface McpItem extends ListedItem {
  server: ToolServer | undefined;
}

/**
 * The tools of a document: `listItems` over the MCP containers, or the tools of every page when the document is a
 * list of `tools/list` results or JSON-RPC responses (paging with `nextCursor`, JSON Lines of a transcript).
 */
function mcpItems(data: unknown): { shape: ListShape; items: McpItem[] } | undefined {
  if (Array.isArray(data) && data.length > 0 && data.every(isPage)) {
    const items = data.flatMap((page: Record<string, unknown>, index) =>
      (listItems(page, CONTAINERS)?.items ?? []).map((item) => ({
        value: item.value,
        pointer: `/${index}${item.pointer}`,
        server: serverOf(page),
      })),
    );
    return { shape: 'container', items };
  }
  const listed = listItems(data, CONTAINERS);
  if (listed === undefined) return undefined;
  const server = listed.shape === 'container' && isRecord(data) ? serverOf(data) : undefined;
  return { shape: listed.shape, items: listed.items.map((item) => ({ ...item, server })) };
}

/** A `tools/list` result or a JSON-RPC response carrying one (a tool has a name; a page has none). */
function isPage(value: unknown): value is Record<string, unknown> {
  return (
    isRecord(value) && typeof value.name !== 'string' && listItems(value, CONTAINERS)?.shape === 'container'
  );
}

/**
 * The server of a page: `serverInfo` {name, title} and `instructions` of an initialize result saved beside the tools
 * (or beside them in the JSON-RPC `result`), or a file's own `server` (a name, or {name, title, description}) and
 * `server_description`. Undefined when the page names no server.
 */
function serverOf(page: Record<string, unknown>): ToolServer | undefined {
  const holders = [page, page.result].filter(isRecord);
  const pick = (key: string): unknown => holders.find((holder) => holder[key] !== undefined)?.[key];
  const info = isRecord(pick('serverInfo')) ? (pick('serverInfo') as Record<string, unknown>) : {};
  const own = pick('server');
  const declared = isRecord(own) ? own : { name: own };
  const text = (value: unknown): string | undefined =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  const name = text(declared.name) ?? text(info.name);
  if (name === undefined) return undefined;
  const aliases = [text(info.name), text(info.title)].filter(
    (alias): alias is string => alias !== undefined && alias !== name,
  );
  const title = text(declared.title) ?? text(info.title);
  const description =
    text(declared.description) ?? text(pick('server_description')) ?? text(pick('instructions'));
  return {
    name,
    aliases: [...new Set(aliases)],
    ...optional('title', title),
    ...optional('description', description),
  };
}

/** A named tool with an `inputSchema` object: MCP, whatever other keys a server or a later spec adds. */
function isMcpTool(record: Record<string, unknown>): boolean {
  return typeof record.name === 'string' && isRecord(record.inputSchema);
}

/** OpenAI function definitions and other single-file formats are not MCP tools. */
function isForeign(record: Record<string, unknown>): boolean {
  if (isMcpTool(record)) return false;
  return (
    record.type === 'function' ||
    record.function !== undefined ||
    record.parameters !== undefined ||
    hasFileFormatMarkers(record)
  );
}

function toolOf(item: McpItem, read: FieldReader): LoadedTool | undefined {
  const { pointer } = item;
  const entry = read.record(item.value, pointer);
  if (entry === undefined) return undefined;
  const name = read.required(entry.name, {
    pointer,
    field: 'name',
    message: 'MCP tool needs a "name" (a string); it is skipped.',
  });
  if (name === undefined) return undefined;
  const parameters = parametersOf(entry, pointer, read);
  const output = read.schema(entry.outputSchema, `${pointer}/outputSchema`);
  const annotations = readAnnotations(entry.annotations, `${pointer}/annotations`, read);
  const rest = restOf(entry, CONSUMED);
  if (Object.keys(annotations.extra).length > 0) setEntry(rest, 'annotations', annotations.extra);
  return {
    id: name,
    name,
    ...optional('title', read.string(entry.title, `${pointer}/title`) ?? annotations.value?.title),
    description: read.string(entry.description, `${pointer}/description`)?.trim() ?? '',
    source: read.source(pointer),
    parameters: parameters.schema,
    ...optional('result', output),
    ...optional('annotations', annotations.value),
    ...optional('server', item.server),
    ...extensionsFor('mcp', rest),
  };
}

function parametersOf(entry: Record<string, unknown>, pointer: string, read: FieldReader): SchemaResult {
  let result: SchemaResult = { schema: emptyObjectSchema(), problems: [] };
  let key = 'inputSchema';
  if (entry.inputSchema !== undefined && entry.inputSchema !== null) {
    result = toObjectSchema(entry.inputSchema);
  } else if (entry.arguments !== undefined && entry.arguments !== null) {
    key = 'arguments';
    result = Array.isArray(entry.arguments)
      ? parametersToSchema(entry.arguments, { isRequiredByDefault: true })
      : {
          schema: emptyObjectSchema(),
          problems: [{ pointer: '', expected: 'a list of arguments', found: entry.arguments }],
        };
  }
  read.schemaProblems(result.problems, `${pointer}/${key}`);
  return result;
}
