// The Team panel and team-message cards in the built renderer, against the in-page API double:
// what the panel shows from the host's team state, what each control asks of the host, and
// screenshots in light and dark (test-results/ui-screenshots/) for people to look at.
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import type { SessionEvent } from '../../../shared/events';
import type { TeamState } from '../../../shared/team';
import { applyEvents } from '../../../shared/transcript';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { expect, test } from './ui-fixtures';

const API = 'session-api';
const WEB = 'session-web';
const T0 = Date.UTC(2026, 5, 1, 9, 30);
const api = { id: API, name: 'api-server' };
const web = { id: WEB, name: 'web-ui' };

function teamState(patch: Partial<TeamState> = {}): TeamState {
  return {
    paused: false,
    capPerMinute: 5,
    members: [
      { id: API, name: 'api-server', cwd: '/home/ada/code/api-server', waiting: 0, recentDeliveries: 1 },
      {
        id: WEB,
        name: 'web-ui',
        cwd: '/home/ada/code/web-ui',
        waiting: 1,
        recentDeliveries: 5,
        hold: {
          reason: 'cap',
          message: 'web-ui received 5 messages from the team within a minute. To stop a loop between sessions, further messages wait for you.',
          since: T0 + 60_000,
        },
      },
    ],
    messages: [
      {
        id: 'm1',
        from: api,
        to: [{ ...web, state: 'delivered', at: T0 + 5_000 }],
        toAll: false,
        text: 'The /health route is in. Can you add a status badge that calls it?',
        at: T0,
      },
      {
        id: 'm2',
        from: web,
        to: [{ ...api, state: 'delivered', at: T0 + 40_000 }],
        toAll: false,
        text: 'Badge added in src/StatusBadge.tsx. It polls every 30 s.',
        at: T0 + 35_000,
      },
      {
        id: 'm3',
        from: api,
        to: [{ ...web, state: 'held' }],
        toAll: false,
        text: 'Thanks! One more thing: show the version from the response as well.',
        at: T0 + 70_000,
      },
    ],
    tasks: [
      {
        id: 'T1',
        title: 'Add GET /health',
        status: 'done',
        assignee: api,
        createdBy: { id: 'person', name: 'You' },
        updatedBy: api,
        note: 'Route and test in src/health.ts',
        createdAt: T0 - 600_000,
        updatedAt: T0,
      },
      {
        id: 'T2',
        title: 'Status badge in the header',
        description: 'Calls /health every 30 s; green, amber, red.',
        status: 'in_progress',
        assignee: web,
        createdBy: api,
        updatedBy: web,
        createdAt: T0 - 500_000,
        updatedAt: T0 + 30_000,
      },
      {
        id: 'T3',
        title: 'Document the health endpoint',
        status: 'blocked',
        assignee: api,
        createdBy: web,
        updatedBy: api,
        note: 'Waiting for the badge to settle the response shape.',
        createdAt: T0 - 400_000,
        updatedAt: T0 + 50_000,
      },
      {
        id: 'T4',
        title: 'Load test the endpoint',
        status: 'open',
        createdBy: { id: 'person', name: 'You' },
        updatedBy: { id: 'person', name: 'You' },
        createdAt: T0 - 300_000,
        updatedAt: T0 - 300_000,
      },
    ],
    ...patch,
  };
}

const sentCard = (id: string, text: string, state: 'delivered' | 'held', at: number): SessionEvent => ({
  kind: 'team-message',
  id: `team-sent-${id}`,
  messageId: id,
  direction: 'sent',
  from: api,
  to: [{ ...web, state }],
  text,
  at,
});

function views() {
  const apiView = applyEvents(sessionView(API, { cwd: '/home/ada/code/api-server' }), [
    { kind: 'user', id: 'u1', text: 'Add a health endpoint, then ask web-ui to show it in the header.', at: T0 - 20_000 },
    { kind: 'block', messageId: 'a1', index: 0, block: { type: 'text', text: 'The route is in place. I will let web-ui know.' }, at: T0 - 10_000 },
    { kind: 'message-end', messageId: 'a1' },
    sentCard('m1', 'The /health route is in. Can you add a status badge that calls it?', 'delivered', T0),
    {
      kind: 'team-message',
      id: 'r2',
      messageId: 'm2',
      direction: 'received',
      from: web,
      to: [{ ...api, state: 'delivered' }],
      text: 'Badge added in src/StatusBadge.tsx. It polls every 30 s.',
      via: 'turn',
      at: T0 + 40_000,
    },
    { kind: 'block', messageId: 'a2', index: 0, block: { type: 'text', text: 'Great, I will ask for the version too.' }, at: T0 + 45_000 },
    { kind: 'message-end', messageId: 'a2' },
    sentCard('m3', 'Thanks! One more thing: show the version from the response as well.', 'held', T0 + 70_000),
  ]);
  const webView = applyEvents(sessionView(WEB, { cwd: '/home/ada/code/web-ui' }), [
    {
      kind: 'team-message',
      id: 'r1',
      messageId: 'm1',
      direction: 'received',
      from: api,
      to: [{ ...web, state: 'delivered' }],
      text: 'The /health route is in. Can you add a status badge that calls it?',
      via: 'turn',
      at: T0 + 5_000,
    },
    { kind: 'block', messageId: 'b1', index: 0, block: { type: 'text', text: 'I added the badge and told api-server.' }, at: T0 + 30_000 },
    { kind: 'message-end', messageId: 'b1' },
  ]);
  return [apiView, webView];
}

function shot(testInfo: TestInfo, name: string): string {
  return path.join(testInfo.project.outputDir, 'ui-screenshots', `${name}.png`);
}

test('the Team panel shows the board, the log and the loop guard, and each control asks the host', async ({ ui, page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await ui.open(doubleOptions({ ...snapshotWith(views()), team: teamState() }));
  const toggle = page.getByRole('button', { name: /^Team/ });
  await expect(toggle).toContainText('1 held');
  await toggle.click();
  const panel = page.getByRole('complementary', { name: 'Team' });
  await expect(panel).toBeVisible();

  // The loop guard is stated plainly, with the way to let the message go.
  await expect(panel.getByRole('status').filter({ hasText: 'Loop guard. web-ui received 5 messages' })).toContainText('1 message waiting.');
  await expect(panel).toContainText('a session takes up to 5 team messages a minute on its own');
  const members = panel.getByRole('list', { name: 'Sessions in the team' }).getByRole('listitem');
  await expect(members.filter({ hasText: 'api-server' })).toContainText('1/5 this minute');
  await expect(members.filter({ hasText: 'web-ui' })).toContainText('1 waiting');
  await panel.getByRole('button', { name: 'Deliver now' }).click();
  await expect.poll(() => ui.calls('team:release')).toEqual([{ channel: 'team:release', input: { sessionId: WEB } }]);

  // Tasks: done ones folded away; status, owner, edit, add.
  const tasks = panel.getByRole('list', { name: 'Tasks' });
  await expect(tasks.getByRole('listitem')).toHaveCount(3);
  await expect(tasks.getByRole('listitem').first()).toContainText('Status badge in the header');
  await panel.getByRole('button', { name: 'Show 1 done' }).click();
  await expect(panel.getByRole('list', { name: 'Done tasks' })).toContainText('Route and test in src/health.ts');
  await panel.getByLabel('Status of T3').selectOption('in_progress');
  await expect.poll(() => ui.calls('team:editTask')).toEqual([{ channel: 'team:editTask', input: { taskId: 'T3', status: 'in_progress' } }]);
  await panel.getByLabel('Owner of T4').selectOption(WEB);
  await expect.poll(() => ui.calls('team:reassignTask')).toEqual([{ channel: 'team:reassignTask', input: { taskId: 'T4', assignee: WEB } }]);
  await panel.getByRole('button', { name: 'Edit T4' }).click();
  await panel.getByLabel('Title').fill('Load test /health at 200 rps');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () => (await ui.calls('team:editTask')).at(-1)?.input)
    .toEqual({ taskId: 'T4', title: 'Load test /health at 200 rps', description: '' });
  await panel.getByRole('textbox', { name: 'New task' }).fill('Update the changelog');
  await panel.getByLabel('Assign the new task to').selectOption(API);
  await panel.getByRole('button', { name: 'Add', exact: true }).click();
  await expect.poll(() => ui.calls('team:addTask')).toEqual([{ channel: 'team:addTask', input: { title: 'Update the changelog', assignee: API } }]);
  await expect(panel.getByRole('textbox', { name: 'New task' })).toHaveValue('');

  // The message log, newest first, with where each message stands.
  const log = panel.getByRole('list', { name: 'Messages between sessions, newest first' });
  await expect(log.getByRole('listitem')).toHaveCount(3);
  await expect(log.getByRole('listitem').first()).toContainText('show the version');
  await expect(log.getByRole('listitem').first()).toContainText('held for you');
  await expect(log.getByRole('listitem').last()).toContainText('delivered');

  // Pause: the host is asked, and its pushed state changes the panel and the button.
  await panel.getByRole('button', { name: 'Pause' }).click();
  await expect.poll(() => ui.calls('team:pause')).toHaveLength(1);
  await ui.push([{ type: 'team-changed', team: teamState({ paused: true }) }]);
  await expect(panel.getByText('The team is paused.')).toBeVisible();
  await expect(toggle).toContainText('paused');
  await expect(panel.getByRole('button', { name: 'Deliver now' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Resume' }).click();
  await expect.poll(() => ui.calls('team:resume')).toHaveLength(1);

  // A saved board that could not be read is said in the panel, not lost silently.
  const notice = 'The saved task board could not be read: team-board.json had corrupt JSON; it was set aside.';
  await ui.push([{ type: 'team-changed', team: teamState({ notice }) }]);
  await expect(panel.getByRole('status').filter({ hasText: notice })).toBeVisible();
  await ui.push([{ type: 'team-changed', team: teamState() }]);
  await expect(panel.getByText(notice)).toBeHidden();

  // A failed call says why, in place.
  await page.evaluate(() =>
    window.__clideDouble?.setReplies('team:removeTask', [{ ok: false, error: { kind: 'invalid-input', message: 'There is no task T2 on the board.' } }]),
  );
  await panel.getByRole('button', { name: 'Remove T2' }).click();
  await expect(panel.getByRole('alert')).toHaveText('There is no task T2 on the board.');

  // Closing the panel keeps the choice across a reload.
  await panel.getByRole('button', { name: 'Close the Team panel' }).click();
  await expect(panel).toBeHidden();
  await page.keyboard.press('Control+Shift+E');
  await expect(panel).toBeVisible();
});

test('messages between sessions are cards naming sender and receiver in both transcripts', async ({ ui, page }) => {
  await page.setViewportSize({ width: 1100, height: 800 });
  await ui.open(doubleOptions({ ...snapshotWith(views()), team: teamState() }));
  const transcript = page.getByRole('log', { name: 'Transcript' });
  const sent = transcript.getByRole('article', { name: 'Team message from api-server to web-ui' });
  await expect(sent).toHaveCount(2);
  await expect(sent.first()).toContainText('Sent');
  await expect(sent.first()).toContainText('delivered');
  await expect(sent.last()).toContainText('held for you');
  const back = transcript.getByRole('article', { name: 'Team message from web-ui to api-server' });
  await expect(back).toContainText('Received');
  await expect(back).toContainText('not from you');
  await expect(transcript.getByRole('article', { name: 'You' })).toHaveCount(1);

  // A card re-sent with the same id updates in place (the held message gets delivered).
  await ui.pushSession(API, [sentCard('m3', 'Thanks! One more thing: show the version from the response as well.', 'delivered', T0 + 70_000)]);
  await expect(sent.last()).toContainText('delivered');
  await expect(sent).toHaveCount(2);

  await page.getByRole('tab', { name: /web-ui/ }).click();
  const received = page.getByRole('log', { name: 'Transcript' }).getByRole('article', { name: 'Team message from api-server to web-ui' });
  await expect(received).toContainText('Received');
  await expect(received).toContainText('From the session “api-server”, not from you · this started a turn');
  await expect(page.getByRole('log', { name: 'Transcript' }).getByRole('article', { name: 'You' })).toHaveCount(0);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`screenshot: the Team panel beside a transcript with team cards (${scheme})`, async ({ ui, page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.addInitScript(() => localStorage.setItem('clide.teamOpen', '1'));
    await ui.open(doubleOptions({ ...snapshotWith(views()), team: teamState() }));
    const panel = page.getByRole('complementary', { name: 'Team' });
    await expect(panel).toBeVisible();
    await expect(page.getByRole('article', { name: 'Team message from web-ui to api-server' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot(testInfo, `team-${scheme}`), animations: 'disabled' });
    // The message log, further down the panel, and the other session's transcript.
    await page.getByRole('button', { name: 'Show 1 done' }).click();
    await panel.getByRole('list', { name: 'Messages between sessions, newest first' }).scrollIntoViewIfNeeded();
    await page.getByRole('tab', { name: /web-ui/ }).click();
    await expect(page.getByRole('article', { name: 'Team message from api-server to web-ui' })).toBeVisible();
    await page.screenshot({ path: shot(testInfo, `team-log-${scheme}`), animations: 'disabled' });
  });
}
