import { describe, expect, test } from 'vitest';
import type { UpstreamConfig } from '../../src/gateway/read-gateway-config.js';
import { createSecretMask } from '../../src/gateway/secret-mask.js';

const TOKEN = 'ghp_v3ry5ecretT0ken';

function stdio(env: Record<string, string>, args: string[] = []): UpstreamConfig {
  return { name: 'github', transport: 'stdio', command: 'npx', args, env };
}

function remote(url: string, headers: Record<string, string> = {}): UpstreamConfig {
  return { name: 'remote', transport: 'http', url: new URL(url), headers };
}

describe('createSecretMask', () => {
  test.each([
    ['an env value', stdio({ GITHUB_TOKEN: TOKEN }), `bad credentials: ${TOKEN}`, 'bad credentials: ***'],
    ['every occurrence', stdio({ T: TOKEN }), `${TOKEN} and ${TOKEN}`, '*** and ***'],
    [
      'a short env value is left alone',
      stdio({ DEBUG: '1', MODE: 'dev' }),
      'DEBUG=1 MODE=dev',
      'DEBUG=1 MODE=dev',
    ],
    [
      'a whole header value',
      remote('https://mcp.example.com/mcp', { Authorization: `Bearer ${TOKEN}` }),
      `sent "Bearer ${TOKEN}"`,
      'sent "***"',
    ],
    [
      'the token of a header alone, the scheme word kept',
      remote('https://mcp.example.com/mcp', { Authorization: `Bearer ${TOKEN}` }),
      `token ${TOKEN} is revoked; Bearer auth failed`,
      'token *** is revoked; Bearer auth failed',
    ],
    [
      'each word of a header value',
      remote('https://mcp.example.com/mcp', { 'X-Keys': 'alpha-key-1  beta-key-2' }),
      'rejected beta-key-2, kept alpha-key-1',
      'rejected ***, kept ***',
    ],
    [
      'the user name and password of a remote URL, as written and decoded',
      remote('https://ada-lovelace:p%40ss-w0rd@mcp.example.com/mcp'),
      'login ada-lovelace failed with p%40ss-w0rd (p@ss-w0rd)',
      'login *** failed with *** (***)',
    ],
    [
      'the query values of a remote URL',
      remote('https://mcp.example.com/mcp?api_key=k3y-12345'),
      'api_key k3y-12345 expired',
      'api_key *** expired',
    ],
    [
      'a URL password in args',
      stdio({}, ['-y', 'server-postgres', 'postgres://reader:pa55word@db.internal:5432/app']),
      'connect failed: password pa55word rejected for reader',
      'connect failed: password *** rejected for reader',
    ],
    [
      'a URL password inside an option argument',
      stdio({}, ['--db=mysql://root:s3cr3t!@localhost/app']),
      'auth s3cr3t! denied',
      'auth *** denied',
    ],
    [
      'a secret inside another, masked whole',
      stdio({ LONG: `${TOKEN}-extra`, SHORT: TOKEN }),
      `saw ${TOKEN}-extra and ${TOKEN}`,
      'saw *** and ***',
    ],
    [
      'two overlapping secrets, no piece of either left',
      stdio({ A: 'abcdef123', B: '123uvwxyz' }),
      'got abcdef123uvwxyz!',
      'got ***!',
    ],
    ['adjacent secrets', stdio({ A: 'first-one', B: 'second-one' }), 'first-onesecond-one', '***'],
  ])('masks %s', (_case, config, text, masked) => {
    expect(createSecretMask(config)(text)).toBe(masked);
  });

  test('a text without secrets comes back as it was', () => {
    expect(createSecretMask(stdio({ T: TOKEN }))('all good')).toBe('all good');
  });
});
