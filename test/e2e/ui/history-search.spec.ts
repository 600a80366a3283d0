// History's matches in conversations, in the built renderer with the in-page API double: who
// said it, the marked words, paging with "More messages", the index's progress while it builds
// (pushed as events), and a hit that resumes its session. Screenshots in light and dark.
import path from 'node:path';
import type { SearchHit } from '../../../shared/search';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { SESSION } from './scenarios';
import { expect, test } from './ui-fixtures';

const HOME = '/home/ada';
const now = Date.now();
const hit = (patch: Partial<SearchHit>): SearchHit => ({
  sessionId: '22222222-2222-4333-8444-555555555555',
  title: 'Kiwi inventory importer',
  cwd: `${HOME}/code/web-ui`,
  uuid: 'u-1',
  target: { itemId: 'msg-1' },
  field: 'reply',
  subagent: false,
  snippet: 'The importer reads the kiwi crates from the CSV and checks each row.',
  // Minutes, not hours: "2 h ago" reads "yesterday" when the test runs just after midnight.
  at: now - 40 * 60_000,
  ...patch,
  // The host marks each "kiwi" in the snippet.
  ranges: [...(patch.snippet ?? 'The importer reads the kiwi crates from the CSV and checks each row.').matchAll(/kiwi/gi)].map(
    (m) => [m.index, m.index + 4] as [number, number],
  ),
});

for (const scheme of ['light', 'dark'] as const) {
  test(`history search shows matches in conversations and indexing progress (${scheme})`, async ({ ui, page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1100, height: 760 });
    await ui.open(doubleOptions(snapshotWith([sessionView(SESSION)], { homeDir: HOME })));
    await page.evaluate(
      ([first, second]) => {
        window.__clideDouble?.setReplies('history:list', [{ ok: true, value: { sessions: [] } }]);
        window.__clideDouble?.setReplies('history:search', [
          { ok: true, value: { hits: first, next: '3', progress: { state: 'indexing', filesDone: 120, filesTotal: 400 } } },
          { ok: true, value: { hits: second, progress: { state: 'indexing', filesDone: 130, filesTotal: 400 } } },
        ]);
      },
      [
        [
          hit({}),
          hit({ field: 'tool-output', tool: 'Bash', snippet: '…wrote 1,204 kiwi rows to out/inventory.json', target: { toolUseId: 'toolu-9' } }),
          hit({ field: 'prompt', subagent: true, snippet: 'Find every place that parses kiwi crates', target: { toolUseId: 'toolu-task' } }),
        ],
        [hit({ field: 'title', title: 'Kiwi pricing', snippet: 'Kiwi pricing', target: {} })],
      ] as const,
    );
    await page.getByRole('button', { name: 'History' }).click();
    const drawer = page.getByRole('dialog', { name: 'History' });
    await ui.push([{ type: 'search-progress', progress: { state: 'indexing', filesDone: 120, filesTotal: 400 } }]);
    await expect(drawer.getByRole('status')).toHaveText('Indexing conversations… 120 of 400 files');
    // Typed at once: key by key on a busy machine, a search could go out for "ki" and take the
    // first reply meant for "kiwi".
    const field = drawer.getByLabel('Search sessions');
    await expect(field).toBeFocused();
    await field.fill('kiwi');
    const matches = drawer.getByRole('region', { name: 'Matches in conversations' });
    await expect(matches.getByRole('listitem')).toHaveCount(3);
    await expect(matches.getByRole('listitem').nth(0)).toContainText('Claude · Kiwi inventory importer · 40 min ago · web-ui');
    await expect(matches.getByRole('listitem').nth(1)).toContainText('Bash output');
    await expect(matches.getByRole('listitem').nth(2)).toContainText('Subagent · You');
    await expect(matches.locator('mark')).toHaveText(['kiwi', 'kiwi', 'kiwi']);
    // No session is listed (this double lists none), but the matches say there are some.
    await expect(drawer).not.toContainText('No past sessions yet');
    await expect(drawer.locator('.history-empty')).toHaveText('No session titles match “kiwi”.');
    await expect(matches.getByRole('listitem').nth(0).locator('.search-hit-snippet')).toHaveText(
      'The importer reads the kiwi crates from the CSV and checks each row.',
    );
    expect((await ui.calls('history:search')).at(-1)?.input).toEqual({ query: 'kiwi', limit: 20 });
    await page.screenshot({ path: path.join(testInfo.project.outputDir, 'ui-screenshots', `history-search-${scheme}.png`), animations: 'disabled' });

    await matches.getByRole('button', { name: 'More messages' }).click();
    await expect(matches.getByRole('listitem')).toHaveCount(4);
    expect((await ui.calls('history:search')).at(-1)?.input).toEqual({ query: 'kiwi', limit: 20, cursor: '3' });
    await expect(matches.getByRole('button', { name: 'More messages' })).toHaveCount(0);
    await ui.push([{ type: 'search-progress', progress: { state: 'idle', filesDone: 400, filesTotal: 400 } }]);
    await expect(drawer.getByRole('status')).toHaveCount(0);

    // Opening a match resumes its session in a new tab.
    await matches.getByRole('button', { name: /wrote 1,204 kiwi rows/ }).click();
    await expect(drawer).toBeHidden();
    await expect
      .poll(async () => (await ui.calls('session:create')).map((c) => c.input))
      .toEqual([{ resume: '22222222-2222-4333-8444-555555555555', cwd: `${HOME}/code/web-ui` }]);
  });
}
