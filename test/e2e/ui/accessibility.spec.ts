// axe-core on every screen, in the light and the dark theme: no serious or critical violation
// (contrast to WCAG AA, names, roles, landmarks). Screens are grouped by what they need loaded,
// one test per group, so the suite stays quick; each screen is one entry of a group: its name
// and how to bring it up from the group's start. The runner then checks it in both themes and
// closes whatever it opened (Esc) before the next one.
import type { Page } from '@playwright/test';
import type { PermissionRequest } from '../../../shared/events';
import { defaultSettings } from '../../../shared/settings';
import { applyEvents, type SessionView } from '../../../shared/transcript';
import { doubleOptions, sessionView, snapshotWith, type ApiDoubleOptions } from '../../support/api-double';
import {
  asides,
  everyEntry,
  formRequest,
  hooks,
  limitStop,
  mcp,
  pageRequest,
  pastSessions,
  planUsage,
  rateLimit,
  refusalRequest,
  rules,
  team,
} from './a11y-scenarios';
import { seriousViolations, useScheme } from './axe';
import { bashRequest, planRequest, questionRequest, SESSION, writeRequest } from './scenarios';
import { contextUsageSample } from './tabs-scenarios';
import { transcriptStill } from './transcript-still';
import { expect, test, type UiApp } from './ui-fixtures';
import { changesScenario } from './worktree-scenarios';
import { trustQuestion } from './trust-scenarios';
import { taskOutputs, tasksScenario } from './tasks-scenarios';

interface Screen {
  name: string;
  /** From the group's start (or the screen before, closed), bring the screen up. */
  show(ui: UiApp): Promise<unknown>;
  /**
   * Check only this part (a selector): what the screen adds over the group's first screen,
   * which is checked whole. Keeps each axe run short on a busy machine.
   */
  within?: string;
}

interface Group {
  name: string;
  viewport?: { width: number; height: number };
  /** Load the app for this group's screens; returns what to clean up, if anything. */
  start(ui: UiApp): Promise<(() => void) | void>;
  screens: Screen[];
}

/** The part of the page a modal dialog, a popover or a drawer adds. */
const OVERLAY = 'dialog[open], :popover-open';

const dialog = (page: Page, name: string | RegExp) => expect(page.getByRole('dialog', { name })).toBeVisible();
const push = (ui: UiApp, ...events: Parameters<UiApp['pushSession']>[1]) => ui.pushSession(SESSION, events);

/** Prompts one after the other: each closes the one before (only the first waiting prompt is drawn). */
function promptScreens(list: Array<[name: string, request: PermissionRequest, title: string | RegExp]>): Screen[] {
  let shown: string | undefined;
  return list.map(([name, request, title]) => ({
    name,
    within: '.prompt',
    show: async (ui) => {
      const closing = shown ? [{ kind: 'permission-closed' as const, requestId: shown, outcome: 'cancelled' as const }] : [];
      shown = request.requestId;
      await push(ui, ...closing, { kind: 'permission', request });
      await dialog(ui.page, title);
    },
  }));
}

const windowViews = (): SessionView[] => [
  sessionView(SESSION, { info: { ...sessionView(SESSION).info, mcp } }),
  applyEvents(sessionView('session-2', { cwd: '/home/ada/code/web-ui' }), [
    { kind: 'permission', request: bashRequest('npm run build') },
    { kind: 'status', status: 'waiting' },
  ]),
];

const windowOptions = (): ApiDoubleOptions =>
  doubleOptions(
    { ...snapshotWith(windowViews()), team },
    {
      settings: { ...defaultSettings(), recentCwds: ['/home/ada/code/api-server', '/home/ada/notes'] },
      contextUsage: contextUsageSample(),
      replies: {
        'history:list': [{ ok: true, value: { sessions: pastSessions } }],
        'rules:list': [{ ok: true, value: rules }],
        'rules:hooks': [{ ok: true, value: hooks }],
      },
    },
  );

const groups: Group[] = [
  {
    name: 'the window, its dialogs and panels',
    start: (ui) => ui.open(windowOptions()),
    screens: [
      { name: 'an empty tab', show: (ui) => expect(ui.page.getByRole('region', { name: 'New session' })).toBeVisible() },
      {
        name: 'Settings',
        within: OVERLAY,
        show: (ui) =>
          ui.page
            .getByRole('button', { name: 'Settings' })
            .click()
            .then(() => dialog(ui.page, /Settings/)),
      },
      {
        name: 'New session',
        within: OVERLAY,
        show: (ui) =>
          ui.page
            .getByRole('button', { name: 'New session' })
            .click()
            .then(() => dialog(ui.page, 'New session')),
      },
      {
        name: 'New session on a remote host',
        within: OVERLAY,
        show: async (ui) => {
          await ui.page.getByRole('button', { name: 'New session' }).click();
          await ui.page.getByText('Remote host (ssh)').click();
          await expect(ui.page.getByRole('dialog', { name: 'New session' }).getByRole('textbox', { name: 'Host' })).toBeVisible();
        },
      },
      { name: 'the command palette', within: OVERLAY, show: (ui) => ui.page.keyboard.press('Control+k').then(() => dialog(ui.page, 'Command palette')) },
      {
        name: 'the Needs you inbox',
        within: OVERLAY,
        show: (ui) =>
          ui.page
            .getByRole('button', { name: 'Needs you: 1 waiting' })
            .click()
            .then(() => expect(ui.page.getByRole('region', { name: 'Needs you' })).toBeVisible()),
      },
      {
        name: 'the context breakdown',
        within: OVERLAY,
        show: (ui) =>
          ui.page
            .getByRole('button', { name: /^Context:/ })
            .click()
            .then(() => dialog(ui.page, 'Context window')),
      },
      {
        name: 'History',
        within: OVERLAY,
        show: (ui) =>
          ui.page
            .getByRole('button', { name: 'History' })
            .click()
            .then(() => expect(ui.page.getByText('Why does the login loop?')).toBeVisible()),
      },
      {
        name: 'Team',
        within: '.team-panel',
        show: (ui) =>
          ui.page
            .getByRole('button', { name: /^Team/ })
            .click()
            .then(() => expect(ui.page.getByRole('complementary', { name: 'Team' })).toBeVisible()),
      },
      { name: 'MCP servers', within: OVERLAY, show: (ui) => toolbarButton(ui, 'MCP').then(() => dialog(ui.page, /MCP servers/)) },
      {
        name: 'Rules and hooks',
        within: OVERLAY,
        show: (ui) => toolbarButton(ui, 'Rules').then(() => expect(ui.page.getByText('npx eslint --fix')).toBeVisible()),
      },
      {
        name: 'the folder trust question',
        within: '.trust-card',
        show: async (ui) => {
          await push(ui, { kind: 'info', info: { trust: trustQuestion() } });
          await expect(ui.page.getByRole('region', { name: 'Do you trust the files in this folder?' })).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'a transcript with every kind of entry',
    // Tall: the list is virtual, and this way every entry is drawn at once.
    viewport: { width: 1100, height: 9000 },
    start: (ui) => ui.open(doubleOptions(snapshotWith([applyEvents(sessionView(SESSION), everyEntry())]))),
    screens: [
      {
        name: 'entries closed',
        show: async (ui) => {
          await expect(ui.page.locator('[data-code="turn-error_during_execution"]')).toBeVisible();
          await transcriptStill(ui.page);
        },
      },
      {
        name: 'every entry opened',
        within: '.transcript',
        show: async (ui) => {
          // Opening one may draw more (a subagent's own cards): round after round until none is
          // left closed. (A toggle with nothing to open, such as hidden thinking, is disabled.)
          const closed = ui.page.locator('.transcript button[aria-expanded="false"]:not(:disabled)');
          for (let round = 0; round < 5 && (await closed.count()) > 0; round++) {
            await closed.evaluateAll((buttons) => buttons.forEach((b) => (b as HTMLButtonElement).click()));
          }
          await expect(closed).toHaveCount(0);
          await transcriptStill(ui.page);
        },
      },
      {
        name: 'Find',
        within: '.find-bar, mark',
        show: async (ui) => {
          await ui.page.keyboard.press('Control+f');
          await ui.page.getByRole('searchbox', { name: 'Find in transcript' }).fill('health');
          await expect(ui.page.locator('.find-count')).toHaveText(/^1 of \d+$/);
        },
      },
    ],
  },
  {
    name: 'prompts waiting for the person',
    start: (ui) => ui.open(doubleOptions(snapshotWith([applyEvents(sessionView(SESSION), [{ kind: 'status', status: 'working' }])]))),
    screens: promptScreens([
      ['a permission prompt with a diff', writeRequest(), 'Allow Write?'],
      [
        'a permission prompt with Always allow',
        bashRequest('npm test', {
          suggestions: [{ type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'npm test:*' }], behavior: 'allow', destination: 'localSettings' }],
        }),
        'Allow Bash?',
      ],
      ['a question', questionRequest(), 'Claude has 2 questions'],
      ['a plan', planRequest, 'Approve Claude’s plan?'],
      ['an MCP form', formRequest, /asks for input/],
      ['an MCP page to open', pageRequest, /asks you to open a page/],
      ['a Claude Code dialog', refusalRequest, /would not answer this/],
    ]),
  },
  {
    name: 'background work, side questions and usage limits',
    start: (ui) =>
      ui.open(
        doubleOptions(snapshotWith([applyEvents(sessionView(SESSION, { rateLimit, limitStop }), [...tasksScenario(Date.now()), ...asides()])]), {
          keyed: { 'session:taskOutput': taskOutputs },
          replies: { 'session:getUsage': [{ ok: true, value: planUsage }] },
        }),
      ),
    screens: [
      {
        name: 'the foreground bar and the usage-limit banner',
        show: async (ui) => {
          await expect(ui.page.getByRole('group', { name: 'Running in the foreground' })).toBeVisible();
          await expect(ui.page.getByRole('status', { name: 'Usage limit' })).toBeVisible();
        },
      },
      {
        name: 'the Tasks panel',
        within: OVERLAY,
        show: async (ui) => {
          await status(ui)
            .getByRole('button', { name: /^Tasks 2/ })
            .click();
          await expect(ui.page.getByRole('dialog', { name: /Background tasks/ }).getByLabel('Output of Run the migration')).toContainText('already exists');
        },
      },
      {
        name: 'Ask aside',
        within: '.aside-panel',
        show: async (ui) => {
          await ui.page.keyboard.press('Control+Shift+Slash');
          await expect(ui.page.getByRole('complementary', { name: 'Ask aside' }).getByRole('listitem')).toHaveCount(3);
        },
      },
      {
        name: 'the usage-limit popover',
        within: OVERLAY,
        show: async (ui) => {
          await status(ui)
            .getByRole('button', { name: /5-hour limit 91%/ })
            .click();
          await expect(ui.page.getByRole('dialog', { name: 'Usage limits' }).getByRole('region', { name: 'Plan usage' })).toContainText('Max plan');
        },
      },
    ],
  },
  {
    name: 'whole-window states',
    start: async () => undefined,
    screens: [
      {
        name: 'Claude Code not found',
        show: (ui) =>
          ui
            .open(doubleOptions(snapshotWith([], { claude: { found: false, error: { kind: 'cli-not-found', message: 'claude was not found.' } } })))
            .then(() => expect(ui.page.getByRole('heading', { name: 'Claude Code was not found' })).toBeVisible()),
      },
      {
        name: 'a failed session',
        show: async (ui) => {
          const failed = sessionView(SESSION, {
            status: 'failed',
            failure: {
              error: { kind: 'process-exit', message: 'Claude exited with code 1.', hint: 'Resume to continue.', detail: 'ENOSPC', exitCode: 1 },
              resumable: true,
            },
          });
          await ui.open(doubleOptions(snapshotWith([failed]), { connection: true }));
          await ui.page.getByRole('alert').getByText('Details').click();
        },
      },
      {
        name: 'not responding, and the connection lost',
        show: async (ui) => {
          await ui.open(doubleOptions(snapshotWith([sessionView(SESSION, { status: 'working' })]), { connection: true }));
          await push(ui, { kind: 'liveness', state: 'not-responding', since: Date.now() - 95_000, at: Date.now() });
          await expect(ui.page.getByRole('button', { name: 'Force quit' })).toBeVisible();
          await ui.setConnection('disconnected');
        },
      },
    ],
  },
  {
    name: 'an isolated session: Changes',
    viewport: { width: 1400, height: 900 },
    start: async (ui) => {
      const s = await changesScenario();
      await ui.open(s.options());
      return s.cleanup;
    },
    screens: [
      {
        name: 'the Changes panel',
        show: async (ui) => {
          await ui.page.keyboard.press('Control+Shift+G');
          const panel = ui.page.getByRole('complementary', { name: 'Changes' });
          await panel
            .getByRole('list', { name: 'Changed files' })
            .getByRole('button', { name: /orders\.ts/ })
            .click();
          await expect(panel.getByRole('region', { name: 'Diff of src/orders.ts' }).locator('mark.cd-word').first()).toBeVisible();
        },
      },
    ],
  },
];

const status = (ui: UiApp) => ui.page.getByRole('contentinfo', { name: 'Session status' });

async function toolbarButton(ui: UiApp, name: string): Promise<void> {
  await ui.page.getByRole('toolbar', { name: 'Session settings' }).getByRole('button', { name }).click();
}

/** Close what the screen opened: Esc until no dialog, drawer or popover is open. */
async function closeAll(page: Page): Promise<void> {
  const open = () => page.evaluate(() => document.querySelectorAll('dialog[open], :popover-open, .find-bar').length);
  for (let i = 0; i < 4 && (await open()) > 0; i++) await page.keyboard.press('Escape');
}

for (const group of groups) {
  test(`axe finds no serious problem: ${group.name}`, async ({ ui, page }) => {
    // A hang guard sized by the work: loading the group's state, then per screen two axe runs,
    // which take up to half a minute each on a loaded machine (the whole tall transcript).
    test.setTimeout(90_000 + 60_000 * group.screens.length);
    await page.setViewportSize(group.viewport ?? { width: 1100, height: 800 });
    const cleanup = await group.start(ui);
    try {
      const problems: string[] = [];
      for (const screen of group.screens) {
        await screen.show(ui);
        // Every rule in the light theme; the dark one changes only colours.
        await useScheme(page, 'light');
        problems.push(...(await seriousViolations(page, `${screen.name} (light)`, { within: screen.within })));
        await useScheme(page, 'dark');
        problems.push(...(await seriousViolations(page, `${screen.name} (dark)`, { rules: ['color-contrast'], within: screen.within })));
        await closeAll(page);
      }
      expect(problems).toEqual([]);
    } finally {
      cleanup?.();
    }
  });
}
