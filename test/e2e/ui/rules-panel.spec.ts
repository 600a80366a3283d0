// The "Rules and hooks" panel against the in-page API double: rules by behavior with their
// reading, scope and file, the ones "Always allow" saved marked; hooks by event; one search for
// both; Remove asks first, shows the reason when it fails and drops the row when it works.
// Screenshots in light and dark (test-results/ui-screenshots/).
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import type { HooksState, RulesState } from '../../../shared/rules';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { expect, test, type UiApp } from './ui-fixtures';

const HOME = '/home/ada';
const APP = `${HOME}/code/api-server`;
const LOCAL = `${APP}/.claude/settings.local.json`;

const rules: RulesState = {
  rules: [
    {
      behavior: 'allow',
      source: 'userSettings',
      rule: 'Read(/tmp/**)',
      editability: 'persistent',
      file: `${HOME}/.claude/settings.json`,
      byClide: false,
      removable: false,
    },
    {
      behavior: 'allow',
      source: 'localSettings',
      rule: 'Bash(npm test *)',
      reading: { prefix: 'Any Bash command starting with ', emphasis: 'npm test' },
      editability: 'persistent',
      file: LOCAL,
      byClide: true,
      removable: true,
    },
    {
      behavior: 'allow',
      source: 'localSettings',
      rule: 'Bash(npm run lint)',
      reading: { prefix: 'The Bash command ', emphasis: 'npm run lint' },
      editability: 'persistent',
      file: LOCAL,
      byClide: false,
      removable: false,
    },
    {
      behavior: 'allow',
      source: 'session',
      rule: 'Edit(src/**)',
      reading: { prefix: 'Edits to files matching ', emphasis: 'src/**' },
      editability: 'session',
      byClide: true,
      removable: false,
    },
    {
      behavior: 'ask',
      source: 'projectSettings',
      rule: 'Bash(git push:*)',
      reading: { prefix: 'Any Bash command starting with ', emphasis: 'git push' },
      editability: 'persistent',
      file: `${APP}/.claude/settings.json`,
      byClide: false,
      removable: false,
    },
    {
      behavior: 'deny',
      source: 'userSettings',
      rule: 'WebFetch',
      reading: { prefix: 'Any use of the ', emphasis: 'WebFetch', suffix: ' tool' },
      editability: 'persistent',
      file: `${HOME}/.claude/settings.json`,
      byClide: false,
      removable: false,
    },
  ],
  directories: [{ path: `${HOME}/data`, source: 'cliArg' }],
  managedOnly: false,
  errors: [],
  remote: false,
  at: Date.now(),
};

const hooks: HooksState = {
  events: [
    {
      name: 'PreToolUse',
      summary: 'Before tool execution',
      hooks: [
        {
          event: 'PreToolUse',
          matcher: 'Bash',
          source: 'userSettings',
          sourceLabel: 'User settings (~/.claude/settings.json)',
          type: 'command',
          textLabel: 'Command',
          text: 'npx eslint --fix',
          statusMessage: 'Linting',
          timeoutSec: 30,
        },
      ],
    },
    {
      name: 'Stop',
      summary: 'Right before Claude concludes its response',
      hooks: [
        {
          event: 'Stop',
          matcher: '',
          source: 'projectSettings',
          sourceLabel: 'Project settings (.claude/settings.json)',
          type: 'prompt',
          textLabel: 'Prompt',
          text: 'Check that the tests pass',
          background: true,
        },
      ],
    },
  ],
  policy: { disabledByPolicy: false, managedOnly: false, allDisabled: false, policyHookCount: 0 },
  errors: [],
  at: Date.now(),
};

function shot(testInfo: TestInfo, name: string): string {
  return path.join(testInfo.project.outputDir, 'ui-screenshots', `${name}.png`);
}

async function openPanel(ui: UiApp, page: Page, state: { rules: RulesState; hooks: HooksState }) {
  await ui.open(
    doubleOptions(snapshotWith([sessionView('a', { cwd: APP })], { homeDir: HOME }), {
      replies: { 'rules:list': [{ ok: true, value: state.rules }], 'rules:hooks': [{ ok: true, value: state.hooks }] },
    }),
  );
  await page.getByRole('toolbar', { name: 'Session settings' }).getByRole('button', { name: 'Rules' }).click();
  const panel = page.getByRole('dialog', { name: 'Rules and hooks' });
  await expect(panel).toBeVisible();
  return panel;
}

for (const scheme of ['light', 'dark'] as const) {
  test(`rules by behavior with where each is kept, clide's marked, and hooks by event (${scheme})`, async ({ ui, page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1100, height: 900 });
    const panel = await openPanel(ui, page, { rules, hooks });
    const allow = panel.getByRole('list', { name: 'Allow rules' });
    const saved = allow.getByRole('listitem', { name: 'Bash(npm test *)' });
    await expect(saved).toContainText('Added by clide');
    await expect(saved).toContainText('Any Bash command starting with npm test');
    await expect(saved.locator('strong')).toHaveText('npm test');
    await expect(saved).toContainText('This project, just you · ~/code/api-server/.claude/settings.local.json');
    await expect(saved.getByRole('button', { name: 'Remove' })).toBeVisible();
    // The person's own rule is shown, not removable here.
    const own = allow.getByRole('listitem', { name: 'Bash(npm run lint)' });
    await expect(own).not.toContainText('Added by clide');
    await expect(own.getByRole('button', { name: 'Remove' })).toHaveCount(0);
    // A session-only rule clide saved: marked, and says why it stays.
    const sessionOnly = allow.getByRole('listitem', { name: 'Edit(src/**)' });
    await expect(sessionOnly).toContainText('This session only · ends with this session’s Claude Code process');
    await expect(sessionOnly.getByRole('button', { name: 'Remove' })).toHaveCount(0);
    await expect(panel.getByRole('list', { name: 'Ask rules' }).getByRole('listitem', { name: 'Bash(git push:*)' })).toContainText(
      'This project, shared · ~/code/api-server/.claude/settings.json',
    );
    await expect(panel.getByRole('list', { name: 'Deny rules' }).getByRole('listitem', { name: 'WebFetch' })).toContainText(
      'All your projects · ~/.claude/settings.json',
    );
    await expect(panel.getByRole('list', { name: 'Folders' })).toContainText('~/data');

    const pre = panel.getByRole('list', { name: 'PreToolUse hooks' }).getByRole('listitem', { name: 'npx eslint --fix' });
    await expect(pre).toContainText('Bash');
    await expect(pre).toContainText('Shows “Linting” while it runs');
    await expect(pre).toContainText('User settings (~/.claude/settings.json) · timeout 30 s');
    const stop = panel.getByRole('list', { name: 'Stop hooks' }).getByRole('listitem', { name: 'Check that the tests pass' });
    await expect(stop).toContainText('every time');
    await expect(stop).toContainText('Prompt');
    await expect(stop).toContainText('runs in the background');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot(testInfo, `rules-panel-${scheme}`), animations: 'disabled' });
    await panel.locator('.rules-body').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.screenshot({ path: shot(testInfo, `rules-panel-hooks-${scheme}`), animations: 'disabled' });
  });
}

test('one search filters rules and hooks: by rule, file, scope, event or command', async ({ ui, page }) => {
  const panel = await openPanel(ui, page, { rules, hooks });
  const search = panel.getByRole('searchbox', { name: 'Search rules and hooks' });
  const ruleRows = panel.locator('.rules-section').first().getByRole('listitem');
  const hookRows = panel.locator('.rules-section').nth(1).getByRole('listitem');

  await search.fill('lint');
  await expect(ruleRows).toHaveCount(1);
  await expect(ruleRows.first()).toHaveAccessibleName('Bash(npm run lint)');
  await expect(hookRows).toHaveCount(1);
  await expect(hookRows.first()).toHaveAccessibleName('npx eslint --fix');

  await search.fill('settings.local');
  await expect(ruleRows).toHaveCount(2);
  await expect(panel).toContainText('No hook matches “settings.local”.');

  await search.fill('stop');
  await expect(panel).toContainText('No rule matches “stop”.');
  await expect(hookRows).toHaveCount(1);
  await expect(hookRows.first()).toHaveAccessibleName('Check that the tests pass');

  await search.fill('deny');
  await expect(ruleRows).toHaveCount(1);
  await expect(ruleRows.first()).toHaveAccessibleName('WebFetch');

  await search.fill('');
  await expect(ruleRows).toHaveCount(7);
});

test('Remove asks first; Keep changes nothing; a refusal shows its reason; then the rule goes', async ({ ui, page }) => {
  const panel = await openPanel(ui, page, { rules, hooks });
  const ref = { source: 'localSettings', behavior: 'allow', rule: 'Bash(npm test *)' };
  await page.evaluate(
    ([after]) =>
      window.__clideDouble?.setReplies('rules:remove', [
        { ok: false, error: { kind: 'control-error', message: 'Claude refused "list_permission_rules": settings are locked', hint: 'Try again later.' } },
        { ok: true, value: after },
      ]),
    [{ ...rules, rules: rules.rules.filter((r) => r.rule !== 'Bash(npm test *)') }] as const,
  );
  const row = panel.getByRole('listitem', { name: 'Bash(npm test *)' });
  await row.getByRole('button', { name: 'Remove' }).click();
  const confirm = row.getByRole('group', { name: 'Remove Bash(npm test *)?' });
  await expect(confirm).toContainText('Remove it from ~/code/api-server/.claude/settings.local.json? Claude will ask again before doing what it allowed.');
  await confirm.getByRole('button', { name: 'Keep' }).click();
  await expect(confirm).toBeHidden();
  expect(await ui.calls('rules:remove')).toEqual([]);

  await row.getByRole('button', { name: 'Remove' }).click();
  await row.getByRole('button', { name: 'Remove rule' }).click();
  await expect(row.getByRole('alert')).toHaveText('Claude refused "list_permission_rules": settings are locked. Try again later.');
  await expect(row).toBeVisible();
  await page.screenshot({ path: shot(test.info(), 'rules-panel-refused-light'), animations: 'disabled' });

  await row.getByRole('button', { name: 'Remove' }).click();
  await row.getByRole('button', { name: 'Remove rule' }).click();
  await expect(row).toBeHidden();
  expect(await ui.calls('rules:remove')).toEqual([
    { channel: 'rules:remove', input: { id: 'a', rule: ref } },
    { channel: 'rules:remove', input: { id: 'a', rule: ref } },
  ]);
});

test('skipped files, a remote session, hook policy and a failed ask are said in place; the palette opens the panel', async ({ ui, page }) => {
  await ui.open(
    doubleOptions(snapshotWith([sessionView('a', { cwd: APP })], { homeDir: HOME }), {
      replies: {
        'rules:list': [
          {
            ok: true,
            value: {
              ...rules,
              remote: true,
              rules: rules.rules.slice(0, 2).map((r) => ({ ...r, byClide: false, removable: false })),
              errors: [{ file: LOCAL, path: '', message: 'Invalid or malformed JSON' }],
            },
          },
        ],
        'rules:hooks': [
          { ok: false, error: { kind: 'control-error', message: 'Claude refused "get_hooks_listing": not available' } },
          {
            ok: true,
            value: {
              ...hooks,
              policy: { disabledByPolicy: false, managedOnly: false, allDisabled: true, policyHookCount: 1 },
              safeMode: { exitHint: 'Start claude without --safe-mode.' },
            },
          },
        ],
      },
    }),
  );
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Search commands, sessions and past sessions' }).fill('hooks');
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Rules and hooks' });
  await expect(panel).toContainText('This session runs on a remote host');
  await expect(panel.getByRole('note')).toHaveText(
    'Claude Code skipped ~/code/api-server/.claude/settings.local.json: Invalid or malformed JSON. Its rules are not in force.',
  );
  await expect(panel.getByRole('alert')).toHaveText('Claude refused "get_hooks_listing": not available');
  await panel.getByRole('button', { name: 'Check again' }).click();
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect(panel).toContainText('Hooks are turned off (disableAllHooks): none of these run.');
  await expect(panel).toContainText('1 hook from your organisation’s managed settings also runs.');
  await expect(panel).toContainText('Safe mode: hooks from settings files do not run. Start claude without --safe-mode.');
  await expect(panel.getByRole('list', { name: 'Folders' })).toContainText('Command line (--add-dir)');
  await panel.locator('.rules-body').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page.screenshot({ path: shot(test.info(), 'rules-panel-notices-light'), animations: 'disabled' });
});
