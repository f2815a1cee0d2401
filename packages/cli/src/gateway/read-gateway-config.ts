import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createJsonLocator, ErrorCode, escapePointerToken, type Locate, ToolsiftError } from '@toolsift/core';
import { z } from 'zod';

/** An upstream MCP server started as a process and spoken to over its stdin/stdout. */
export interface StdioUpstreamConfig {
  name: string;
  transport: 'stdio';
  command: string;
  args: string[];
  /** Added to the safe default environment the SDK gives a server. Secret: never printed, logged or returned. */
  env: Record<string, string>;
  cwd?: string;
  /** The longest message read from the server (default `DEFAULT_MAX_RESULT_BYTES`); a longer answer fails its call. */
  maxResultBytes?: number;
}

/** An upstream MCP server reached over HTTP: Streamable HTTP, or the older HTTP+SSE transport. */
export interface RemoteUpstreamConfig {
  name: string;
  transport: 'http' | 'sse';
  url: URL;
  /** Sent with every request. Secret: never printed, logged or returned. */
  headers: Record<string, string>;
}

/** One upstream server of the gateway, by the name its config entry has. */
export type UpstreamConfig = StdioUpstreamConfig | RemoteUpstreamConfig;

/**
 * Read the `mcpServers` file Claude Desktop and Cursor use (VS Code's `servers` key and `type` field are read too).
 * Entries with `"disabled": true` are left out. A missing or unreadable file is FILE_UNREADABLE, bad JSON is
 * PARSE_ERROR, and an entry of the wrong shape is CONFIG_INVALID naming the file, the line, the field and what
 * was expected. Messages never quote an `env` or `headers` value.
 * @example const upstreams = await readGatewayConfig({ file: 'claude_desktop_config.json', cwd: process.cwd() });
 */
export async function readGatewayConfig(options: { file: string; cwd: string }): Promise<UpstreamConfig[]> {
  const file = path.resolve(options.cwd, options.file);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ToolsiftError(
      ErrorCode.FileUnreadable,
      `cannot read the gateway config ${file} (${reason}); expected an mcpServers JSON file as Claude Desktop, Cursor or VS Code write it`,
      { file },
      { cause: error },
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    // Never V8's message: it quotes the text around the error, which may be an `env` value (an unquoted token).
    const position = jsonErrorPosition(text, (error as Error).message);
    const where =
      position === undefined ? '' : `the syntax breaks at line ${position.line}, column ${position.column}; `;
    throw new ToolsiftError(
      ErrorCode.ParseError,
      `the gateway config ${file} is not valid JSON: ${where}expected an mcpServers JSON file as Claude Desktop, Cursor or VS Code write it`,
      { file, ...position },
    );
  }
  return parseGatewayConfig(data, file, createJsonLocator(text));
}

/**
 * Validate parsed config JSON (see `readGatewayConfig`); `file` names it in errors, `locate` (over the file's text)
 * adds the line of a field.
 */
export function parseGatewayConfig(data: unknown, file: string, locate?: Locate): UpstreamConfig[] {
  const at = (fieldPath: readonly PropertyKey[]): string => {
    // The whole file is "(top level)", not line 1.
    if (fieldPath.length === 0) return '';
    const position = locate?.(fieldPath.map((key) => `/${escapePointerToken(String(key))}`).join(''));
    return position === undefined ? '' : `line ${position.line}, `;
  };
  const parsed = CONFIG.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${at(issue.path)}${describeIssue(issue)}`);
    throw new ToolsiftError(
      ErrorCode.ConfigInvalid,
      `the gateway config ${file} is invalid:\n${issues.map((issue) => `  ✖ ${issue}`).join('\n')}`,
      { file, issues },
      { cause: parsed.error },
    );
  }
  const servers = parsed.data.mcpServers ?? parsed.data.servers ?? {};
  const key = parsed.data.mcpServers !== undefined ? 'mcpServers' : 'servers';
  const upstreams: UpstreamConfig[] = [];
  for (const [name, entry] of Object.entries(servers)) {
    if (entry.disabled === true) continue;
    upstreams.push(toUpstream(name, entry, `${key}.${name}`, file, at([key, name])));
  }
  if (upstreams.length === 0) {
    throw new ToolsiftError(
      ErrorCode.ConfigInvalid,
      `the gateway config ${file} has no enabled server under "${key}"; expected at least one entry such as {"command": "npx", "args": [...]} or {"url": "https://..."}`,
      { file },
    );
  }
  return upstreams;
}

// --- internal ---

/**
 * Where `JSON.parse` failed, from its message: `at position N`, `(line L column C)`, or (Node 20's `Unexpected
 * token`) the text V8 quotes around the error, `..."<10 before><10 after>"...`, found again in `text`. Undefined
 * when the message gives no position.
 */
function jsonErrorPosition(text: string, message: string): { line: number; column: number } | undefined {
  const lineColumn = /\bline (\d+) column (\d+)/.exec(message);
  if (lineColumn !== null) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  const position = /\bat position (\d+)/.exec(message);
  if (position !== null) return positionAt(text, Number(position[1]));
  const context = /^Unexpected token .*?, (\.\.\.)?"([\s\S]*)"(\.\.\.)? is not valid JSON$/.exec(message);
  const [, before, excerpt, after] = context ?? [];
  if (excerpt === undefined || (before === undefined && after === undefined)) return undefined;
  // V8 quotes up to V8_CONTEXT characters each side of the error; the excerpt starts the text when not `...`-led.
  const start = before === undefined ? (text.startsWith(excerpt) ? 0 : -1) : text.indexOf(excerpt);
  if (start === -1 || (before !== undefined && text.indexOf(excerpt, start + 1) !== -1)) return undefined; // unsure
  const offset = before === undefined ? excerpt.length - V8_CONTEXT : start + V8_CONTEXT;
  return offset >= 0 && offset <= text.length ? positionAt(text, offset) : undefined;
}

/** Characters V8's JSON.parse quotes on each side of an unexpected token (`kMaxContextCharacters`). */
const V8_CONTEXT = 10;

function positionAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

const STRING_MAP = z.record(z.string(), z.string({ error: 'expected a string value' }));

// Foreign input: loose, so the other keys of a client's config file (and of each entry) are left alone.
const ENTRY = z.looseObject({
  type: z.enum(['stdio', 'http', 'streamable-http', 'streamableHttp', 'sse']).optional(),
  command: z.string().min(1).optional(),
  args: z.array(z.string()).optional(),
  env: STRING_MAP.optional(),
  cwd: z.string().optional(),
  url: z.string().optional(),
  headers: STRING_MAP.optional(),
  disabled: z.boolean().optional(),
});

const CONFIG = z
  .looseObject({
    mcpServers: z.record(z.string(), ENTRY).optional(),
    servers: z.record(z.string(), ENTRY).optional(),
  })
  .refine((config) => config.mcpServers !== undefined || config.servers !== undefined, {
    message: 'expected an "mcpServers" object (or VS Code\'s "servers") mapping server names to entries',
  });

type Entry = z.infer<typeof ENTRY>;

function toUpstream(name: string, entry: Entry, where: string, file: string, line: string): UpstreamConfig {
  const fail = (field: string, expected: string): never => {
    throw new ToolsiftError(
      ErrorCode.ConfigInvalid,
      `the gateway config ${file} is invalid: ${line}${where}${field === '' ? '' : `.${field}`}: ${expected}`,
      { file, field: `${where}${field === '' ? '' : `.${field}`}` },
    );
  };
  if (name.trim() === '') return fail('', 'expected a server name (the key) that is not empty');
  const isRemote = entry.url !== undefined || (entry.type !== undefined && entry.type !== 'stdio');
  if (!isRemote) {
    if (entry.command === undefined) {
      return fail('', 'expected "command" (a stdio server) or "url" (a Streamable HTTP server)');
    }
    // The gateway's own entry, when the file that starts it is also its config: it would start itself, forever.
    const args = entry.args ?? [];
    const isSelf =
      args.includes('gateway') &&
      args.some((arg) => path.resolve(path.dirname(file), arg.replace(/^--config=/, '')) === file);
    if (isSelf) {
      return fail(
        '',
        'this entry starts the gateway with this same file, so it would start itself; keep the servers the gateway stands in front of in a file of their own',
      );
    }
    return {
      name,
      transport: 'stdio',
      command: entry.command,
      args,
      env: entry.env ?? {},
      ...(entry.cwd !== undefined ? { cwd: path.resolve(path.dirname(file), entry.cwd) } : {}),
    };
  }
  if (entry.command !== undefined) return fail('', 'expected either "command" or "url", not both');
  if (entry.url === undefined) return fail('url', `expected the server's URL for type "${entry.type}"`);
  let url: URL;
  try {
    url = new URL(entry.url);
  } catch {
    return fail('url', 'expected an absolute http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return fail('url', `expected an http:// or https:// URL, got ${url.protocol}`);
  }
  return { name, transport: entry.type === 'sse' ? 'sse' : 'http', url, headers: entry.headers ?? {} };
}

/** `mcpServers.github.env.TOKEN: expected a string value`; never quotes the value itself (it may be a secret). */
function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join('.');
  return `${field === '' ? '(top level)' : field}: ${issue.message}`;
}
