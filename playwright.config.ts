// End-to-end tests: the built renderer in Chromium, talking to the real core through the
// browser host (`npm run web`), which drives the real pinned `claude` CLI against the
// loopback fake API. Run through `npm run test:e2e` (scripts/e2e.mjs), which builds first.
import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium; Playwright's own browser download cannot work on the build machines. The
// old headless shell (Debian's chromium-headless-shell) first: it has no browser UI to draw and
// runs the suite in well under half the CPU time of the full browser, on a machine where the
// suite is CPU-bound. CLIDE_CHROMIUM picks another binary; with neither, Playwright's own.
const debian = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p));
const chromium = process.env.CLIDE_CHROMIUM ?? debian;

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results',
  globalSetup: './test/e2e/global-setup.ts',
  fullyParallel: false,
  // Two at a time: a test mostly waits (on the page, the host, the fake API), and the suite used
  // under a third of two cores one at a time. Files are the unit: a file's tests run in order.
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: 'list',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    ...devices['Desktop Chrome'],
    screenshot: 'only-on-failure',
    // Recording a trace (a DOM snapshot at every step) cost 40% of the suite's time, for every
    // passing test; CLIDE_TRACE=1 records them, to be kept for the tests that fail.
    trace: process.env.CLIDE_TRACE === '1' ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  // Listed first so they start first: they take one worker from the start, the renderer tests
  // the other, and both workers once the host tests are through.
  projects: [
    // Through the real browser host, the real CLI and its fake API: a host and `claude`
    // processes each, so one at a time (beside one of the others).
    { name: 'host', testIgnore: 'ui/**', workers: 1 },
    // The renderer alone, with the in-page API double: a page and a static server each.
    { name: 'ui', testDir: 'test/e2e/ui' },
  ],
});
