import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Run the CLI from source as a process whose stdout reader goes away before reading anything. */
function runWithClosedStdout(args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx/esm', '--conditions=@toolsift/source', 'packages/cli/src/bin.ts', ...args],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.destroy();
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('a closed stdout', () => {
  test('ends the CLI quietly, with no EPIPE stack trace', async () => {
    // validate prints its diagnostics and a summary, into a pipe nobody reads any more.
    const { code, stderr } = await runWithClosedStdout([
      'validate',
      'metadata',
      'test/support/fixtures/dev-tools',
    ]);
    expect(stderr).not.toMatch(/EPIPE|Unhandled|at /);
    expect(code).toBe(0);
  }, 60_000);
});
