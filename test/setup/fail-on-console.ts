import { afterEach, beforeEach, vi } from 'vitest';

// Any console output from code under test is a bug (STYLE.md rule 39).
const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
let calls: string[] = [];

beforeEach(() => {
  calls = [];
  for (const method of methods) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      calls.push(`console.${method}: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  if (calls.length > 0) throw new Error(`Unexpected console output:\n${calls.join('\n')}`);
});
