import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ESCAPES,
  HOSTILE_PROMPT,
  SECRETS,
  writeHostileCatalog,
} from '@toolsift/test-support/hostile-catalog';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runOnCatalog } from './run-toolsift.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'toolsift-safe-output-'));
  await writeHostileCatalog(path.join(root, 'catalog'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const toolsift = (argv: string[], options: { isTTY?: boolean } = {}) => runOnCatalog(argv, root, options);

/** The secrets of `SECRETS` found in `text`, by name. */
function leakedSecrets(text: string): string[] {
  return Object.entries(SECRETS)
    .filter(([, secret]) => text.includes(secret))
    .map(([name]) => name);
}

describe('no secret in any CLI output', () => {
  test.each([
    [
      'inspect --json (OAuth client secret, refresh token, key as default)',
      ['inspect', 'drive-upload', '--json'],
    ],
    ['inspect', ['inspect', 'drive-upload']],
    ['inspect a tool with a key in its description', ['inspect', 'charge_card', '--json']],
    ['query --json --explain', ['query', HOSTILE_PROMPT, '--k', '5', '--json', '--explain']],
    ...['openai', 'anthropic', 'mcp', 'gemini', 'openai-strict', 'openai-responses', 'json-schema'].map(
      (target) => [`query --format ${target}`, ['query', HOSTILE_PROMPT, '--k', '5', '--format', target]],
    ),
  ] as [string, string[]][])('%s', async (_name, argv) => {
    const result = await toolsift(argv);
    expect(result.code).toBe(0);
    expect(leakedSecrets(result.stdout + result.stderr)).toEqual([]);
  });

  test('the --explain table on a terminal', async () => {
    const result = await toolsift(['query', HOSTILE_PROMPT, '--k', '5', '--explain'], { isTTY: true });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('[REDACTED]');
    expect(leakedSecrets(result.stdout + result.stderr)).toEqual([]);
  });

  test('inspect --json keeps where secrets come from and redacts their values', async () => {
    const result = await toolsift(['inspect', 'drive-upload', '--json']);
    const { tool } = JSON.parse(result.stdout);
    expect(tool.extensions.shinkai.oauth[0]).toMatchObject({
      clientId: '1234.apps.googleusercontent.com',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      clientSecret: '[redacted]',
      refreshToken: '[redacted]',
    });
    expect(tool.parameters.properties.model_key.default).toBe('[REDACTED]');
  });

  test('a connection string keeps its user and host, not its password', async () => {
    const result = await toolsift(['inspect', 'run_sql', '--json']);
    expect(JSON.parse(result.stdout).tool.description).toContain(
      'postgres://admin:[REDACTED]@db.example.com:5432/prod',
    );
  });
});

describe('no raw control character in human output', () => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
  const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

  test('inspect shows escape sequences as text', async () => {
    const result = await toolsift(['inspect', 'charge_card'], { isTTY: true });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(raw);
    expect(result.stdout).toContain('Charge \\x1b]0;pwned\\x07a card');
    expect(result.stdout).toContain('by default.\\x1b[2J\\x9b31m');
  });

  test('the --explain table shows escape sequences as text', async () => {
    const result = await toolsift(['query', 'charge a card', '--k', '5', '--explain'], { isTTY: true });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('\\x1b]0;pwned\\x07');
    expect(result.stdout).not.toMatch(raw);
  });

  test('JSON output escapes them, C1 controls included', async () => {
    const result = await toolsift(['inspect', 'charge_card', '--json']);
    expect(result.stdout).not.toMatch(raw);
    const { tool } = JSON.parse(result.stdout);
    expect(tool.title).toBe(`Charge ${ESCAPES.windowTitle}a card`);
    expect(tool.description).toContain(`${ESCAPES.clearScreen}${ESCAPES.eightBitCsi}`);
  });
});
