// Sessions working as a team, end to end: the browser host runs the team broker, two tabs run
// the real CLI, and the fake API makes each Claude call the clide-team tools. The person allows
// each tool in the normal prompt, sees the messages as cards in both transcripts and in the
// Team panel, adds a task there and pauses the team.
import fs from 'node:fs';
import path from 'node:path';
import { lastToolResults, lastUserText, text, toolUse, type MessagesBody } from '../support/fake-api';
import { expect, test } from './fixtures';
import { hostClient, value } from './tabs-host-client';

const send = 'mcp__clide-team__send_message';

test('a message from one tab arrives as a turn in the other, both transcripts and the Team panel show it', async ({ page, clide }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  const started = await clide.start();
  const { sandbox, host } = started;
  const webDir = path.join(sandbox.cwd, 'web-ui');
  fs.mkdirSync(webDir);
  const isWeb = (body: MessagesBody) => JSON.stringify(body).includes(`Primary working directory: ${webDir}`);
  sandbox.api.script((req) => {
    const results = lastToolResults(req.body).length > 0;
    const fromTeam = lastUserText(req.body).includes('[clide-team]');
    if (isWeb(req.body)) {
      if (results) return text('Told work that the route is done.');
      if (fromTeam) return toolUse(send, { to: 'work', text: 'Done: GET /health returns 200 with the version.' });
      return text('(web-ui: unexpected)');
    }
    if (results) return text('I asked web-ui to add it.');
    if (fromTeam) return text('Thanks, web-ui: the health route is in.');
    return toolUse(send, { to: 'web-ui', text: 'Please add GET /health and tell me when it is done.' });
  });
  await clide.open(page, started);
  const client = hostClient(host);
  try {
    await value('session:create', client.session.create({ cwd: webDir }));
  } finally {
    client.dispose();
  }
  const tabs = page.getByRole('tablist', { name: 'Sessions' }).getByRole('tab');
  await expect(tabs).toHaveCount(2);
  // By the tab's name alone: its text also holds its state, and "working" contains "work".
  const work = tabs.filter({ has: page.locator('.tab-name', { hasText: /^work$/ }) });
  const web = tabs.filter({ has: page.locator('.tab-name', { hasText: /^web-ui$/ }) });
  const transcript = page.getByRole('log', { name: 'Transcript' });
  const composer = page.getByRole('textbox', { name: 'Message Claude' });

  await work.click();
  await composer.fill('Ask web-ui to add a health route.');
  await composer.press('Enter');
  // The broker tool goes through the normal prompt; the person allows it.
  const prompt = page.getByRole('dialog', { name: /^Allow/ });
  await expect(prompt).toContainText('send_message');
  await prompt.getByRole('button', { name: 'Allow', exact: true }).click();
  const out = transcript.getByRole('article', { name: 'Team message from work to web-ui' });
  await expect(out).toContainText('Please add GET /health');
  await expect(out).toContainText('delivered');
  // The team card stands for the send_message call: no tool card says the same again.
  await expect(transcript.locator('.tool-card')).toHaveCount(0);

  // web-ui got it as a turn and answers with the same tool: its prompt is answered in its tab.
  await web.click();
  await expect(transcript.getByRole('article', { name: 'Team message from work to web-ui' })).toContainText('this started a turn');
  await expect(transcript.getByRole('article', { name: 'You' })).toHaveCount(0);
  await page
    .getByRole('dialog', { name: /^Allow/ })
    .getByRole('button', { name: 'Allow', exact: true })
    .click();
  await expect(transcript.getByRole('article', { name: 'Team message from web-ui to work' })).toContainText('delivered');
  await expect(transcript).toContainText('Told work that the route is done.');

  // The answer came back to work as a turn of its own.
  await work.click();
  await expect(transcript.getByRole('article', { name: 'Team message from web-ui to work' })).toContainText('Done: GET /health returns 200');
  await expect(transcript).toContainText('Thanks, web-ui: the health route is in.');

  // The Team panel: both messages in the log, a task added by the person, pause and resume.
  await page.getByRole('button', { name: /^Team/ }).click();
  const panel = page.getByRole('complementary', { name: 'Team' });
  const log = panel.getByRole('list', { name: 'Messages between sessions, newest first' });
  await expect(log.getByRole('listitem')).toHaveCount(2);
  await expect(log.getByRole('listitem').first()).toContainText('web-ui→work');
  await expect(log.getByRole('listitem').first()).toContainText('delivered');
  await panel.getByRole('textbox', { name: 'New task' }).fill('Write the changelog entry');
  await panel.getByLabel('Assign the new task to').selectOption({ label: 'web-ui' });
  await panel.getByRole('button', { name: 'Add', exact: true }).click();
  const task = panel.getByRole('listitem', { name: 'T1 Write the changelog entry' });
  await expect(task).toBeVisible();
  await expect(task.getByLabel('Status of T1')).toHaveValue('in_progress');
  await panel.getByRole('button', { name: 'Pause' }).click();
  await expect(panel.getByText('The team is paused.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Team/ })).toContainText('paused');
  await page.screenshot({ path: path.join(testInfo.project.outputDir, 'ui-screenshots', 'team-e2e.png'), animations: 'disabled' });
  await panel.getByRole('button', { name: 'Resume' }).click();
  await expect(panel.getByText('The team is paused.')).toBeHidden();
  expect(host.claudePids()).toHaveLength(2);
});
