/** Where a command writes. Injected so tests run the CLI in-process and read what it printed. */
export interface CliIo {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  /** Working directory that relative paths resolve against. */
  cwd: string;
  /** Environment the command sees (prerequisite checks, API keys, cache dir). */
  env: NodeJS.ProcessEnv;
}

/** The process's own streams, for `bin.ts`. */
export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), env: process.env };
}
