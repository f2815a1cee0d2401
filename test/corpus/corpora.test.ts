import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from '@toolsift/cli';
import { sharedDataForTest } from '@toolsift/test-support/shared-data';
import { describe, expect, test } from 'vitest';

// The public corpora as a whole: over 400 files of tools their projects published, in every format toolsift
// reads. Nothing of ours is that large or that varied; our own catalog is validated by validate.test.ts and CI.
const repoRoot = resolve(fileURLToPath(import.meta.url), '../../..');
const corpora = sharedDataForTest('corpora', 'corpus conformance (test/corpus/corpora.test.ts)');
/** The corpora as the CLI is given them: relative to the working folder, as a user types it. */
const argument = corpora === undefined ? '' : relative(repoRoot, corpora);

interface Report {
  files: number;
  tools: number;
  diagnostics: Array<{ code: string; severity: string; file: string; message: string }>;
}

describe.skipIf(corpora === undefined)('corpus conformance: the public corpora', () => {
  test('`toolsift validate <corpora> --json`: no errors, at least 1,000 tools, only expected NOT_A_TOOL', async () => {
    let stdout = '';
    let stderr = '';
    const io = {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      cwd: repoRoot,
      env: {},
    };
    const code = await run(['validate', argument, '--json'], io);
    const report = JSON.parse(stdout) as Report;

    const errors = report.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    expect(errors).toEqual([]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(report.tools).toBeGreaterThanOrEqual(1000);
    expect(report.files).toBeGreaterThanOrEqual(400);

    // Matimo `type: provider` files and the scriptling prompt are the only files that are not tools.
    const notATool = report.diagnostics.filter((diagnostic) => diagnostic.code === 'NOT_A_TOOL');
    expect(notATool.length).toBeGreaterThan(0);
    for (const diagnostic of notATool) {
      expect(diagnostic.severity).toBe('warning');
      expect(relative(corpora!, resolve(repoRoot, diagnostic.file))).toMatch(
        /^(matimo\/.*definition\.yaml|.*NOT-A-TOOL\.prompt\..*\.toml)$/,
      );
    }
    // Same-named tools from different files (two MCP servers both exposing `list_tables`) are kept under a
    // file-qualified id with a DUPLICATE_TOOL_ID warning.
    const allowed = new Set([
      'NOT_A_TOOL',
      'MISSING_DESCRIPTION',
      'UNKNOWN_TOOL_REFERENCE',
      'DUPLICATE_TOOL_ID',
    ]);
    expect(report.diagnostics.filter((diagnostic) => !allowed.has(diagnostic.code))).toEqual([]);
  });
});
