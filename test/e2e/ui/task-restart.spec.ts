// A subagent that had not finished when Claude Code restarted: the resumed process closes it
// (task_notification, reason unfinished_at_resume, 2.1.337) and the Agent card and the Tasks
// panel say so, instead of a plain "Stopped". Screenshots in light and dark.
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { applyEvents } from '../../../shared/transcript';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { seriousViolations, useScheme } from './axe';
import { taskCall } from './tasks-scenarios';
import { expect, test } from './ui-fixtures';

const S = 'session-restarted';

function shot(testInfo: TestInfo, name: string): string {
  return path.join(testInfo.project.outputDir, 'ui-screenshots', `${name}.png`);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`a task that did not finish before a restart says so in its card and the Tasks panel (${scheme})`, async ({ ui, page }, testInfo) => {
    await useScheme(page, scheme);
    await page.setViewportSize({ width: 1100, height: 800 });
    const now = Date.now();
    const view = applyEvents(sessionView(S), [
      { kind: 'user', id: 'u1', text: 'Review the API changes in the background.', at: now - 120_000 },
      ...taskCall(
        1,
        'Agent',
        { description: 'Review the API changes', prompt: 'Review src/routes', subagent_type: 'code-reviewer', run_in_background: true },
        { taskType: 'local_agent', subagentType: 'code-reviewer', description: 'Review the API changes', backgrounded: true },
        now - 110_000,
      ),
      // The app restarted; the resumed process found the task unfinished and closed it.
      {
        kind: 'task',
        phase: 'ended',
        task: { taskId: 't-1', toolUseId: 'tu-1', taskType: 'local_agent', status: 'stopped', endReason: 'unfinished-at-restart' },
        at: now - 1_000,
      },
    ]);
    await ui.open(doubleOptions(snapshotWith([view])));

    const card = page.getByLabel('Tool: Agent');
    await expect(card).toContainText('Did not finish before Claude Code restarted');
    await page.screenshot({ path: shot(testInfo, `task-restart-card-${scheme}`), animations: 'disabled' });

    await page.getByRole('button', { name: 'Tasks', exact: true }).click();
    const row = page.getByRole('dialog', { name: /Background tasks/ }).getByRole('listitem', { name: 'Review the API changes' });
    await expect(row).toContainText('Unfinished at restart');
    await expect(row).toContainText('Did not finish before Claude Code restarted; closed when the session resumed');
    await expect(row).not.toContainText('Stopped');
    expect(await seriousViolations(page, 'tasks panel')).toEqual([]);
    await page.screenshot({ path: shot(testInfo, `task-restart-panel-${scheme}`), animations: 'disabled' });
  });
}
