import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { describe, expect, test } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * The npm packages a new process loads while it runs `script` (an ES module body, toolsift from source): ESM loads
 * as the hook reports them, CommonJS ones (required, or imported) from require's cache at the end.
 */
async function packagesLoadedBy(script: string): Promise<Set<string>> {
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
      `${script};` +
        "const { createRequire } = await import('node:module');" +
        "for (const file of Object.keys(createRequire(process.cwd() + '/').cache)) process.stderr.write('loaded ' + file + '\\n');",
    ],
    { cwd: repoRoot, env: { ...process.env, TOOLSIFT_CACHE_DIR: SHARED_TEST_CACHE_DIR } },
  );
  const names = [
    ...stderr.matchAll(/^loaded .*node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/gm),
  ];
  return new Set(names.map((match) => match[1] ?? ''));
}

const importOf = (module: string) => `await import(${JSON.stringify(path.join(repoRoot, module))})`;

describe('startup', () => {
  // Every CLI call and library user pays for what importing toolsift loads; the SDKs of optional features load
  // when the feature runs (the OpenAI SDK alone was ~70 ms of every start).
  test('importing the CLI loads no SDK of an optional feature, no embedding runtime and no YAML or TOML parser', async () => {
    const loaded = await packagesLoadedBy(importOf('packages/cli/src/index.ts'));
    // What does load is seen both ways: zod as ES modules, cli-progress as CommonJS.
    expect(loaded.has('zod')).toBe(true);
    expect(loaded.has('cli-progress')).toBe(true);
    const lazy = [
      'openai',
      '@modelcontextprotocol/sdk',
      '@xenova/transformers',
      'onnxruntime-node',
      'yaml',
      'smol-toml',
      'postgres',
    ];
    for (const name of lazy) expect(loaded.has(name), name).toBe(false);
  }, 60_000);

  // The patch of @xenova/transformers (README, Dependencies): in Node it imported onnxruntime-web and sharp,
  // ~135 ms of every embedder start, for a browser backend and image processing toolsift never uses.
  test('the use-lite embedder runs on onnxruntime-node without loading onnxruntime-web or sharp', async () => {
    const loaded = await packagesLoadedBy(
      `const { createEmbedder } = ${importOf('packages/selector/src/index.ts')};` +
        "const embedder = await createEmbedder('use-lite');" +
        "if ((await embedder.embed(['hello']))[0].length !== 512) throw new Error('no vector')",
    );
    expect(loaded.has('@xenova/transformers')).toBe(true);
    expect(loaded.has('onnxruntime-node')).toBe(true);
    for (const name of ['onnxruntime-web', 'sharp']) expect(loaded.has(name), name).toBe(false);
  }, 120_000);
});
