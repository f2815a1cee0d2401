import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from '@toolsift/cli';
import { describe, expect, test } from 'vitest';

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../..');
const corpora = resolve(repoRoot, '../shared/corpora');
const isPresent = existsSync(corpora);

interface Report {
  files: number;
  tools: number;
  diagnostics: Array<{ code: string; severity: string; file: string; message: string }>;
}

describe.skipIf(!isPresent)(
  isPresent ? 'corpus conformance: ../shared/corpora' : `corpus conformance SKIPPED: ${corpora} is absent`,
  () => {
    test('`toolsift validate ../shared/corpora --json`: no errors, at least 1,000 tools, only expected NOT_A_TOOL', async () => {
      let stdout = '';
      let stderr = '';
      const io = {
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: (text: string) => (stderr += text) },
        cwd: repoRoot,
        env: {},
      };
      const code = await run(['validate', '../shared/corpora', '--json'], io);
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
        expect(diagnostic.file).toMatch(
          /^\.\.\/shared\/corpora\/(matimo\/.*definition\.yaml|.*NOT-A-TOOL\.prompt\..*\.toml)$/,
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
  },
);
