import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { redactSecrets } from '@toolsift/core';
import { readJsonBody } from '../gateway/read-json-body.js';
import { allowedHostsOf, refuseRequest } from '../gateway/request-guard.js';
import { createUiApi } from './ui-api.js';
import { loadUiAssets } from './ui-assets.js';
import type { UiSource } from './ui-source.js';

/** The `ui` page being served. */
export interface UiServer {
  /** `http://127.0.0.1:<port>/`. */
  url: string;
  /** The URL to open: `url` with the token in its fragment (`#token=…`), which browsers never send to a server. */
  pageUrl: string;
  close(): Promise<void>;
}

/** The host the page is served on: this machine only. */
export const UI_HOST = '127.0.0.1';

/**
 * Serve the page and its JSON API on 127.0.0.1 (`port` 0 picks a free one), with the gateway's rule for who may
 * call (see `refuseRequest`): a request whose `Host` names another host, or that a page of another site sends, is
 * refused; every `/api/` request must carry `Authorization: Bearer <token>` (a random one when none is given). The
 * page reads the token from its URL's fragment. Everything is text: the page renders no markup it is sent.
 */
export async function serveUi(options: {
  source: UiSource;
  port: number;
  token?: string | undefined;
}): Promise<UiServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const assets = await loadUiAssets();
  const api = createUiApi(options.source);
  let allowedHosts: string[] | undefined;

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const pathname = new URL(request.url ?? '/', 'http://ui').pathname;
    const isApi = pathname.startsWith(API_PREFIX);
    // The page's own files are public (the token is in no file); every API call needs the token.
    const refusal = refuseRequest(request, {
      token: isApi ? token : undefined,
      isLoopback: true,
      allowedHosts,
      subject: 'page',
    });
    if (refusal !== undefined) {
      request.resume();
      const code = refusal.status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN';
      return sendJson(response, refusal.status, errorBody(code, refusal.message), refusal.headers);
    }
    if (isApi) {
      const body = request.method === 'POST' ? await readJson(request, response) : undefined;
      if (body === ANSWERED) return;
      const url = new URL(request.url ?? '/', 'http://ui');
      const answer = await api({
        method: request.method ?? 'GET',
        path: pathname.slice(API_PREFIX.length),
        query: url.searchParams,
        body,
      });
      return sendJson(response, answer.status, answer.body);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      request.resume();
      return sendJson(response, 405, errorBody('USAGE_ERROR', 'The page is read with GET.'), {
        Allow: 'GET, HEAD',
      });
    }
    const asset = await assets.get(pathname);
    if (asset === undefined) return sendJson(response, 404, errorBody('USAGE_ERROR', `No file ${pathname}.`));
    response.writeHead(200, {
      ...PAGE_HEADERS,
      'Content-Type': asset.contentType,
      'Cache-Control': 'no-cache',
    });
    response.end(request.method === 'HEAD' ? undefined : asset.body);
  };

  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return void response.end();
      sendJson(response, 500, errorBody('INTERNAL', error instanceof Error ? error.message : String(error)));
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, UI_HOST, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const { port } = http.address() as AddressInfo;
  allowedHosts = allowedHostsOf(UI_HOST, port);
  const url = `http://${UI_HOST}:${port}/`;
  return {
    url,
    pageUrl: `${url}#token=${token}`,
    async close() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

// --- internal ---

const API_PREFIX = '/api/';
/** A prompt of 100,000 characters, each escaped in JSON, fits. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** What `readJson` returns when it answered the request itself (a body too large, or not JSON). */
const ANSWERED = Symbol('answered');

/** The page loads only its own files, runs only its own scripts, and may not be framed. */
const PAGE_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    ...PAGE_HEADERS,
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  response.end(JSON.stringify(redactSecrets(body)));
}

function errorBody(code: string, message: string): { error: { code: string; message: string } } {
  return { error: { code, message } };
}

/** The parsed JSON body, or ANSWERED after answering 413 or 400 (too large, not JSON). */
async function readJson(request: IncomingMessage, response: ServerResponse): Promise<unknown> {
  const body = await readJsonBody(request, MAX_BODY_BYTES, () => {
    const message = `The body is larger than ${MAX_BODY_BYTES} bytes.`;
    sendJson(response, 413, errorBody('USAGE_ERROR', message), { Connection: 'close' });
  });
  if (body.ok) return body.value;
  if (body.reason === 'not-json') sendJson(response, 400, errorBody('USAGE_ERROR', 'The body is not JSON.'));
  return ANSWERED;
}
