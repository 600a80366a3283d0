// Headless Chromium as the renderer benchmarks launch it: Debian's build (or CLIDE_CHROMIUM),
// with the browser's power saving off so the page is measured, not the browser's throttling.
import fs from 'node:fs';
import { chromium, type Browser } from '@playwright/test';

export function launchBenchChromium(extraArgs: string[] = []): Promise<Browser> {
  const executablePath = process.env.CLIDE_CHROMIUM ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  return chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows',
      ...extraArgs,
    ],
  });
}
