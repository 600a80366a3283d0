// Several sessions at once through the browser host and the real CLI: two tabs stream at the
// same time and switching never stops either; a prompt waiting in a background tab shows in
// the "needs you" inbox, is answered there, and is announced by a notification while the
// page is not in view.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { lastUserText, text, toolUse, type FakeReply } from '../support/fake-api';
import { expect, test } from './fixtures';

/** Notifications recorded in the page, and control over whether the page counts as in view. */
async function recordNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __notes: Array<{ title: string; body?: string; tag?: string; click(): void }>; __inView: boolean };
    w.__notes = [];
    w.__inView = true;
    class RecordingNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      onclick: (() => void) | null = null;
      onclose: (() => void) | null = null;
      constructor(title: string, options: { body?: string; tag?: string } = {}) {
        w.__notes.push({ title, body: options.body, tag: options.tag, click: () => this.onclick?.() });
      }
      close() {}
    }
    Object.defineProperty(window, 'Notification', { value: RecordingNotification, configurable: true });
    document.hasFocus = () => w.__inView;
  });
}

const notes = (page: Page) =>
  page.evaluate(() => (window as unknown as { __notes: Array<{ title: string; body?: string }> }).__notes.map((n) => ({ title: n.title, body: n.body })));

async function newSessionIn(page: Page, folder: string, typed: string): Promise<void> {
  await page.getByRole('button', { name: 'New session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New session' });
  const field = dialog.getByRole('combobox', { name: 'Working folder' });
  await field.fill(typed);
  // Completion from the host's real file system.
  await expect(dialog.getByRole('option', { name: path.basename(folder) })).toBeVisible();
  await field.press('Tab');
  await expect(field).toHaveValue(`${folder}/`);
  await field.press('Enter');
  await expect(dialog).toBeHidden();
}

test('two tabs stream at once; switching tabs stops neither and each ends with its own reply', async ({ page, clide }) => {
  const started = await clide.start();
  const { sandbox } = started;
  const second = path.join(sandbox.cwd, 'second');
  fs.mkdirSync(second);
  const replyA = 'First tab reply: streamed slowly while the second tab streams its own, neither waiting for the other.';
  const replyB = 'Second tab reply: a different text, so a mix-up between the tabs would show.';
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  sandbox.api.script((req) => {
    const prompt = lastUserText(req.body);
    const slow: Partial<FakeReply> = { chunk: 5, delayMs: 25, hold: released };
    if (prompt.includes('first tab')) return text(replyA, slow);
    if (prompt.includes('second tab')) return text(replyB, slow);
    return text('(unexpected prompt)');
  });
  await clide.open(page, started);
  const tabs = page.getByRole('tablist', { name: 'Sessions' }).getByRole('tab');
  await expect(tabs).toHaveCount(1);

  await newSessionIn(page, second, `${sandbox.cwd}/sec`);
  await expect(tabs).toHaveCount(2);
  const tabA = tabs.nth(0);
  const tabB = tabs.nth(1);
  await expect(tabB).toHaveAttribute('aria-selected', 'true');
  await expect(tabB).toContainText('second');
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await composer.fill('Reply in the second tab, please.');
  await composer.press('Enter');

  await tabA.click();
  await expect(tabA).toHaveAttribute('aria-selected', 'true');
  await composer.fill('Reply in the first tab, please.');
  await composer.press('Enter');

  // Both turns are in flight at the CLI at the same time.
  await expect.poll(() => sandbox.api.turns().length, { timeout: 30_000 }).toBe(2);
  await expect(tabA.locator('.marker-working')).toHaveCount(1);
  await expect(tabB.locator('.marker-working')).toHaveCount(1);
  // Switching back and forth while both wait changes nothing for either.
  await tabB.click();
  await tabA.click();
  release();

  const transcript = page.getByRole('log', { name: 'Transcript' });
  await expect(transcript).toContainText(replyA);
  // The second tab finished while the first was shown: it says so until it is looked at.
  await expect(tabB.locator('.marker-unseen')).toHaveCount(1);
  await tabB.click();
  await expect(transcript).toContainText(replyB);
  await expect(transcript).not.toContainText(replyA);
  await expect(tabB.locator('.marker-unseen')).toHaveCount(0);
  expect(started.host.claudePids()).toHaveLength(2);
  // Each CLI ran in its own folder and got only its own prompt.
  const bodies = sandbox.api.turns().map((t) => lastUserText(t.body));
  expect(bodies.filter((b) => b.includes('first tab'))).toHaveLength(1);
  expect(bodies.filter((b) => b.includes('second tab'))).toHaveLength(1);
});

test('a prompt waiting in a background tab is announced, listed in the inbox and answered there', async ({ page, clide }) => {
  await recordNotifications(page);
  const started = await clide.start();
  const { sandbox } = started;
  const other = path.join(sandbox.cwd, 'other');
  fs.mkdirSync(other);
  // The tool call is held back until the first tab is in the background.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  sandbox.api.script((req, i) => {
    if (lastUserText(req.body).includes('inbox.txt') && i === 0) {
      return { ...toolUse('Write', { file_path: 'inbox.txt', content: 'answered from the inbox\n' }, 'Writing inbox.txt.'), hold: released };
    }
    return text('Wrote inbox.txt as asked.');
  });
  await clide.open(page, started);
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await composer.fill('Write inbox.txt');
  await composer.press('Enter');
  await newSessionIn(page, other, `${sandbox.cwd}/oth`);
  const tabs = page.getByRole('tablist', { name: 'Sessions' }).getByRole('tab');
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  // The page goes out of view (another window is in front) while the prompt arrives.
  await page.evaluate(() => ((window as unknown as { __inView: boolean }).__inView = false));
  release();

  const badge = page.getByRole('button', { name: 'Needs you: 1 waiting' });
  await expect(badge).toBeVisible({ timeout: 30_000 });
  await expect(tabs.nth(0).locator('.marker-needs-you')).toHaveCount(1);
  await expect(page).toHaveTitle('(1) clide');
  await expect.poll(() => notes(page)).toEqual([{ title: 'work needs you', body: expect.stringContaining('Allow Write?') }]);
  // The background tab's prompt is not shown in the tab in view.
  await expect(page.getByRole('log', { name: 'Transcript' }).getByRole('dialog')).toHaveCount(0);

  await badge.click();
  const inbox = page.getByRole('region', { name: 'Needs you' });
  const card = inbox.getByRole('dialog', { name: 'Allow Write?' });
  await expect(card).toContainText(path.join(sandbox.cwd, 'inbox.txt'));
  await expect(card).toContainText('answered from the inbox');
  await card.getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(inbox.getByText('Nothing waits for you.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Needs you: nothing waiting' })).toBeVisible();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');

  await expect.poll(() => fs.existsSync(path.join(sandbox.cwd, 'inbox.txt')), { timeout: 30_000 }).toBe(true);
  expect(fs.readFileSync(path.join(sandbox.cwd, 'inbox.txt'), 'utf8')).toBe('answered from the inbox\n');
  // "Finished" is told apart from "needs you"; clicking it opens the tab.
  await expect.poll(() => notes(page).then((n) => n.map((x) => x.title))).toEqual(['work needs you', 'work: Claude finished']);
  await page.evaluate(() => (window as unknown as { __notes: Array<{ click(): void }> }).__notes[1]!.click());
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('Wrote inbox.txt as asked.');
  await expect(page.getByLabel('Tool: Write')).toContainText('Allowed');
});
