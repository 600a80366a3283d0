// The theme setting (Settings > Theme) against the system's light/dark preference: choosing
// Dark under a light system gives exactly the colours a dark system gives, and Light under a
// dark system exactly a light system's, for every variable the page declares on :root
// (the palette, highlight, diff, find and team colours), as Chromium resolves them.
import type { Page } from '@playwright/test';
import { defaultSettings } from '../../../shared/settings';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { SESSION } from './scenarios';
import { expect, test, type UiApp } from './ui-fixtures';

/** Every custom property declared on :root, resolved on a probe as a colour and as a shadow. */
function resolvedVariables(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const names = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule && rule.selectorText.startsWith(':root')) {
          for (const name of Array.from(rule.style)) if (name.startsWith('--')) names.add(name);
        } else if (rule instanceof CSSGroupingRule) collect(rule.cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);
    const probe = document.createElement('div');
    document.body.append(probe);
    const out: Record<string, string> = {};
    for (const name of [...names].sort()) {
      probe.style.color = `var(${name})`;
      probe.style.boxShadow = `var(${name})`;
      const style = getComputedStyle(probe);
      out[name] = `${style.color} | ${style.boxShadow}`;
    }
    probe.remove();
    return out;
  });
}

async function openWith(ui: UiApp, system: 'light' | 'dark', theme: 'system' | 'light' | 'dark'): Promise<Record<string, string>> {
  const { page } = ui;
  await page.emulateMedia({ colorScheme: system });
  await ui.open(doubleOptions(snapshotWith([sessionView(SESSION)]), { settings: { ...defaultSettings(), theme } }));
  await expect(page.getByRole('textbox', { name: 'Message Claude' })).toBeVisible();
  if (theme === 'system') await expect(page.locator('html')).not.toHaveAttribute('data-theme');
  else await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  return resolvedVariables(page);
}

test('the theme setting gives exactly the palette of the system scheme it names', async ({ ui }) => {
  const light = await openWith(ui, 'light', 'system');
  const dark = await openWith(ui, 'dark', 'system');
  // The palette really differs between the schemes (so the comparisons below mean something).
  expect(Object.keys(light).length).toBeGreaterThan(40);
  expect(light['--bg']).not.toEqual(dark['--bg']);
  expect(light['--hl-keyword']).not.toEqual(dark['--hl-keyword']);
  expect(light['--team']).not.toEqual(dark['--team']);

  expect(await openWith(ui, 'light', 'dark')).toEqual(dark);
  expect(await openWith(ui, 'dark', 'light')).toEqual(light);
  expect(await openWith(ui, 'dark', 'dark')).toEqual(dark);
  expect(await openWith(ui, 'light', 'light')).toEqual(light);
});
