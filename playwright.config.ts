// End-to-end tests: the built renderer in Chromium, talking to the real core through the
// browser host (`npm run web`), which drives the real pinned `claude` CLI against the
// loopback fake API. Run through `npm run test:e2e` (scripts/e2e.mjs), which builds first.
import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium; Playwright's own browser download cannot work on the build machines.
// CLIDE_CHROMIUM picks another binary; with neither, Playwright's installed browser is used.
const chromium = process.env.CLIDE_CHROMIUM ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results',
  globalSetup: './test/e2e/global-setup.ts',
  fullyParallel: false,
  // Each test runs its own host and `claude` processes; two cores fit one at a time.
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: 'list',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    ...devices['Desktop Chrome'],
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium' }],
});
