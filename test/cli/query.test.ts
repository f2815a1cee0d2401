import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT, runToolsift } from './run-toolsift.js';

const indexDir = tempFolder('toolsift-query-cli-');

const query = (extra: string[], isTTY = false) =>
  runToolsift(
    ['query', 'what is the weather in Paris', '--embedder', 'hash', '--index-dir', indexDir, ...extra],
    {
      cwd: REPO_ROOT,
      isTTY,
      // The weather tools need this key; without it they go to `unavailable` (the rules' business).
      env: { OPENWEATHER_API_KEY: 'set' },
    },
  );

describe('toolsift query', () => {
  test('prints exactly the selection shape as JSON when piped', async () => {
    const result = await query(['--k', '3']);
    expect(result.code).toBe(0);
    const selection = JSON.parse(result.stdout);
    expect(Object.keys(selection).sort()).toEqual([
      'indexWarnings',
      'suggestions',
      'timings',
      'tools',
      'unavailable',
      'warnings',
    ]);
    expect(selection.tools).toHaveLength(3);
    expect(selection.tools[0]).toMatchObject({ id: 'get_current_weather', name: 'get_current_weather' });
    // The rules add declared facts (rate limits, approval, risk) beside these.
    expect(Object.keys(selection.tools[0])).toEqual(
      expect.arrayContaining(['confidence', 'id', 'name', 'reasons', 'score']),
    );
  });

  test('prints a table on a terminal, and JSON there with --json', async () => {
    const table = await query(['--k', '2'], true);
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ # {2}tool\s+score {2}confidence$/);
    expect(lines[1]).toMatch(/^ 1 {2}get_current_weather\s+\d\.\d{3} {2}\d\.\d{3}$/);
    // Then the selected tools end; tools that fit but cannot run here, and suggestions, follow under headings.
    expect(lines[2]).toMatch(/^ 2 {2}\S+\s+\d\.\d{3} {2}\d\.\d{3}/);
    expect(lines.slice(3).every((line) => !/^ \d /.test(line))).toBe(true);
    expect(JSON.parse((await query(['--json'], true)).stdout).tools).toHaveLength(5);
  });

  test('--explain lists the reasons under each tool', async () => {
    const result = await query(['--k', '1', '--explain'], true);
    expect(result.stdout).toMatch(/- dense: \w[\w-]* view matched with similarity/);
    expect(result.stdout).toContain('- fusion: score');
    expect(result.stdout).toMatch(/timings \(ms\): embed/);
  });

  test('--format prints the selected tools in the target shape, --max-tokens cuts them', async () => {
    const result = await query(['--format', 'openai', '--k', '3', '--include-unavailable'], false);
    expect(result.code).toBe(0);
    const tools = JSON.parse(result.stdout);
    expect(tools).toHaveLength(3);
    for (const tool of tools)
      expect(tool).toMatchObject({ type: 'function', function: { name: expect.any(String) } });
    const cut = await query(
      ['--format', 'openai', '--k', '3', '--include-unavailable', '--max-tokens', '1'],
      false,
    );
    expect(JSON.parse(cut.stdout)).toEqual([]);
    expect(cut.stderr).toMatch(/left out \(maxTokens\)/);
  });

  test('--format says on stderr, in one line, which tools that fit were left out as unable to run here', async () => {
    // No OPENWEATHER_API_KEY: the weather tools fit but cannot run, so the payload cannot carry them.
    const withoutKey = (extra: string[]) =>
      runToolsift(
        ['query', 'what is the weather in Paris', '--embedder', 'hash', '--index-dir', indexDir, ...extra],
        {
          cwd: REPO_ROOT,
          env: {},
        },
      );
    const { unavailable } = JSON.parse((await withoutKey(['--json'])).stdout) as {
      unavailable: { id: string }[];
    };
    expect(unavailable.map((tool) => tool.id)).toContain('get_current_weather');
    const result = await withoutKey(['--format', 'openai']);
    expect(result.code).toBe(0);
    const names = (JSON.parse(result.stdout) as { function: { name: string } }[]).map(
      (tool) => tool.function.name,
    );
    expect(names).not.toContain('get_current_weather');
    // Beside the warnings of the target (names it cannot take), one line, naming each tool and what it lacks.
    const notes = result.stderr.split('\n').filter((line) => !line.startsWith('warning: '));
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(
      new RegExp(
        `^note: ${unavailable.length} tool\\(s\\) that fit cannot run here and are left out: .*get_current_weather \\(missing env OPENWEATHER_API_KEY\\).* \\(--include-unavailable emits them\\)$`,
      ),
    );
    for (const tool of unavailable) expect(notes[0]).toContain(tool.id);
    expect(notes[1]).toBe('');
  });

  test('an unknown --format target is a usage error listing the targets', async () => {
    const result = await query(['--format', 'cohere']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--format must be one of openai, ');
  });

  test.each([['0'], ['two']])('--k %s is a usage error', async (k) => {
    const result = await query(['--k', k]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--k must be a whole number >= 1');
  });

  test('follows a REST route that needs an id with the search that supplies it, unless --no-chain-ids', async () => {
    const route = (name: string, description: string, id?: string) => ({
      name,
      description,
      parameters: {
        type: 'object',
        properties:
          id === undefined ? { query: { type: 'string' } } : { [id]: { type: 'integer', in: 'path' } },
      },
    });
    const catalog = path.join(indexDir, 'routes.jsonl');
    await writeFile(
      catalog,
      [
        route('tmdb:GET /tv/{tv_id}/reviews', 'Get the user reviews for a TV show.', 'tv_id'),
        route('tmdb:GET /search/tv', 'Search for TV shows by title.'),
        route('tmdb:GET /movie/{movie_id}/reviews', 'Get the user reviews for a movie.', 'movie_id'),
        route('tmdb:GET /search/movie', 'Search for movies by title.'),
      ]
        .map((tool) => JSON.stringify(tool))
        .join('\n'),
    );
    const providedIds = async (extra: string[]) => {
      const result = await runToolsift(
        [
          'query',
          'user reviews of the TV show Breaking Bad',
          '--catalog',
          catalog,
          '--embedder',
          'hash',
          '--index-dir',
          path.join(indexDir, 'routes-index'),
          '--k',
          '2',
          '--threshold',
          '0',
          ...extra,
        ],
        { cwd: REPO_ROOT },
      );
      expect(result.code).toBe(0);
      const tools: Array<{ id: string; reasons: Array<{ kind: string }> }> = JSON.parse(result.stdout).tools;
      return tools
        .filter((tool) => tool.reasons.some((reason) => reason.kind === 'id-provider'))
        .map((tool) => tool.id);
    };
    expect(await providedIds([])).toEqual(['tmdb:GET /search/tv']);
    expect(await providedIds(['--no-chain-ids'])).toEqual([]);
  });
});
