import { ErrorCode, ToolsiftError } from '@toolsift/core';

/** A port option's value: digits from 0 (a free port) to 65535, else a usage error naming the option. */
export function parsePort(value: string, name: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) {
    throw new ToolsiftError(
      ErrorCode.UsageError,
      `--${name} must be a port number from 0 to 65535, written in digits; got ${value === '' ? 'no value' : `"${value}"`}`,
    );
  }
  return port;
}

/**
 * A listen error the user can fix (a port in use, a port that needs privileges, an address or name this machine
 * does not have) as a USAGE_ERROR naming the address and what to do, `option` being the port's option; anything
 * else as it is.
 */
export function listenError(
  error: NodeJS.ErrnoException,
  where: { host: string; port: number; option: string },
): Error {
  const texts: Partial<Record<string, string>> = {
    EADDRINUSE: `the port is in use; pick another with --${where.option}, or 0 for a free one`,
    EACCES: 'not allowed to bind this port; ports below 1024 need privileges',
    EADDRNOTAVAIL: 'this machine has no such address; --host takes one of its own addresses',
    ENOTFOUND: 'no such host name',
  };
  const text = error.code === undefined ? undefined : texts[error.code];
  if (text === undefined) return error;
  return new ToolsiftError(
    ErrorCode.UsageError,
    `cannot serve HTTP on ${where.host}:${where.port} (${error.code}): ${text}`,
    { host: where.host, port: where.port },
    { cause: error },
  );
}
