import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@toolsift/source'] },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['./test/setup/fail-on-console.ts'],
    testTimeout: 60_000,
    hookTimeout: 600_000,
    pool: 'forks',
  },
});
