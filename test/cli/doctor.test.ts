import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT, runToolsift } from './run-toolsift.js';

// `toolsift doctor` over the catalog with planted faults (test/fixtures/doctor/planted), with use-lite: the table,
// --json, the exit code, the progress bar on a terminal only, and its usage errors.
const folder = tempFolder('toolsift-doctor-cli-');
const PLANTED = path.join(REPO_ROOT, 'test', 'fixtures', 'doctor', 'planted');
const cacheDir = path.join(folder, 'cache');

const doctor = (argv: readonly string[], options: { isTTY?: boolean } = {}) =>
  runToolsift(['doctor', '--catalog', PLANTED, '--cache-dir', cacheDir, ...argv], {
    cwd: folder,
    env: { TOOLSIFT_CACHE_DIR: SHARED_TEST_CACHE_DIR },
    ...options,
  });

describe('toolsift doctor', () => {
  test('prints the findings by kind with evidence and fixes, then the reach and the 10k estimate; exit 1 on an error', async () => {
    const { code, stdout, stderr } = await doctor([]);
    expect(stderr).toBe('');
    expect(code).toBe(1);
    const headings = stdout.split('\n').filter((line) => /^\S/.test(line));
    expect(headings.slice(0, -2)).toEqual([
      expect.stringMatching(/^Tools their own prompts do not select \(\d+ errors?(, .*)?\)$/),
      expect.stringMatching(/^Tools that take each other's prompts \(\d+ warnings?\)$/),
      'Thin metadata (3 warnings, 2 info)',
      'Deprecated tools (1 info)',
      'Writes nothing declares (1 warning)',
      'Names that collide across servers (1 warning)',
      'Overlays (1 warning, 1 info)',
    ]);
    expect(headings.slice(-2)).toEqual([
      expect.stringMatching(
        /^14 tools; 17 own prompts of 12 tools: \d+ \(\d+%\) select their tool first \(k=1\), \d+ \(\d+%\) among the first 5 \(k=5\)$/,
      ),
      expect.stringMatching(
        /^\d+ errors?, \d+ warnings?, \d+ info in [\d.]+ (ms|s); 10,000 tools would take about [\d.]+ (s|min|h) at this rate$/,
      ),
    ]);
    const lines = stdout.split('\n');
    const unreachable = lines.findIndex((line) =>
      line.startsWith(
        '  ERROR    notes_archive: unreachable: not among the first 5 for any of its 1 own prompt',
      ),
    );
    expect(unreachable).toBeGreaterThan(0);
    expect(lines[unreachable + 1]).toMatch(
      /^ {11}- "will it rain in Oslo tomorrow\?" \(example 1\): not in the first 5; first: \S+$/,
    );
    expect(lines[unreachable + 2]).toMatch(/^ {11}fix: Say what it does in the words of these prompts/);
    expect(stdout).toContain(
      "  WARNING  list_invoices <> refund_payment: take each other's prompts: refund_payment comes first for 1 of list_invoices's, list_invoices for 1 of refund_payment's\n",
    );
  });

  test('--json prints the report: its keys, and each finding with code, kind, severity, tools, evidence and fix', async () => {
    const { code, stdout } = await doctor(['--json']);
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(Object.keys(report)).toEqual([
      'version',
      'tools',
      'catalogErrors',
      'reach',
      'findings',
      'counts',
      'timings',
      'estimate',
    ]);
    expect(report).toMatchObject({
      version: 1,
      tools: 14,
      catalogErrors: 0,
      reach: { k: 5, prompts: 17, tools: 12 },
      estimate: { tools: 10_000, seconds: expect.any(Number) },
    });
    for (const finding of report.findings) {
      expect(Object.keys(finding)).toEqual([
        'code',
        'kind',
        'severity',
        'tools',
        'message',
        'evidence',
        'fix',
        'details',
      ]);
    }
    const codes = report.findings.map((finding: { code: string }) => finding.code);
    expect(codes).toContain('UNREACHABLE');
    expect(codes).toContain('CONFUSABLE');
    expect(report.counts.error).toBeGreaterThan(0);
    // The vectors of the texts checked are kept for the next run.
    expect(await readdir(cacheDir)).toEqual([expect.stringMatching(/^use-lite-[0-9a-f]+\.embeddings$/)]);
  });

  test('a progress bar on stderr when it is a terminal', async () => {
    const { stderr } = await doctor(['--json'], { isTTY: true });
    expect(stderr).toContain('selecting for own prompts [');
  });

  test.each([
    [['--config', 'mcp.json'], '--config checks the servers of a gateway config: give it without --catalog'],
    [['--input-format', 'yaml'], '--input-format must be one of'],
  ])('%j is a usage error', async (argv, message) => {
    const { code, stderr } = await doctor(argv);
    expect(code).toBe(1);
    expect(stderr).toContain(message);
    expect(stderr).toContain('[USAGE_ERROR]');
  });

  test('--help says what it checks and what the exit code means', async () => {
    const { code, stdout } = await runToolsift(['doctor', '--help'], { cwd: folder });
    expect(code).toBe(0);
    for (const option of [
      '--catalog',
      '--config',
      '--overlay',
      '--no-shipped-overlays',
      '--json',
      '--cache-dir',
    ])
      expect(stdout).toContain(option);
    expect(stdout).toContain('Exit 0 when no finding is an error');
  });
});
