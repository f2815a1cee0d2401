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
      // ESM loads are reported by the hook; CommonJS ones (required, or imported) are in require's cache.
      `await import(${JSON.stringify(path.join(repoRoot, module))});` +
        "const { createRequire } = await import('node:module');" +
        "for (const file of Object.keys(createRequire(process.cwd() + '/').cache)) process.stderr.write('loaded ' + file + '\\n');",
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
  test('importing the CLI loads no SDK of an optional feature, no embedding runtime and no YAML or TOML parser', async () => {
    const loaded = await packagesLoadedBy('packages/cli/src/index.ts');
    // What does load is seen both ways: zod as ES modules, citty's dependency-free CommonJS... whichever applies.
    expect(loaded.has('zod')).toBe(true);
    expect(loaded.has('cli-progress')).toBe(true);
    const lazy = [
      'openai',
      '@modelcontextprotocol/sdk',
      '@xenova/transformers',
      'onnxruntime-node',
      'yaml',
      'smol-toml',
    ];
    for (const name of lazy) expect(loaded.has(name), name).toBe(false);
  }, 60_000);
});
