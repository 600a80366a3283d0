// MCP servers and their requests for input through the browser host, on the real CLI with the
// tests' stdio MCP server (test/support/mcp-server/probe-server.mjs): the MCP panel shows the
// server, disables and enables it; a failed server is a badge on the status bar and comes back
// with Reconnect; an elicitation form checks what is typed and sends what the person accepts.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { lastToolResults, text, toolUse, type RecordedRequest } from '../support/fake-api';
import { installProbe, type Probe } from '../support/mcp-probe';
import { expect, test } from './fixtures';

const shot = (name: string) => path.join(test.info().project.outputDir, 'mcp-screenshots', `${name}.png`);

async function bothSchemes(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: shot(`${name}-${scheme}`), animations: 'disabled' });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the MCP panel shows the server with its tools, and Disable / Enable change its state', async ({ page, clide }) => {
  const started = await clide.start({ prepare: (sandbox) => void installProbe(sandbox, { allow: true }) });
  await clide.open(page, started);
  await page.getByRole('toolbar', { name: 'Session settings' }).getByRole('button', { name: 'MCP' }).click();
  const panel = page.getByRole('dialog', { name: /MCP servers/ });
  const probe = panel.getByRole('listitem', { name: 'probe' });
  await expect(probe).toContainText('Connected');
  await expect(probe).toContainText('project · stdio');
  await expect(probe).toContainText('probe-server 1.4.0');
  await probe.getByText('2 tools').click();
  await expect(probe.getByText('hello', { exact: true })).toBeVisible();
  await expect(probe.getByText('ask', { exact: true })).toBeVisible();
  await bothSchemes(page, 'mcp-panel');

  await probe.getByRole('button', { name: 'Disable' }).click();
  await expect(probe).toContainText('Disabled');
  await expect(probe.getByRole('button', { name: 'Reconnect' })).toHaveCount(0);
  await probe.getByRole('button', { name: 'Enable' }).click();
  await expect(probe).toContainText('Connected');
  await expect(probe.getByRole('button', { name: 'Disable' })).toBeVisible();
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toBeHidden();
});

test('a failed server is a badge on the status bar; its panel says why, and Reconnect brings it back', async ({ page, clide }) => {
  let probe: Probe | undefined;
  const started = await clide.start({
    prepare: (sandbox) => {
      probe = installProbe(sandbox, { allow: true });
      probe.failing(true);
    },
  });
  await clide.open(page, started);
  const badge = page.getByRole('contentinfo', { name: 'Session status' }).getByRole('button', { name: /^MCP \d/ });
  await expect(badge).toHaveText('MCP 1⚠ 1 failed');
  await page.screenshot({ path: shot('mcp-badge-light'), animations: 'disabled' });
  await badge.click();
  const server = page.getByRole('dialog', { name: /MCP servers/ }).getByRole('listitem', { name: 'probe' });
  await expect(server).toContainText('Failed');
  await bothSchemes(page, 'mcp-panel-failed');
  probe!.failing(false);
  await server.getByRole('button', { name: 'Reconnect' }).click();
  await expect(server).toContainText('Connected');
  await expect(badge).not.toContainText('failed');
});

const profile = {
  message: 'Who are you?',
  schema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name', minLength: 2, description: 'As you like to be called' },
      age: { type: 'integer', title: 'Age', minimum: 0, maximum: 150 },
      role: {
        type: 'string',
        title: 'Role',
        oneOf: [
          { const: 'dev', title: 'Developer' },
          { const: 'ops', title: 'Operations' },
        ],
      },
      news: { type: 'boolean', title: 'Send me news' },
    },
    required: ['name', 'role'],
  },
};

test('an MCP form checks what is typed, and Accept sends the content to the server', async ({ page, clide }) => {
  let probe: Probe | undefined;
  const started = await clide.start({ prepare: (sandbox) => void (probe = installProbe(sandbox, { allow: true })) });
  started.sandbox.api.script((req: RecordedRequest) => (lastToolResults(req.body).length === 0 ? toolUse('mcp__probe__ask', profile) : text('Thanks, noted.')));
  await clide.open(page, started);
  const box = page.getByRole('textbox', { name: 'Message Claude' });
  await box.fill('Ask me who I am');
  await box.press('Enter');

  const card = page.getByRole('dialog', { name: 'probe asks for input' });
  await expect(card).toContainText('Who are you?');
  const name = card.getByLabel('Name');
  await name.fill('A');
  await expect(card.getByRole('alert').filter({ hasText: 'Enter at least 2 characters.' })).toBeVisible();
  await card.getByLabel('Age').fill('-3');
  await expect(card.getByText('Enter 0 or more.')).toBeVisible();
  // Accept with problems sends nothing and names every field that needs a change.
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(card.getByText('This field is required.')).toBeVisible();
  await expect(card.getByRole('status')).toHaveText('3 fields need a change.');
  await bothSchemes(page, 'mcp-elicitation-form');
  expect(probe!.answers()).toEqual([]);

  await name.fill('Ada');
  await expect(card.getByText('Enter at least 2 characters.')).toHaveCount(0);
  await card.getByLabel('Age').fill('36');
  await card.getByLabel('Role').selectOption({ label: 'Developer' });
  await card.getByLabel('Send me news').check();
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(card).toBeHidden();
  await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('Thanks, noted.');
  expect(probe!.answers()).toEqual([{ action: 'accept', content: { name: 'Ada', age: 36, role: 'dev', news: true } }]);
  await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('probe asked for input: you sent it.');
});

test('the "needs you" inbox lists an MCP form, and Decline there reaches the server as decline', async ({ page, clide }) => {
  let probe: Probe | undefined;
  const started = await clide.start({ prepare: (sandbox) => void (probe = installProbe(sandbox, { allow: true })) });
  started.sandbox.api.script((req: RecordedRequest) => (lastToolResults(req.body).length === 0 ? toolUse('mcp__probe__ask', profile) : text('Understood.')));
  await clide.open(page, started);
  await page.getByRole('textbox', { name: 'Message Claude' }).fill('Ask me');
  await page.getByRole('textbox', { name: 'Message Claude' }).press('Enter');
  await expect(page.getByRole('dialog', { name: 'probe asks for input' })).toBeVisible();
  await page.getByRole('button', { name: 'Needs you: 1 waiting' }).click();
  const inbox = page.getByRole('region', { name: 'Needs you' });
  await expect(inbox.getByRole('listitem', { name: /MCP input/ })).toBeVisible();
  const card = inbox.getByRole('dialog', { name: 'probe asks for input' });
  await card.getByRole('button', { name: 'Decline' }).click();
  await expect(card).toBeHidden();
  await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('Understood.');
  expect(probe!.answers()).toEqual([{ action: 'decline' }]);
});

test('a page to open shows its full address, and only the button opens it (which says yes to the server)', async ({ page, clide }) => {
  let probe: Probe | undefined;
  const url = 'https://auth.example.com/sign-in?session=42';
  const started = await clide.start({ prepare: (sandbox) => void (probe = installProbe(sandbox, { allow: true })) });
  started.sandbox.api.script((req: RecordedRequest) =>
    lastToolResults(req.body).length === 0 ? toolUse('mcp__probe__ask', { message: 'Sign in to Example', url }) : text('Signed in.'),
  );
  await clide.open(page, started);
  await page.getByRole('textbox', { name: 'Message Claude' }).fill('Sign me in');
  await page.getByRole('textbox', { name: 'Message Claude' }).press('Enter');
  const card = page.getByRole('dialog', { name: 'probe asks you to open a page' });
  await expect(card).toContainText(url);
  await expect(card.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await bothSchemes(page, 'mcp-elicitation-url');
  expect(probe!.answers()).toEqual([]);
  // The test machine has no network: the browser itself answers for the sign-in site.
  await page.context().route('https://auth.example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Example sign-in</title>' }));
  const popup = page.waitForEvent('popup');
  await card.getByRole('link', { name: 'Open the page in your browser' }).click();
  const opened = await popup;
  await expect(opened).toHaveURL(url);
  await opened.close();
  await expect(card).toBeHidden();
  await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('Signed in.');
  expect(probe!.answers()).toEqual([{ action: 'accept' }]);
});

test('Claude Code asks before retrying a refused reply on the fallback model; Retry sends it there', async ({ page, clide }) => {
  const started = await clide.start({
    // A model with a fallback (Fable -> Opus), and Claude Code set to ask before switching.
    prepare: (sandbox) => fs.writeFileSync(path.join(sandbox.configDir, 'settings.json'), JSON.stringify({ switchModelsOnFlag: false, model: 'fable' })),
  });
  const { sandbox } = started;
  sandbox.api.script((req: RecordedRequest) =>
    /fable/.test(req.body.model ?? '')
      ? text('I will not', { stop: { reason: 'refusal', details: { type: 'refusal', category: 'cyber', explanation: 'flagged' } } })
      : text(`Answered by ${req.body.model}.`),
  );
  await clide.open(page, started);
  await page.getByRole('textbox', { name: 'Message Claude' }).fill('Scan my own server for open ports');
  await page.getByRole('textbox', { name: 'Message Claude' }).press('Enter');
  const card = page.getByRole('dialog', { name: /would not answer this/ });
  await expect(card).toContainText('cyber');
  await bothSchemes(page, 'dialog-refusal-fallback');
  await card.getByRole('button', { name: /^Retry with/ }).click();
  await expect(card).toBeHidden();
  await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('Answered by claude-opus-4-8.');
  expect(sandbox.api.turns().at(-1)?.body.model).toBe('claude-opus-4-8');
});
