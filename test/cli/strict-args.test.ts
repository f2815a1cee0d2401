import { tempFolder } from '@toolsift/test-support/temp-folder';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT, runToolsift } from './run-toolsift.js';

// A typo, a missing value or a bad number is an error (exit 1) naming what is wrong and what was expected: citty alone
// would drop an unknown option or read a number loosely, and the command would run as if it had not been asked.
const indexDir = tempFolder('toolsift-strict-args-');

const toolsift = (argv: string[]) =>
  runToolsift([...argv, '--embedder', 'hash', '--index-dir', indexDir], { cwd: REPO_ROOT });

/** The refusal of a bad `--k`, which got `given`. */
const badK = (given: string) =>
  `--k must be a whole number >= 1 and <= 1000, written in digits; got ${given}`;

/** The first line of stderr: the message (usage follows it). */
async function refusal(argv: string[], isLast = false): Promise<string | undefined> {
  // `isLast`: nothing may follow these arguments (they end in an option that lacks its value).
  const result = isLast ? await runToolsift(argv, { cwd: REPO_ROOT }) : await toolsift(argv);
  expect(result.code).toBe(1);
  expect(result.stdout).toBe('');
  return result.stderr.split('\n')[0];
}

describe('a strict CLI', () => {
  test.each([
    [['query', '--kk', '3', 'hello'], 'unknown option --kk for query; did you mean --k?'],
    [['query', 'hello', '--jsn'], 'unknown option --jsn for query; did you mean --json?'],
    [
      ['query', 'hello', '--no-chain-id'],
      'unknown option --no-chain-id for query; did you mean --no-chain-ids?',
    ],
    [['index', '--catalogue', 'metadata'], 'unknown option --catalogue for index; did you mean --catalog?'],
    [
      ['eval', '--queries', 'q.jsonl', '--method=bm25', '--limt', '3'],
      'unknown option --limt for eval; did you mean --limit?',
    ],
    [
      ['query', 'hello', '--verbose'],
      'unknown option --verbose for query; query takes --catalog, --input-format, --overlay, --no-shipped-overlays, --embedder, --index-dir, --store, --k, --json, --explain, --format, --max-tokens, --include-unavailable, --expand, --no-chain-ids, --abstain, --threshold, --help',
    ],
    [
      ['query', '-k', '3', 'hello'],
      'unknown option -k for query (a value that starts with "-" goes after --); did you mean --k?',
    ],
    [['query', 'hello', '--no-k'], '--no-k: only on/off options have a --no- form, and --k takes a value'],
    [['query', 'hello', '--json=yes'], '--json is an on/off option and takes no value; got "yes"'],
    [['--json', 'query', 'hello'], '--json: options go after the command, as in `toolsift query --json`'],
    [
      ['index', 'metadata'],
      'index takes no argument besides its options; got "metadata" (quote a value that has spaces)',
    ],
    [
      ['inspect', 'get', 'weather'],
      'inspect takes one argument (ID) besides its options; got "get" "weather" (quote a value that has spaces)',
    ],
  ])('toolsift %j', async (argv, message) => {
    expect(await refusal(argv)).toBe(`toolsift: ${message} [USAGE_ERROR]`);
  });

  test.each([
    [['query', 'hello', '--k'], '--k needs a value (N)'],
    [['query', 'hello', '--k', '--json'], '--k needs a value (N), but is followed by --json'],
    [['query', 'hello', '--catalog'], '--catalog needs a value (PATH)'],
    [['query', 'hello', '--k='], badK('no value')],
    [['query', 'hello', '--k', '0'], badK('"0"')],
    [['query', 'hello', '--k', '-1'], badK('"-1"')],
    [['query', 'hello', '--k', 'abc'], badK('"abc"')],
    [['query', 'hello', '--k', '1e9'], badK('"1e9"')],
    [['query', 'hello', '--k', '2.5'], badK('"2.5"')],
    [['query', 'hello', '--k', '1001'], badK('"1001"')],
    [['eval', '--queries', 'q.jsonl', '--k', '0'], badK('"0"')],
    [
      ['eval', '--queries', 'q.jsonl', '--limit', '-3'],
      '--limit must be a whole number >= 1, written in digits; got "-3"',
    ],
    [
      ['query', 'hello', '--format', 'openai', '--max-tokens', 'lots'],
      '--max-tokens must be a whole number >= 1, written in digits; got "lots"',
    ],
  ])('toolsift %j: a missing value or a bad number', async (argv, message) => {
    expect(await refusal(argv, argv.at(-1)?.startsWith('--') === true)).toBe(
      `toolsift: ${message} [USAGE_ERROR]`,
    );
  });

  test.each([
    [['qurey', 'hello'], 'unknown command "qurey"; did you mean "query"?'],
    [['valdate', 'metadata'], 'unknown command "valdate"; did you mean "validate"?'],
    [['frobnicate', 'hello'], 'unknown command "frobnicate".'],
    [['--json'], 'no command.'],
  ])('toolsift %j: an unknown command', async (argv, message) => {
    const result = await runToolsift(argv, { cwd: REPO_ROOT });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `toolsift: ${message} Commands: convert, doctor, embed, eval, gateway, index, inspect, learn, query, serve, ui, validate.\n` +
        'Run `toolsift --help` for usage.\n',
    );
  });

  test('what the CLI accepts still works: --no- switches, --opt=value, -- before text that starts with a dash, words', async () => {
    const result = await toolsift([
      'query',
      '--k=2',
      '--no-chain-ids',
      '--json=true',
      'weather',
      'in',
      'Paris',
      '--',
      '--tomorrow',
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).tools.length).toBeLessThanOrEqual(2);
  });

  test.each([['--help'], ['-h']])('query %s prints the usage, with any other option', async (flag) => {
    const result = await runToolsift(['query', '--kk', flag], { cwd: REPO_ROOT });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/USAGE/);
  });

  test('--version after a command prints the version', async () => {
    const result = await runToolsift(['query', '--version'], { cwd: REPO_ROOT });
    expect(result).toEqual({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/), stderr: '' });
  });
});
