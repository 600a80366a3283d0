// Answer cards in the built renderer against the API double: "Always allow" says what it saves
// and where and sends exactly that; edits show a diff; Claude's questions and plans get their
// own cards with the answers in the shape the CLI wants. Screenshots in light and dark.
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import type { PermissionRequest, SessionEvent } from '../../../shared/events';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { bashRequest, planRequest, questionRequest, SESSION, writeRequest } from './scenarios';
import { expect, test } from './ui-fixtures';

function shot(testInfo: TestInfo, name: string): string {
  return path.join(testInfo.project.outputDir, 'ui-screenshots', `${name}.png`);
}

const ask = (request: PermissionRequest): SessionEvent => ({ kind: 'permission', request });

test.beforeEach(async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([sessionView(SESSION, { status: 'working' })])));
  await expect(page.getByRole('textbox', { name: 'Message Claude' })).toBeVisible();
});

test('Always allow says what it saves and where, lets the person pick the scope, and sends exactly that', async ({ ui, page }) => {
  const rule = { type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'npm test *' }], behavior: 'allow', destination: 'localSettings' };
  await ui.pushSession(SESSION, [ask(bashRequest('npm test -- health', { suggestions: [rule] }))]);
  const dialog = page.getByRole('dialog', { name: 'Allow Bash?' });
  await expect(dialog).toContainText('“Always allow” saves:');
  await expect(dialog).toContainText('Allow Bash(npm test *)');
  await expect(dialog).toContainText('this project, just you (.claude/settings.local.json)');
  await dialog.getByLabel('Save for').selectOption('userSettings');
  await expect(dialog).toContainText('all your projects (~/.claude/settings.json)');
  await dialog.getByRole('button', { name: 'Always allow' }).click();
  await expect
    .poll(async () => (await ui.calls('session:respond'))[0]?.input)
    .toEqual({
      id: SESSION,
      requestId: 'req-bash',
      decision: { behavior: 'allow', updatedPermissions: [{ ...rule, destination: 'userSettings' }] },
    });
});

test('several suggestions each get a checkbox; a mode switch and folders are spelled out; A is the shortcut once armed', async ({ ui, page }) => {
  const suggestions = [
    { type: 'addDirectories', directories: ['/home/ada/code/shared'], destination: 'session' },
    { type: 'setMode', mode: 'acceptEdits', destination: 'session' },
  ];
  await ui.pushSession(SESSION, [ask(writeRequest({ suggestions, blockedPath: '/home/ada/code/shared/a.ts' }))]);
  const dialog = page.getByRole('dialog', { name: 'Allow Write?' });
  await expect(dialog).toContainText('Allow access to /home/ada/code/shared · this session only');
  await expect(dialog).toContainText('Switch to Accept edits for this session · this session only');
  // Not armed yet: "a" is typing meant for the composer.
  await expect(dialog).toBeFocused();
  await page.keyboard.press('a');
  await expect(page.getByRole('textbox', { name: 'Message Claude' })).toBeFocused();
  expect(await ui.calls('session:respond')).toEqual([]);
  await dialog.getByRole('checkbox', { name: /Switch to Accept edits/ }).uncheck();
  await page.keyboard.press('a');
  await expect
    .poll(async () => (await ui.calls('session:respond')).map((c) => c.input))
    .toEqual([{ id: SESSION, requestId: 'req-write', decision: { behavior: 'allow', updatedPermissions: [suggestions[0]] } }]);
});

test('no Always allow when the CLI suppresses it or offers nothing; a subagent prompt says so', async ({ ui, page }) => {
  const rule = { type: 'addRules', rules: [{ toolName: 'Bash' }], behavior: 'allow', destination: 'localSettings' };
  await ui.pushSession(SESSION, [
    {
      kind: 'block',
      messageId: 'm-agent',
      index: 0,
      block: { type: 'tool_use', id: 'tool-agent', name: 'Agent', input: { description: 'Audit the routes', prompt: '…', subagent_type: 'Explore' } },
      at: Date.now(),
    },
    ask(bashRequest('ls -la', { suggestions: [rule], suppressAlwaysAllow: true, parentToolUseId: 'tool-agent' })),
  ]);
  const dialog = page.getByRole('dialog', { name: 'Allow Bash?' });
  await expect(dialog).toContainText('Subagent: Audit the routes');
  await expect(dialog.getByRole('button', { name: 'Always allow' })).toHaveCount(0);
  await expect(dialog).not.toContainText('Always allow');
});

test('an Edit prompt shows the change as a diff, every line of it', async ({ ui, page }, testInfo) => {
  const before = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join('\n');
  const after = before.replace('line 20', 'line twenty').replace('line 39\n', '');
  await ui.pushSession(SESSION, [
    ask({
      requestId: 'req-edit',
      toolName: 'Edit',
      displayName: 'Edit',
      description: 'src/router.ts',
      input: { file_path: '/home/ada/code/api-server/src/router.ts', old_string: before, new_string: after },
      suggestions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
      toolUseId: 'tool-edit',
      at: Date.now(),
    }),
  ]);
  const dialog = page.getByRole('dialog', { name: 'Allow Edit?' });
  await expect(dialog.getByLabel('Change: 1 added, 2 removed')).toBeVisible();
  await expect(dialog.locator('.pd-del')).toHaveText(['−line 20', '−line 39']);
  await expect(dialog.locator('.pd-add')).toHaveText(['+line twenty']);
  await expect(dialog.locator('.pd-line')).toHaveCount(41);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await dialog.click({ position: { x: 5, y: 5 } });
    await dialog.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await page.screenshot({ path: shot(testInfo, `answering-edit-prompt-${scheme}`), animations: 'disabled' });
  }
});

test('questions: single and multiple choice and Other; answers go back in updatedInput.answers', async ({ ui, page }, testInfo) => {
  await ui.pushSession(SESSION, [ask(questionRequest())]);
  const dialog = page.getByRole('dialog', { name: 'Claude has 2 questions' });
  await expect(dialog).toContainText('Database');
  await expect(dialog).toContainText('Relational, already used by the billing service');
  await expect(dialog).toContainText('Choose one');
  await expect(dialog).toContainText('Choose any');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await dialog.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await page.screenshot({ path: shot(testInfo, `answering-question-${scheme}`), animations: 'disabled' });
  }
  // Submit with a question unanswered says which.
  await dialog.getByRole('radio', { name: /SQLite/ }).check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toContainText('Choose an answer here first.');
  expect(await ui.calls('session:respond')).toEqual([]);
  await dialog.getByRole('checkbox', { name: /Unit tests/ }).check();
  await dialog.getByRole('checkbox', { name: /Type check/ }).check();
  await dialog.getByRole('textbox', { name: 'Your own answer to: Which checks should run in CI?' }).fill('Bundle size');
  // Other in a single-choice question replaces the option picked before.
  await dialog.getByRole('textbox', { name: 'Your own answer to: Which database should the service use?' }).fill('DuckDB, read-only');
  await expect(dialog.getByRole('radio', { name: /SQLite/ })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect
    .poll(async () => (await ui.calls('session:respond')).map((c) => c.input))
    .toEqual([
      {
        id: SESSION,
        requestId: 'req-ask',
        decision: {
          behavior: 'allow',
          updatedInput: {
            ...questionRequest().input,
            answers: {
              'Which database should the service use?': 'DuckDB, read-only',
              'Which checks should run in CI?': 'Unit tests, Type check, Bundle size',
            },
          },
        },
      },
    ]);
});

test('Skip tells Claude the person declined to answer; Esc does it only once the card was chosen', async ({ ui, page }) => {
  await ui.pushSession(SESSION, [ask(questionRequest())]);
  const dialog = page.getByRole('dialog', { name: 'Claude has 2 questions' });
  await expect(dialog).toBeFocused();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  expect(await ui.calls('session:respond')).toEqual([]);
  await dialog.getByRole('radio', { name: /PostgreSQL/ }).click();
  await page.keyboard.press('Escape');
  await expect
    .poll(async () => (await ui.calls('session:respond')).map((c) => c.input))
    .toEqual([{ id: SESSION, requestId: 'req-ask', decision: { behavior: 'deny', message: 'The user declined to answer these questions.' } }]);
});

test('a plan card shows the plan; Approve continues in the chosen mode, Keep planning carries the note', async ({ ui, page }, testInfo) => {
  await ui.pushSession(SESSION, [ask(planRequest)]);
  const dialog = page.getByRole('dialog', { name: 'Approve Claude’s plan?' });
  await expect(dialog.getByRole('heading', { name: 'Health endpoint' })).toBeVisible();
  await expect(dialog.locator('strong', { hasText: 'src/router.ts' })).toBeVisible();
  await expect(dialog).toContainText('/home/ada/.claude/plans/health-endpoint.md');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await dialog.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await page.screenshot({ path: shot(testInfo, `answering-plan-${scheme}`), animations: 'disabled' });
  }
  // Keep planning first (the double echoes the close; a second plan arrives).
  await dialog.getByRole('textbox', { name: 'What should Claude change?' }).fill('Add a readiness probe too.');
  await dialog.getByRole('button', { name: 'Keep planning' }).click();
  const first = (await ui.calls('session:respond'))[0]?.input as { decision: { behavior: string; message: string } };
  expect(first.decision.behavior).toBe('deny');
  expect(first.decision.message).toContain('keep planning');
  expect(first.decision.message).toContain('Add a readiness probe too.');

  await ui.pushSession(SESSION, [ask({ ...planRequest, requestId: 'req-plan-2' })]);
  const second = page.getByRole('dialog', { name: 'Approve Claude’s plan?' });
  await second.getByRole('combobox', { name: 'and continue in' }).selectOption('default');
  await second.getByRole('button', { name: 'Approve' }).click();
  await expect
    .poll(async () => (await ui.calls('session:respond'))[1]?.input)
    .toEqual({
      id: SESSION,
      requestId: 'req-plan-2',
      decision: { behavior: 'allow', updatedPermissions: [{ type: 'setMode', mode: 'default', destination: 'session' }] },
    });
});
