import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runOnProjectCatalog } from './run-toolsift.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'toolsift-inspect-cli-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const inspect = (...argv: string[]) => runOnProjectCatalog(['inspect', ...argv], root);

describe('toolsift inspect', () => {
  test('says what a tool does, as the action rule sees it', async () => {
    const sender = await inspect('send_email_smtp');
    expect(sender.code).toBe(0);
    expect(sender.stdout).toMatch(
      /^ {2}action: writes, which kind unsaid \(its name says "send"\); the action rule is on for this catalog: \d+% of its tools say what they do$/m,
    );
    const converter = await inspect('convert_currency');
    expect(converter.stdout).toMatch(
      /^ {2}action: unsaid \(no HTTP route, no verb first in its name, no readOnlyHint\);/m,
    );
  });

  test('--json adds the description hash, where fields came from and the action beside the tool and its views', async () => {
    const result = await inspect('send_email_smtp', '--json');
    const parsed = JSON.parse(result.stdout);
    expect(Object.keys(parsed)).toEqual([
      'tool',
      'descriptionHash',
      'origins',
      'views',
      'action',
      'indexWarnings',
    ]);
    expect(parsed.descriptionHash).toMatch(/^[0-9a-f]{12}$/);
    expect(parsed.origins).toEqual({});
    expect(parsed.action).toMatchObject({
      action: { action: 'write', source: 'name', word: 'send' },
      isRuleOn: true,
    });
    expect(parsed.action.knownShare).toBeGreaterThanOrEqual(0.25);
  });
});
