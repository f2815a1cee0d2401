import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { runToolsift } from './run-toolsift.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'toolsift-overlays-cli-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const toolsift = (...argv: string[]) => runToolsift(argv, { cwd: root });

// A tools/list saved with its initialize result: the tools know their server.
const RECIPES = JSON.stringify(
  {
    serverInfo: { name: 'recipes-server', version: '2.0.0' },
    tools: [
      { name: 'find_recipe', description: 'Search recipes by ingredient.', inputSchema: { type: 'object' } },
      { name: 'save_recipe', description: 'Store a recipe.', inputSchema: { type: 'object' } },
    ],
  },
  null,
  2,
);
const OVERLAY = [
  'toolsift_overlay: 1',
  'server: recipes-server',
  'tools:',
  '  find_recipe:',
  '    examples: [what can I cook with leeks]',
  '  find_recipes:',
  '    examples: [a typo in the tool name]',
  '',
].join('\n');

describe('overlays on the command line', () => {
  test('validate reports an overlay entry that matches no tool, with its file and line', async () => {
    await writeFile(join(root, 'recipes.json'), RECIPES);
    await writeFile(join(root, 'recipes.overlay.yaml'), OVERLAY);
    const { code, stdout } = await toolsift('validate', '.');
    expect(code).toBe(0);
    expect(stdout).toBe(
      'recipes.overlay.yaml:7:5 OVERLAY_UNMATCHED Overlay entry "find_recipes" matches no tool of server "recipes-server" in the catalog: check the tool name and the server names.\n' +
        '2 files, 2 tools: 0 errors, 1 warning\n',
    );
  });

  test('--overlay applies an overlay kept apart; inspect --json says which fields it set', async () => {
    await writeFile(join(root, 'recipes.json'), RECIPES);
    await writeFile(join(root, 'overlay.yaml'), OVERLAY);
    const { code, stdout } = await toolsift(
      'inspect',
      'find_recipe',
      '--catalog',
      'recipes.json',
      '--overlay',
      'overlay.yaml',
      '--embedder',
      'hash',
      '--json',
    );
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as {
      tool: { server: unknown; examples: unknown };
      origins: unknown;
      views: Array<{ text: string }>;
    };
    expect(report.tool.server).toEqual({ name: 'recipes-server', aliases: [] });
    expect(report.tool.examples).toEqual([{ prompt: 'what can I cook with leeks' }]);
    expect(report.origins).toEqual({
      examples: { overlay: 'overlay.yaml', pointer: '/tools/find_recipe', isStale: false },
    });
    expect(report.views.some((view) => view.text.includes('what can I cook with leeks'))).toBe(true);
  });
});
