import path from 'node:path';

/** The folder of the dev-tools catalog's own files (test/support/fixtures/dev-tools). */
export const DEV_TOOLS_FOLDER = path.resolve(import.meta.dirname, '../fixtures/dev-tools');

/**
 * The catalog of the agent-loop tests: metadata/ and, in `DEV_TOOLS_FOLDER`, a code host's MCP server (GitHub's
 * tool names, our descriptions) and a build server's. About 110 tools a developer's assistant might hold, all
 * written by us, in two formats. Load them with `loadCatalog([...DEV_TOOLS_PATHS])` (this package depends on no
 * toolsift package, so that every package's tests can use it).
 */
export const DEV_TOOLS_PATHS: readonly string[] = Object.freeze([
  path.resolve(import.meta.dirname, '../../../metadata'),
  path.join(DEV_TOOLS_FOLDER, 'code-host.tools.json'),
  path.join(DEV_TOOLS_FOLDER, 'builds.tools.json'),
]);

/** A conversation over them: what the user says in each turn, and the tool that answers it. */
export const DEV_CONVERSATION = {
  firstTurn: 'Trigger a new build of the payments pipeline for commit abc123',
  firstTool: 'create_build',
  // A follow-up in another domain: nothing in it ranks the build tool, so only stickiness keeps it offered.
  secondTurn: "Open an issue in octocat/payments titled 'Checkout test is flaky'",
  secondTool: 'create_issue',
} as const;
