// axe-core in the page: the serious and critical violations, one line each, so a test lists
// every problem of a screen at once instead of stopping at the first.
//
// axe-core comes with @axe-core/playwright (the devDependency), but its AxeBuilder injects the
// whole script again and opens a blank page to finish every run: seconds per check on a busy
// machine. Here the script goes into the page once per load and each check is one axe.run.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

const fromPlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const source = fs.readFileSync(fromPlaywright.resolve('axe-core/axe.min.js'), 'utf8');

const BLOCKING = new Set(['serious', 'critical']);

export interface AxeScope {
  /** Only these rules (the colour pass of a second theme needs only color-contrast). */
  rules?: string[];
  /** Only this part of the page (what a screen adds over the one checked before). */
  within?: string;
}

/**
 * Switch the page to a colour scheme and wait until its colours have settled: buttons fade
 * their background (a CSS transition), and a colour read halfway is neither scheme's.
 */
export async function useScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

function nothingToCheck(where: string, within: string): never {
  throw new Error(`${where}: nothing on the page matches ${within}, so axe checked nothing`);
}

/** Every serious or critical violation on the page as it is now, as "where: rule (impact) target: why". */
export async function seriousViolations(page: Page, where: string, scope: AxeScope = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  const options: RunOptions = scope.rules ? { runOnly: { type: 'rule', values: scope.rules } } : {};
  const { result, marked } = await page.evaluate(
    async ([within, o]) => {
      // The browser picks the part (any selector it knows, such as :popover-open); axe is given
      // a mark on it, as its own selector engine knows fewer.
      for (const el of document.querySelectorAll('[data-axe-scope]')) el.removeAttribute('data-axe-scope');
      const parts = within ? [...document.querySelectorAll(within)] : [];
      for (const el of parts) el.setAttribute('data-axe-scope', '');
      const context = within ? { include: [['[data-axe-scope]']] } : document;
      const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResults> } }).axe;
      return { result: await axe.run(context, o), marked: parts.length };
    },
    [scope.within, options] as const,
  );
  if (scope.within && marked === 0) nothingToCheck(where, scope.within);
  const out: string[] = [];
  for (const v of result.violations) {
    if (!BLOCKING.has(v.impact ?? '')) continue;
    for (const node of v.nodes) {
      const why = (node.failureSummary ?? v.help).replace(/\s*\n\s*/g, ' ');
      out.push(`${where}: ${v.id} (${v.impact}) ${node.target.join(' ')}: ${why}`);
    }
  }
  return out;
}
