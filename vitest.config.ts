import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@toolsift/source'] },
  // Tests run in Vite's SSR environment, which has its own conditions: resolve workspace packages from source there too.
  ssr: { resolve: { conditions: ['@toolsift/source'] } },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['./test/setup/fail-on-console.ts'],
    testTimeout: 60_000,
    hookTimeout: 600_000,
    pool: 'forks',
  },
});
