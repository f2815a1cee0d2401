import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createEmbedder } from '@toolsift/selector';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { beforeAll, describe, expect, test } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

const WEATHER = "What's the weather in Lisbon right now?";
const HOTEL = 'Book me a hotel there for two nights';

beforeAll(async () => {
  // Converts use-lite into the shared test cache once, if no test file has yet.
  await createEmbedder('use-lite', { cacheDir: SHARED_TEST_CACHE_DIR });
});

// Each example runs as a user runs it (its own process, default embedder, default index folder), offline: the
// AI SDK's mock model, a scripted OpenAI-compatible server on 127.0.0.1, LangChain's fake chat model.
describe.each(['ai-sdk', 'openai-agents', 'langchain'])('examples/%s.ts', (example) => {
  test('each request offers at most 3 tools, the right one among them, the called tool still offered next turn', async () => {
    const cacheDir = await mkdtemp(path.join(tmpdir(), `toolsift-example-${example}-`));
    try {
      // The index goes to this folder, not the user's cache; the model folder is the shared test one.
      await symlink(path.join(SHARED_TEST_CACHE_DIR, 'models'), path.join(cacheDir, 'models'), 'dir');
      const { OPENAI_API_KEY: _key, OPENAI_BASE_URL: _url, ...env } = process.env;
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx/esm', '--conditions=@toolsift/source', `examples/${example}.ts`],
        { cwd: repoRoot, env: { ...env, TOOLSIFT_CACHE_DIR: cacheDir } },
      );
      const requests = parseRequests(stdout);
      // Each turn: the request with the user message, then the one with the tool result.
      expect(requests.map((request) => request.userText)).toEqual([WEATHER, WEATHER, HOTEL, HOTEL]);
      for (const request of requests) expect(request.tools.length).toBeLessThanOrEqual(3);
      expect(requests[0]?.tools).toContain('get_weather');
      // get_weather, called in the first turn, is still offered in the follow-up (the adapter tests show it is
      // the call that keeps it, with a follow-up that does not rank it).
      expect(requests[2]?.tools).toEqual(expect.arrayContaining(['book_hotel', 'get_weather']));
      expect(await readdir(path.join(cacheDir, 'indexes'))).toEqual([
        expect.stringMatching(/^code-[0-9a-f]{10}$/),
      ]);
    } finally {
      await rm(cacheDir, { recursive: true, force: true });
    }
  }, 180_000);
});

// --- internal ---

/** The example's printed requests: a user turn, then `  offered: a, b, c`. */
function parseRequests(stdout: string): Array<{ userText: string; tools: string[] }> {
  const lines = stdout.trimEnd().split('\n');
  const requests: Array<{ userText: string; tools: string[] }> = [];
  for (let index = 0; index + 1 < lines.length; index += 2) {
    const offered = /^ {2}offered: (.*)$/.exec(lines[index + 1]!);
    expect(offered, `line ${index + 2} of the output`).not.toBeNull();
    requests.push({ userText: lines[index]!, tools: offered![1]!.split(', ').filter(Boolean) });
  }
  return requests;
}
