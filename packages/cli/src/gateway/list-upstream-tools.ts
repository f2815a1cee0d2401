import { type Tool as McpTool, ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode } from '@toolsift/core';
import { z } from 'zod';

/**
 * One `tools/list` page as read off the wire. Only the page's shape is checked here: each tool is checked on its own
 * by `listUpstreamTools`, so that one tool MCP's schema rejects does not cost the server all the others.
 */
export const TOOLS_PAGE = z.looseObject({
  tools: z.array(z.unknown()),
  nextCursor: z.string().optional(),
});

/** A `tools/list` page (`TOOLS_PAGE`). */
export type ToolsPage = z.infer<typeof TOOLS_PAGE>;

/** Something wrong in a server's tool list that the gateway worked around; see `describeToolListProblem`. */
export type ToolListProblem =
  | {
      kind: 'invalid-tool';
      /** The tool's name, or its place (`tools[3] of page 2`) when it has no usable name. */
      tool: string;
      /** Dotted path of the first field MCP's tool schema rejects, e.g. `inputSchema.type`. */
      field: string;
      expected: string;
      /** The value the server sent there, as JSON (cut short). */
      got: string;
    }
  /** Invalid tools past the first `MAX_INVALID_DESCRIBED`, counted only. */
  | { kind: 'more-invalid'; count: number }
  | { kind: 'duplicates'; count: number; firstName: string }
  | { kind: 'truncated'; pages: number; tools: number; why: TruncatedBecause };

/** What a server's tool list came to: the tools kept, and what was worked around. */
export interface UpstreamToolList {
  tools: McpTool[];
  problems: ToolListProblem[];
}

/**
 * Read every page of a server's tool list through `requestPage`. A tool MCP's schema rejects is left out, a name
 * listed again keeps its first definition, and the pages followed are bounded (`MAX_TOOL_LIST_PAGES`, 10,000 tools,
 * a cursor seen before, a page of names all listed before): each is returned as a problem, never thrown.
 * @example const list = await listUpstreamTools((cursor) => client.request(pageRequest(cursor), TOOLS_PAGE));
 */
export async function listUpstreamTools(
  requestPage: (cursor: string | undefined) => Promise<ToolsPage>,
): Promise<UpstreamToolList> {
  const tools: McpTool[] = [];
  const problems: ToolListProblem[] = [];
  const names = new Set<string>();
  const cursors = new Set<string>();
  const duplicates = { count: 0, firstName: '' };
  let invalid = 0;
  let cursor: string | undefined;
  for (let pages = 1; ; pages++) {
    const page = await requestPage(cursor);
    let isNewName = false;
    page.tools.forEach((raw, at) => {
      const parsed = ToolSchema.safeParse(raw);
      const name = parsed.success ? parsed.data.name : nameOf(raw);
      if (name !== undefined && names.has(name)) {
        duplicates.count += 1;
        if (duplicates.count === 1) duplicates.firstName = name;
        return;
      }
      // A tool without a name is no new name: pages of nameless tools stop like pages of repeated ones.
      if (name !== undefined) {
        isNewName = true;
        names.add(name);
      }
      if (parsed.success) tools.push(parsed.data);
      else if (++invalid <= MAX_INVALID_DESCRIBED) {
        problems.push(invalidTool(raw, parsed.error, name ?? `tools[${at}] of page ${pages}`));
      }
    });
    cursor = page.nextCursor;
    if (cursor === undefined) break;
    const why: TruncatedBecause | undefined =
      tools.length >= MAX_TOOLS_PER_SERVER
        ? 'tool-limit'
        : pages >= MAX_TOOL_LIST_PAGES
          ? 'page-limit'
          : cursors.has(cursor)
            ? 'repeated-cursor'
            : page.tools.length > 0 && !isNewName
              ? 'no-new-name'
              : undefined;
    if (why !== undefined) {
      problems.push({ kind: 'truncated', pages, tools: tools.length, why });
      break;
    }
    cursors.add(cursor);
  }
  if (invalid > MAX_INVALID_DESCRIBED) {
    problems.push({ kind: 'more-invalid', count: invalid - MAX_INVALID_DESCRIBED });
  }
  if (duplicates.count > 0) problems.unshift({ kind: 'duplicates', ...duplicates });
  return { tools, problems };
}

/** One line for a problem of `server`'s tool list, ending with its stable code in brackets. */
export function describeToolListProblem(server: string, problem: ToolListProblem): string {
  const upstream = `upstream "${server}"`;
  switch (problem.kind) {
    case 'invalid-tool':
      return `${upstream}: tool "${problem.tool}" is left out (not searched, not callable): its ${problem.field} must be ${problem.expected}, got ${problem.got} [${ErrorCode.UpstreamToolInvalid}]`;
    case 'more-invalid':
      return `${upstream}: ${problem.count.toLocaleString('en')} more tool(s) MCP's tool schema rejects are left out too (only the first ${MAX_INVALID_DESCRIBED} are named) [${ErrorCode.UpstreamToolInvalid}]`;
    case 'duplicates':
      return `${upstream}: listed ${problem.count.toLocaleString('en')} tool(s) under names it had listed already (the first: "${problem.firstName}"); the first definition of each name is kept [${ErrorCode.DuplicateToolId}]`;
    case 'truncated':
      return `${upstream}: stopped reading its tool list after ${problem.pages.toLocaleString('en')} page(s) and ${problem.tools.toLocaleString('en')} tool(s): ${TRUNCATED_BECAUSE[problem.why]} [${ErrorCode.ToolListTruncated}]`;
    default: {
      const unreachable: never = problem;
      return unreachable;
    }
  }
}

/** The most pages of one server's tool list the gateway reads (10,000 tools at 10 a page). */
export const MAX_TOOL_LIST_PAGES = 1_000;

// --- internal ---

/** Invalid tools of one list described one by one; the rest are counted. */
const MAX_INVALID_DESCRIBED = 10;

/** The most tools the gateway reads from one server. */
const MAX_TOOLS_PER_SERVER = 10_000;

type TruncatedBecause = 'tool-limit' | 'page-limit' | 'repeated-cursor' | 'no-new-name';

const TRUNCATED_BECAUSE: Record<TruncatedBecause, string> = {
  'tool-limit': `it lists more than ${MAX_TOOLS_PER_SERVER.toLocaleString('en')} tools, the most kept per server`,
  'page-limit': `its pages go on past ${MAX_TOOL_LIST_PAGES.toLocaleString('en')}, the most read per server`,
  'repeated-cursor': 'it sent a next cursor it had sent before (its pages loop)',
  'no-new-name': 'a page listed only names of earlier pages, with a next cursor (its pages loop)',
};

function nameOf(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null || !('name' in raw)) return undefined;
  return typeof raw.name === 'string' && raw.name !== '' ? raw.name.slice(0, MAX_SHOWN) : undefined;
}

function invalidTool(raw: unknown, error: z.ZodError, tool: string): ToolListProblem {
  const issue = error.issues[0];
  const path = issue?.path ?? [];
  return {
    kind: 'invalid-tool',
    tool,
    field: path.length === 0 ? 'definition' : path.map(String).join('.'),
    expected: issue === undefined ? 'a tool definition' : expectedOf(issue),
    got: shown(valueAt(raw, path)),
  };
}

function expectedOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_value':
      return issue.values.map((value) => JSON.stringify(value)).join(' or ');
    case 'invalid_type':
      return `a value of type ${issue.expected}`;
    default:
      return `valid (${issue.message})`;
  }
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let value = raw;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Longest text of a server's value a message quotes. */
const MAX_SHOWN = 80;

function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}
