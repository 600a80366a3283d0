// A crash costs nothing, end to end: the browser host is killed outright (SIGKILL) while one tab
// holds a finished conversation and a draft and another has a turn running with a message
// queued. A new host on the same data dir ends the orphaned `claude` processes and reopens both
// tabs: the conversation, the draft, a side question's answer, the cut-off turn with Retry, the
// queued message (held).
// Both continue with the real CLI. The split view (which tabs in which pane, the divider, the
// focused pane) comes back the same way.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { lastUserText, sideQuestionText, text } from '../support/fake-api';
import { cliSandbox, type CliSandbox } from '../support/real-cli';
import { startWebHost, survivors, type WebHostProcess } from '../support/web-host';
import { hostClient, value } from './tabs-host-client';

let sandbox: CliSandbox | undefined;
const hosts: WebHostProcess[] = [];

test.afterEach(async () => {
  const pids = hosts.flatMap((h) => h.claudePids());
  for (const h of hosts.splice(0)) await h.stop('SIGTERM');
  for (const pid of survivors(pids)) process.kill(pid, 'SIGKILL');
  await sandbox?.cleanup();
  sandbox = undefined;
});

async function start(): Promise<WebHostProcess> {
  const host = await startWebHost({ cwd: sandbox!.cwd, env: sandbox!.env, args: ['--no-build'] });
  hosts.push(host);
  return host;
}

function savedTabs():
  | {
      active?: number;
      tabs: Array<{
        claudeSessionId?: string;
        draft?: string;
        turn?: unknown;
        queue?: { entries: Array<{ text: string }> };
        asides?: Array<{ state: string }>;
      }>;
    }
  | undefined {
  const file = path.join(sandbox!.home, '.local', 'state', 'clide', 'web', 'sessions.json');
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as ReturnType<typeof savedTabs>;
  } catch {
    return undefined;
  }
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`uncaught: ${err.message}`));
  return errors;
}

test('after the host is killed, a new host reopens every tab with its conversation, draft, cut-off turn and queue', async ({ page }, testInfo) => {
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  sandbox = await cliSandbox((req) => {
    const prompt = lastUserText(req.body);
    if (prompt.includes('remember the kiwi')) return text('I will remember the kiwi.');
    if (prompt.includes('slow question')) return text('The slow answer, at last.', { hold: held });
    if (prompt.includes('What fruit')) return text('You mentioned the kiwi.');
    if (prompt.includes('queued while busy')) return text('Answer to the queued message.');
    return text('(unexpected prompt)');
  });
  const errors = watchErrors(page);
  const first = await start();
  await page.goto(first.url);
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  const transcript = page.getByRole('log', { name: 'Transcript' });
  const tabs = page.getByRole('tablist', { name: 'Sessions' }).getByRole('tab');

  // Tab 1: a finished exchange, then a draft left unsent.
  await composer.fill('Please remember the kiwi');
  await composer.press('Enter');
  await expect(transcript.getByRole('article', { name: 'Claude' })).toContainText('I will remember the kiwi.');
  // A side question, answered beside the conversation.
  sandbox.api.scriptSide((req) => text(`You asked: ${sideQuestionText(req.body)} It was a kiwi.`));
  await page.keyboard.press('Control+Shift+Slash');
  const asidePanel = page.getByRole('complementary', { name: 'Ask aside' });
  await asidePanel.getByRole('textbox', { name: 'Ask aside' }).fill('Which fruit was it?');
  await asidePanel.getByRole('textbox', { name: 'Ask aside' }).press('Enter');
  const aside = asidePanel.getByRole('listitem', { name: 'Side question: Which fruit was it?' });
  await expect(aside).toContainText('You asked: Which fruit was it? It was a kiwi.');
  await composer.fill('a half-written follow-up');

  // Tab 2: a turn that is still running, and a message queued behind it.
  const client = hostClient(first);
  await value('session:create', client.session.create({}));
  client.dispose();
  await expect(tabs).toHaveCount(2);
  await tabs.nth(1).click();
  await composer.fill('A slow question');
  await composer.press('Enter');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await composer.fill('queued while busy');
  await composer.press('Enter');
  await expect(page.getByRole('region', { name: 'Queued messages' })).toContainText('queued while busy');

  // Everything is on disk within a moment, without any quit.
  await expect
    .poll(() => {
      const saved = savedTabs();
      const t = saved?.tabs;
      return t
        ? [
            t[0]?.draft,
            t[0]?.asides?.map((a) => a.state),
            Boolean(t[1]?.claudeSessionId),
            Boolean(t[1]?.turn),
            t[1]?.draft,
            t[1]?.queue?.entries.map((e) => e.text),
            saved?.active,
          ]
        : undefined;
    })
    .toEqual(['a half-written follow-up', ['answered'], true, true, undefined, ['queued while busy'], 1]);

  // Crash.
  const orphans = first.claudePids();
  expect(orphans).toHaveLength(2);
  await first.stop('SIGKILL');

  const second = await start();
  await page.goto(second.url);
  await expect(tabs).toHaveCount(2);
  // The tab that was shown is shown again.
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => survivors(orphans), { timeout: 20_000 }).toEqual([]);

  // Tab 1: the conversation and the draft are back; it continues with the earlier messages.
  await tabs.nth(0).click();
  await expect(transcript.getByRole('article', { name: 'You' })).toHaveText(/Please remember the kiwi/);
  await expect(transcript.getByRole('article', { name: 'Claude' })).toContainText('I will remember the kiwi.');
  await expect(composer).toHaveValue('a half-written follow-up');
  // The side question and its answer are back beside it.
  if (!(await asidePanel.isVisible())) await page.keyboard.press('Control+Shift+Slash');
  await expect(aside).toContainText('You asked: Which fruit was it? It was a kiwi.');
  await page.screenshot({ path: path.join(testInfo.project.outputDir, 'ui-screenshots', 'restored-aside.png'), animations: 'disabled' });
  const before = sandbox.api.turns().length;
  await composer.fill('What fruit did I mention?');
  await composer.press('Enter');
  await expect(transcript.getByRole('article', { name: 'Claude' }).last()).toContainText('You mentioned the kiwi.');
  const continued = sandbox.api
    .turns()
    .slice(before)
    .find((t) => lastUserText(t.body).includes('What fruit'));
  expect(JSON.stringify(continued?.body.messages)).toContain('I will remember the kiwi.');

  // Tab 2: the cut-off turn is marked, with Retry; the queued message waits for the person.
  await tabs.nth(1).click();
  await expect(transcript.getByRole('article', { name: 'You' })).toHaveText(/A slow question/);
  await expect(transcript).toContainText('Claude had not finished this turn when clide closed.');
  const queue = page.getByRole('region', { name: 'Queued messages' });
  await expect(queue).toContainText('queued while busy');
  await expect(queue).toContainText('clide was closed while these messages waited');
  await page.screenshot({ path: path.join(testInfo.project.outputDir, 'ui-screenshots', 'restored-cut-off.png'), animations: 'disabled' });
  release();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  // Retrying is the person acting again: the queue goes on and sends what waited, in order.
  await expect(transcript.getByRole('article', { name: 'You' })).toHaveText([/A slow question/, /A slow question/, /queued while busy/]);
  await expect(transcript.getByRole('article', { name: 'Claude' })).toContainText(['The slow answer, at last.', 'Answer to the queued message.']);
  await expect(queue).toHaveCount(0);
  expect(errors).toEqual([]);
});

function savedSplit(): unknown {
  const file = path.join(sandbox!.home, '.local', 'state', 'clide', 'web', 'sessions.json');
  try {
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { split?: unknown }).split ?? null;
  } catch {
    return undefined;
  }
}

const mod = process.platform === 'darwin' ? 'Meta' : 'Control';
const pane = (page: Page, side: 'Left' | 'Right') => page.getByRole('region', { name: new RegExp(`^${side} pane`) });

test('the split view, its tabs, divider and focused pane come back after the host restarts', async ({ page }) => {
  sandbox = await cliSandbox(() => text('(no prompt expected)'));
  const errors = watchErrors(page);
  const first = await start();
  await page.goto(first.url);
  const tabs = page.getByRole('tablist', { name: 'Sessions' }).getByRole('tab');
  // The window opens the first tab itself when it finds none; it must have done so before the
  // two more are created, or it sees them and opens no first tab of its own.
  await expect(tabs).toHaveCount(1);
  const client = hostClient(first);
  for (let i = 0; i < 2; i++) await value('session:create', client.session.create({}));
  client.dispose();
  await expect(tabs).toHaveCount(3);
  const ids = await tabs.evaluateAll((els) => els.map((e) => e.id.replace(/^tab-/, '')));

  // Tab 2 to a right pane (the left one shows tab 3), then tab 3 joins it (the strip reads 1 | 3 2);
  // the divider at 40%; the right pane focused, showing tab 3.
  await tabs.nth(1).click();
  await page.keyboard.press(`${mod}+Backslash`);
  await expect(pane(page, 'Right')).toHaveAccessibleName('Right pane, focused');
  await page.keyboard.press('F6');
  await expect(pane(page, 'Left')).toHaveAccessibleName('Left pane, focused');
  await page.keyboard.press(`${mod}+Shift+Backslash`);
  await expect(pane(page, 'Right')).toHaveAccessibleName('Right pane, focused');
  await expect.poll(() => tabs.evaluateAll((els) => els.map((e) => e.id))).toEqual([`tab-${ids[0]}`, `tab-${ids[2]}`, `tab-${ids[1]}`]);
  const bar = page.getByRole('separator', { name: 'Resize the panes' });
  await bar.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(bar).toHaveAttribute('aria-valuenow', '40');
  // On disk within a moment, by tab position: tab 1 left; tabs 3 and 2 right, tab 3 shown and focused.
  await expect.poll(savedSplit).toEqual({ right: [1, 2], shown: { left: 0, right: 1 }, ratio: 0.4 });

  await first.stop('SIGTERM');
  const second = await start();
  await page.goto(second.url);
  await expect(tabs).toHaveCount(3);
  await expect(pane(page, 'Right')).toHaveAccessibleName('Right pane, focused');
  await expect(pane(page, 'Left')).toBeVisible();
  await expect(page.getByRole('separator', { name: 'Resize the panes' })).toHaveAttribute('aria-valuenow', '40');
  await expect(tabs.nth(0)).toHaveAccessibleName(/shown in the left pane/);
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.nth(1)).toHaveAccessibleName(/shown in the right pane/);
  await expect(tabs.nth(2)).toHaveAccessibleName(/, in the right pane/);
  expect(errors).toEqual([]);
});
