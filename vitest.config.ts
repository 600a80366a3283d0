import { defineConfig } from 'vitest/config';

// Two projects: fast unit tests (pure code, scripted fake CLI) and integration tests that
// drive the real pinned `claude` CLI against the loopback fake API (slower, two files at a time
// to stay within 2 cores).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'],
          environment: 'node',
          testTimeout: 20_000,
          // Both cores: the stage is mostly loading modules, and took 40% less time than on one.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 60_000,
          // Two files at a time: a test mostly waits on the CLI and its fake API, and each runs
          // in its own sandbox (HOME, config, ports), so two share the two cores well.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
