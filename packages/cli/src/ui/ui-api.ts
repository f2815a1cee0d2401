import {
  ErrorCode,
  FORMAT_TARGETS,
  type FormatTarget,
  isToolsiftError,
  type Tool,
  ToolsiftError,
} from '@toolsift/core';
import type { DoctorReport, Selector } from '@toolsift/selector';
import { z } from 'zod';
import { MAX_QUERY_LENGTH } from '../mcp/search-tools.js';
import { type CatalogFacets, catalogFacets, filterCatalog } from './catalog-filter.js';
import { type CatalogRows, catalogRows } from './catalog-rows.js';
import { createDoctorRun } from './doctor-run.js';
import { selectForPage } from './select-for-page.js';
import { toolDetail } from './tool-detail.js';
import type { UiSource } from './ui-source.js';

/** One API request: method, path under `/api/`, query parameters, and the parsed JSON body of a POST. */
export interface ApiRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** An API answer: the status and the value sent as JSON (secrets redacted by the server). */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** Most tools one catalog page lists. */
export const MAX_PAGE_TOOLS = 500;
/** Most tools the prompt box ranks. */
export const MAX_PAGE_K = 50;

/**
 * The JSON API the page calls: `GET summary`, `GET tools`, `GET tool?id=`, `POST select`, `GET learned`,
 * `POST forget`, `GET|POST doctor`, `GET gateway`. Bad input is a 400 with a stable code (`USAGE_ERROR`), an
 * unknown tool a 404 (`UNKNOWN_TOOL`), a gateway with no tool yet a 503 (`EMPTY_CATALOG`).
 */
export function createUiApi(source: UiSource): (request: ApiRequest) => Promise<ApiAnswer> {
  const doctor = createDoctorRun((onProgress) => source.diagnose(onProgress));
  // The rows and facets of the catalog, made again only when its tools (a new array each time, the same objects
  // while unchanged), its diagnostics or the doctor's report changed: at 10,000 tools they take ~100 ms to make.
  let cached:
    | {
        tools: readonly Tool[];
        diagnostics: number;
        report: DoctorReport | undefined;
        rows: CatalogRows;
        facets: CatalogFacets;
      }
    | undefined;
  const catalogOf = (selector: Selector): { rows: CatalogRows; facets: CatalogFacets } => {
    const { tools } = selector;
    const diagnostics = selector.index.diagnostics;
    const report = doctor.report();
    const isSame =
      cached !== undefined &&
      cached.diagnostics === diagnostics.length &&
      cached.report === report &&
      isSameTools(cached.tools, tools);
    if (!isSame || cached === undefined) {
      const rows = catalogRows({ tools, diagnostics, doctor: report });
      cached = { tools, diagnostics: diagnostics.length, report, rows, facets: catalogFacets(rows.rows) };
    }
    return cached;
  };
  const needSelector = async (): Promise<Selector> => {
    const selector = await source.selector();
    if (selector === undefined) {
      throw new ToolsiftError(ErrorCode.EmptyCatalog, 'No tool yet: no upstream server has listed a tool.');
    }
    return selector;
  };

  const routes: Record<string, (request: ApiRequest) => Promise<unknown>> = {
    'GET summary': async () => {
      const selector = await source.selector();
      const catalog = selector === undefined ? undefined : catalogOf(selector);
      return {
        title: source.title,
        isGateway: source.gateway !== undefined,
        tools: catalog?.rows.rows.length ?? 0,
        facets: catalog?.facets ?? { servers: [], formats: [], codes: [] },
        targets: FORMAT_TARGETS,
        maxPromptLength: MAX_QUERY_LENGTH,
        maxK: MAX_PAGE_K,
        indexWarnings: selector?.index.warnings ?? [],
      };
    },
    'GET tools': async ({ query }) => {
      const input = parse(CATALOG_QUERY, Object.fromEntries(query), 'tools');
      return filterCatalog(catalogOf(await needSelector()).rows, input);
    },
    'GET tool': async ({ query }) => {
      const { id } = parse(TOOL_QUERY, Object.fromEntries(query), 'tool');
      const detail = toolDetail({ selector: await needSelector(), id, doctor: doctor.report() });
      if (detail === undefined)
        throw new ToolsiftError(ErrorCode.UnknownTool, `No tool "${id}" in the catalog.`);
      return detail;
    },
    'POST select': async ({ body }) => {
      const input = parse(SELECT_BODY, body, 'select');
      return selectForPage({
        selector: await needSelector(),
        request: { prompt: input.prompt, k: input.k ?? DEFAULT_K, target: input.target ?? 'openai' },
        env: source.env,
      });
    },
    'GET learned': async () => ({ entries: (await needSelector()).learned() }),
    'POST forget': async ({ body }) => {
      const input = parse(FORGET_BODY, body, 'forget');
      return (await needSelector()).forget([{ tool: input.tool, prompt: input.prompt }]);
    },
    'GET doctor': async () => doctor.state(),
    'POST doctor': async () => {
      doctor.start();
      return doctor.state();
    },
    'GET gateway': async () => {
      const { gateway } = source;
      if (gateway === undefined) {
        throw new ToolsiftError(
          ErrorCode.UsageError,
          'Not a gateway: the upstreams are shown by `toolsift gateway --ui`.',
        );
      }
      return { upstreams: gateway.statuses(), ...gateway.recent() };
    },
  };

  return async (request) => {
    const route = routes[`${request.method} ${request.path}`];
    if (route === undefined) {
      const paths = [...new Set(Object.keys(routes).map((key) => key.split(' ')[1]))];
      return errorAnswer(
        404,
        ErrorCode.UsageError,
        `No API endpoint ${request.method} /api/${request.path}. Endpoints: ${paths.map((name) => `/api/${name}`).join(', ')}.`,
      );
    }
    try {
      return { status: 200, body: await route(request) };
    } catch (error) {
      if (!isToolsiftError(error)) throw error;
      return errorAnswer(STATUS_OF[error.code] ?? 400, error.code, error.message);
    }
  };
}

// --- internal ---

const DEFAULT_K = 5;

const STATUS_OF: Partial<Record<string, number>> = {
  [ErrorCode.UnknownTool]: 404,
  [ErrorCode.EmptyCatalog]: 503,
};

const count = (max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number written in digits')
    .transform(Number)
    .pipe(z.number().max(max, `must be at most ${max}`));

const CATALOG_QUERY = z.strictObject({
  text: z.string().max(1000).default(''),
  server: z.string().optional(),
  format: z.string().optional(),
  code: z.string().optional(),
  offset: count(Number.MAX_SAFE_INTEGER).default(0),
  limit: count(MAX_PAGE_TOOLS).default(100),
});

const TOOL_QUERY = z.strictObject({ id: z.string().min(1, 'must name a tool') });

const SELECT_BODY = z.strictObject({
  prompt: z.string().min(1, 'must not be empty').max(MAX_QUERY_LENGTH),
  k: z.number().int().min(1).max(MAX_PAGE_K).optional(),
  target: z.enum(FORMAT_TARGETS as unknown as [FormatTarget, ...FormatTarget[]]).optional(),
});

const FORGET_BODY = z.strictObject({ tool: z.string().min(1), prompt: z.string().min(1) });

/** The input, or a USAGE_ERROR naming the endpoint and each problem with its field. */
function parse<T>(schema: z.ZodType<T>, input: unknown, endpoint: string): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) =>
    issue.path.length === 0 ? issue.message : `${issue.path.join('.')}: ${issue.message}`,
  );
  throw new ToolsiftError(ErrorCode.UsageError, `Bad input for /api/${endpoint}: ${problems.join('; ')}`, {
    issues: result.error.issues,
  });
}

function isSameTools(before: readonly Tool[], now: readonly Tool[]): boolean {
  return before.length === now.length && before.every((tool, index) => tool === now[index]);
}

function errorAnswer(status: number, code: string, message: string): ApiAnswer {
  return { status, body: { error: { code, message } } };
}
