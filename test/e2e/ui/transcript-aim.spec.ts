// A click hits what was under the pointer (transcript/use-stick-to-bottom.ts). While the view
// follows the newest message, a message arriving between the pointer reaching a control and the
// press moved the control away (the view scrolled down to the new message), and the click landed
// on whatever came under the pointer instead. The pointer moving over the transcript now holds
// the view still for a moment; then it catches up and follows again.
import type { Page } from '@playwright/test';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { SESSION } from './scenarios';
import { expect, test } from './ui-fixtures';

const text = (messageId: string, body: string) => ({
  kind: 'block' as const,
  messageId,
  index: 0,
  block: { type: 'text' as const, text: body },
  at: Date.now(),
});
const lines = (n: number, what: string) => Array.from({ length: n }, (_, i) => `${what} line ${i + 1}.`).join('\n\n');
const frames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

test('a message arriving between the pointer reaching a control and the press does not move the control from under it', async ({ ui, page }) => {
  await page.setViewportSize({ width: 1000, height: 700 });
  await ui.open(doubleOptions(snapshotWith([sessionView(SESSION, { status: 'working' })])));
  const code = 'const answer = 42;';
  await ui.pushSession(SESSION, [text('m1', lines(30, 'Earlier')), text('m2', `Here:\n\n\`\`\`ts\n${code}\n\`\`\``)]);
  const copy = page.locator('.code-block').getByRole('button', { name: 'Copy' });
  await expect(copy).toBeInViewport();
  // What each click lands on.
  await page.evaluate(() => {
    const w = window as unknown as { __clicked: string[] };
    w.__clicked = [];
    document.addEventListener(
      'click',
      (e) => w.__clicked.push(e.target instanceof Element && e.target.closest('.code-block button') ? 'Copy' : 'elsewhere'),
      true,
    );
  });

  const box = (await copy.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 2 });
  // A long message arrives before the press: following it would scroll the button up and away.
  await ui.pushSession(SESSION, [text('m3', lines(20, 'Arriving'))]);
  await frames(page);
  await page.mouse.down();
  await page.mouse.up();
  expect(await page.evaluate(() => (window as unknown as { __clicked: string[] }).__clicked), 'where the click landed').toEqual(['Copy']);

  // Once the pointer rests, the view catches up with the newest message and follows again.
  await expect(page.getByText('Arriving line 20.')).toBeInViewport();
  await ui.pushSession(SESSION, [text('m4', lines(10, 'Later'))]);
  await expect(page.getByText('Later line 10.')).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toHaveCount(0);
});
