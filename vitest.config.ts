import { defineConfig } from 'vitest/config';

// Two projects: fast unit tests (pure code, scripted fake CLI) and integration tests that
// drive the real pinned `claude` CLI against the loopback fake API (slower, run serially
// per file to stay within 2 cores).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
