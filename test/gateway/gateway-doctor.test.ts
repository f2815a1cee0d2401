import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { nodeServer, referenceServer, writeConfig } from '@toolsift/test-support/gateway-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { describe, expect, test } from 'vitest';
import { runToolsift } from '../cli/run-toolsift.js';

// `toolsift doctor --config` over the reference filesystem, memory and everything servers from npm, started as the
// gateway starts them, with the overlays toolsift ships for them and one of the user's, and a server that cannot
// start: its tools are not checked, the others are (use-lite).
const folder = tempFolder('toolsift-gateway-doctor-');

describe('toolsift doctor --config', () => {
  test("checks the live servers' tools with their overlays and says what a server that is down left out", async () => {
    await mkdir(path.join(folder, 'project'));
    const config = await writeConfig(folder, {
      filesystem: nodeServer(referenceServer('server-filesystem'), [path.join(folder, 'project')]),
      memory: nodeServer(referenceServer('server-memory'), [], {
        MEMORY_FILE_PATH: path.join(folder, 'memory.jsonl'),
      }),
      everything: nodeServer(referenceServer('server-everything'), ['stdio']),
      broken: nodeServer(path.join(folder, 'missing-server.js')),
    });
    await writeFile(
      path.join(folder, 'mine.overlay.yaml'),
      [
        'toolsift_overlay: 1',
        'server: memory',
        'tools:',
        '  serach_nodes:',
        '    examples: [what do you know about Ada]',
        '',
      ].join('\n'),
    );
    const { code, stdout, stderr } = await runToolsift(
      ['doctor', '--config', config, '--overlay', 'mine.overlay.yaml', '--cache-dir', 'cache', '--json'],
      { cwd: folder, env: { TOOLSIFT_CACHE_DIR: SHARED_TEST_CACHE_DIR } },
    );
    expect(stderr).toMatch(/toolsift doctor: upstream "broken" .*: its tools are not checked\n/);
    const report = JSON.parse(stdout);
    expect(code).toBe(report.counts.error > 0 ? 1 : 0);
    // 14 + 9 + 13 tools at the versions installed.
    expect(report.tools).toBeGreaterThan(30);
    // The shipped overlays give the servers' tools their prompts: their reach is checked.
    expect(report.reach.prompts).toBeGreaterThan(100);
    const codes = (wanted: string) =>
      report.findings.filter((finding: { code: string }) => finding.code === wanted);
    expect(codes('DEPRECATED')).toMatchObject([
      { tools: ['filesystem__read_file'], details: { replacement: 'filesystem__read_text_file' } },
    ]);
    expect(codes('OVERLAY_UNMATCHED')).toMatchObject([
      {
        tools: [],
        details: { file: 'mine.overlay.yaml', pointer: '/tools/serach_nodes' },
      },
    ]);
    // Prompts of the memory server's tools that another tool takes: something an overlay's author can act on.
    const actionable = report.findings.filter(
      (finding: { kind: string; evidence: string[] }) =>
        (finding.kind === 'reach' || finding.kind === 'confusable') && finding.evidence.length > 0,
    );
    expect(actionable.length).toBeGreaterThan(0);
  }, 240_000);
});
