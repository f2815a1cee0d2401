import net from 'node:net';
import { ErrorCode, isToolsiftError, ToolsiftError } from '@toolsift/core';
import type { Sql } from 'postgres';
import { maskSecrets, type StoreUrl } from './store-url.js';

/** The connections of one store: `sql` for the work a caller waits for, `background` for following other processes. */
export interface StoreConnection {
  /**
   * Loads, learns and saves. Its connections keep the process alive while they work and close after
   * `IDLE_SECONDS` idle, so a script that never calls `close()` still ends.
   */
  readonly sql: Sql;
  /** One connection for LISTEN and the poll, which never keeps the process alive. */
  readonly background: Sql;
  readonly storeUrl: StoreUrl;
  /**
   * A session of its own, for a session-level advisory lock: ending it (`end`) releases the lock, and so does the
   * server when the process dies. No `unlock` statement: one on a connection that closed meanwhile would be written
   * to it from a timer by postgres.js 3.4.9, which kills the process.
   */
  session(): Sql;
  /** Close every connection (waits for the work in flight, at most `END_SECONDS`). */
  end(): Promise<void>;
}

/**
 * Connect to the store's database (the driver, postgres.js, is imported only now) and check that it answers:
 * STORE_UNREACHABLE, STORE_AUTH_FAILED or STORE_FAILED otherwise, the password masked in every message.
 */
export async function connectStore(storeUrl: StoreUrl): Promise<StoreConnection> {
  const { default: postgres } = await import('postgres');
  const common = {
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    onnotice: () => undefined,
    connection: { application_name: 'toolsift' },
    // The driver waits this long before it connects again after a failure (its default grows to 20 s): a database
    // that comes back is used again within a second or two.
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, MAX_BACKOFF_SECONDS),
  };
  const sql = postgres(storeUrl.url, { ...common, max: MAX_CONNECTIONS, idle_timeout: IDLE_SECONDS });
  // `socket` is an option of postgres.js that its type declarations leave out.
  const background = postgres(storeUrl.url, { ...common, max: 1, ...({ socket: unrefSocket } as object) });
  const end = async (): Promise<void> => {
    await Promise.all([sql.end({ timeout: END_SECONDS }), background.end({ timeout: END_SECONDS })]);
  };
  try {
    await sql`select 1`;
  } catch (error) {
    await end().catch(() => undefined);
    throw storeErrorOf(error, storeUrl, 'a connection');
  }
  const session = (): Sql => postgres(storeUrl.url, { ...common, max: 1 });
  return { sql, background, storeUrl, session, end };
}

/**
 * The ToolsiftError for a failure of the driver or the server: STORE_AUTH_FAILED for a refused login,
 * STORE_UNREACHABLE for a server that cannot be reached (or has no such database), STORE_FAILED for a statement it
 * refused. `doing` says what was tried ("a connection", "the migration to schema 2"...). The password is masked.
 */
export function storeErrorOf(error: unknown, storeUrl: StoreUrl, doing: string): ToolsiftError {
  if (isToolsiftError(error)) return error;
  const { masked } = storeUrl;
  const { code, message } = describeDriverError(error);
  const text = maskSecrets(message, storeUrl);
  const details = { url: masked, ...(code !== undefined ? { reason: code } : {}) };
  const wrap = (errorCode: ErrorCode, what: string): ToolsiftError =>
    new ToolsiftError(errorCode, maskSecrets(what, storeUrl), details, { cause: error });
  if (code === '28P01' || code === '28000') {
    return wrap(
      ErrorCode.StoreAuthFailed,
      `the store ${masked} refused the login: ${text}; check the user name and password in the URL`,
    );
  }
  if (code === '3D000') {
    return wrap(
      ErrorCode.StoreUnreachable,
      `the store ${masked} cannot be used: ${text}; create it, or fix the URL`,
    );
  }
  if (isUnreachable(error)) {
    return wrap(
      ErrorCode.StoreUnreachable,
      `the store ${masked} cannot be reached (${text}): is PostgreSQL running there, and is the host and port right?`,
    );
  }
  return wrap(ErrorCode.StoreFailed, `the store ${masked} refused ${doing}: ${text}`);
}

/**
 * Whether an error means the database cannot be reached now (no connection, a connection lost, a server shutting
 * down or starting), as opposed to a statement it refused: a loaded selector then serves on from memory.
 */
export function isUnreachable(error: unknown): boolean {
  if (isToolsiftError(error)) return error.code === ErrorCode.StoreUnreachable;
  const { code } = describeDriverError(error);
  if (code === undefined) return false;
  // SQLSTATE class 08 (connection exception), 57P0x (shutting down, crashed, starting), 53300 (too many connections).
  return NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[1-4]$/.test(code) || code === '53300';
}

// --- internal ---

/** Connections for loads, learns and saves: learns run one at a time per selector, loads fetch in a few at once. */
const MAX_CONNECTIONS = 4;
const IDLE_SECONDS = 2;
const CONNECT_TIMEOUT_SECONDS = 10;
const END_SECONDS = 5;
const MAX_BACKOFF_SECONDS = 1;

/** Error codes of Node and of postgres.js for a connection that could not be made or was lost. */
const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOENT',
  'ABORT_ERR',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);

function describeDriverError(error: unknown): { code: string | undefined; message: string } {
  const code = (error as { code?: unknown } | undefined)?.code;
  return {
    code: typeof code === 'string' ? code : undefined,
    message: error instanceof Error ? error.message : String(error),
  };
}

/**
 * A socket for postgres.js that does not keep the process alive (the driver's `socket` option): the background
 * connection only listens, and a process that is otherwise done should end. It is returned while it connects (the
 * driver's first writes wait in it, and a failure to connect reaches the driver as the socket's error, after which
 * it connects again as with its own sockets); a socket returned only once connected left the driver unable to
 * connect again after a failure.
 */
function unrefSocket(options: {
  host: readonly string[];
  port: readonly number[];
  path?: string | false;
}): net.Socket {
  const socket =
    typeof options.path === 'string' && options.path.length > 0
      ? net.connect(options.path)
      : net.connect(options.port[0] ?? 5432, options.host[0] ?? 'localhost');
  socket.unref();
  return socket;
}
