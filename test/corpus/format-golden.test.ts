import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FORMAT_TARGETS, formatTools, loadCatalog, type Tool } from '@toolsift/core';
import { beforeAll, describe, expect, test } from 'vitest';

// Golden files: one per target and tool of metadata/, holding the emitted tool, its name, token estimate and
// warnings. `UPDATE_GOLDEN=1 pnpm vitest run test/corpus/format-golden.test.ts` rewrites them.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const goldenRoot = join(root, 'test/fixtures/golden');
const isUpdate = process.env.UPDATE_GOLDEN === '1';

let tools: Tool[] = [];

beforeAll(async () => {
  const catalog = await loadCatalog([join(root, 'metadata')]);
  tools = catalog.tools;
});

describe('golden outputs over metadata/', () => {
  test('the catalog loads and every tool id gives a distinct file name', () => {
    expect(tools.length).toBeGreaterThan(40);
    expect(new Set(tools.map((tool) => goldenFileName(tool.id))).size).toBe(tools.length);
  });

  test.each(FORMAT_TARGETS)('%s', async (target) => {
    const result = formatTools(tools, target);
    const directory = join(goldenRoot, target);
    const routes = Object.entries(result.names);
    const expected = new Map<string, string>();
    tools.forEach((tool, index) => {
      const golden = {
        id: tool.id,
        name: routes.find(([, id]) => id === tool.id)?.[0],
        tokens: result.tokens[index],
        tool: result.tools[index],
        warnings: result.warnings
          .filter((warning) => warning.toolId === tool.id)
          .map(({ code, path, message }) => ({ code, ...(path !== undefined ? { path } : {}), message })),
      };
      expected.set(goldenFileName(tool.id), `${JSON.stringify(golden, null, 2)}\n`);
    });
    if (isUpdate) {
      await rm(directory, { recursive: true, force: true });
      await mkdir(directory, { recursive: true });
      for (const [file, text] of expected) await writeFile(join(directory, file), text);
    }
    const present = (await readdir(directory).catch(() => [] as string[])).sort();
    expect(present, `golden files of ${target} (UPDATE_GOLDEN=1 to write them)`).toEqual(
      [...expected.keys()].sort(),
    );
    for (const [file, text] of expected) {
      expect(text, `${target}/${file}`).toBe(await readFile(join(directory, file), 'utf8'));
    }
  });
});

// --- internal ---

function goldenFileName(id: string): string {
  return `${id.replace(/[^A-Za-z0-9._-]/g, '_')}.json`;
}
