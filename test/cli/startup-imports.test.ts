import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The npm packages a new process loads (ESM) when it imports `module` from source. */
async function packagesLoadedBy(module: string): Promise<Set<string>> {
  const { stderr } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx/esm',
      '--conditions=@toolsift/source',
      '--import',
      './test/fixtures/report-module-loads.mjs',
      '--input-type=module',
      '-e',
      `await import(${JSON.stringify(path.join(repoRoot, module))});`,
    ],
    { cwd: repoRoot },
  );
  const names = [
    ...stderr.matchAll(/^loaded .*node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/gm),
  ];
  return new Set(names.map((match) => match[1] ?? ''));
}

describe('startup', () => {
  // Every CLI call and library user pays for what importing toolsift loads; the SDKs of optional features load
  // when the feature runs (the OpenAI SDK alone was ~70 ms of every start).
  test('importing the CLI loads no SDK of an optional feature, and not the embedding runtime', async () => {
    const loaded = await packagesLoadedBy('packages/cli/src/index.ts');
    expect(loaded.has('zod')).toBe(true); // the hook sees the packages that do load
    for (const lazy of ['openai', '@modelcontextprotocol/sdk', '@xenova/transformers', 'onnxruntime-node'])
      expect(loaded.has(lazy), lazy).toBe(false);
  }, 60_000);
});
