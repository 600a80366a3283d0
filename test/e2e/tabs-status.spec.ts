// The status bar against what the CLI itself reported: filled before the first prompt (from
// initialize and get_context_usage), then from init and result; the session id is the one
// whose transcript the CLI wrote. Rate limits come from a scripted stream (the real CLI emits
// them only for claude.ai logins).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FAKE_CLI } from '../support/fake-cli-harness';
import { text } from '../support/fake-api';
import { claudeVersion } from '../support/real-cli';
import { expect, test } from './fixtures';
import { hostClient, value } from './tabs-host-client';

test('the status bar shows what the CLI reported, before the first prompt and after a turn', async ({ page, clide, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const started = await clide.start();
  const { sandbox, host } = started;
  sandbox.api.script([
    text('Counted.', { usage: { input_tokens: 130_000, cache_read_input_tokens: 20_000, cache_creation_input_tokens: 10_000, output_tokens: 25 } }),
  ]);
  await clide.open(page, started);
  const client = hostClient(host);
  try {
    const status = page.getByRole('contentinfo', { name: 'Session status' });
    const id = (await value('snapshot', client.app.snapshot({}))).sessions[0]!.id;
    // Before any prompt: the CLI's own count of what the context holds, and its model.
    const usage = await value('get_context_usage', client.session.getContextUsage({ id }));
    expect(usage.maxTokens).toBe(1_000_000);
    await expect(status).toContainText('Opus 5.5');
    const contextButton = status.getByRole('button', { name: /^Context:/ });
    await expect(contextButton).toContainText(/\d+(\.\d)?k \/ 1M \(\d+%\)/);
    await expect(status).toContainText(`CLI ${claudeVersion()}`);
    await expect(status).toContainText('Default mode');
    await expect(status).toContainText('$0.00');

    // The breakdown is the CLI's, category by category; the bar shows the same total.
    await contextButton.click();
    const breakdown = page.getByRole('dialog', { name: 'Context window' });
    for (const c of usage.categories.filter((x) => x.kind === 'used' && x.tokens > 0)) {
      await expect(breakdown.getByRole('row', { name: new RegExp(`^${c.name.replace(/[()]/g, '\\$&')}`) })).toBeVisible();
    }
    await expect(breakdown.getByText('Asking Claude Code…')).toHaveCount(0);
    const total = (await breakdown.locator('.ctx-total strong').innerText()).trim();
    await expect(contextButton).toContainText(`${total} / 1M`);
    // The count moves a little as the CLI loads skills and tools; it is the CLI's own.
    expect(Math.abs(parseFloat(total) * 1000 - usage.totalTokens)).toBeLessThan(usage.totalTokens * 0.1);
    await page.keyboard.press('Escape');

    const composer = page.getByRole('textbox', { name: 'Message Claude' });
    await composer.fill('Count the context.');
    await composer.press('Enter');
    await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('Counted.');

    // After the turn: input + cache read + cache creation of the latest call, the window from
    // modelUsage, the cost as the CLI summed it, the session id from init.
    // The reply is on screen before the turn's result (window and cost) has arrived: wait for it.
    const snapshotView = async () => (await value('snapshot', client.app.snapshot({}))).sessions[0]!.view;
    await expect.poll(async () => (await snapshotView()).lastResult !== undefined).toBe(true);
    const view = await snapshotView();
    expect(view.contextTokens).toBe(160_000);
    expect(view.contextWindow).toBe(1_000_000);
    await expect(status).toContainText('160k / 1M (16%)');
    expect(view.costUsd).toBeGreaterThan(0);
    await expect(status).toContainText(`$${view.costUsd!.toFixed(2)}`);
    const sessionId = view.info.claudeSessionId!;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    await expect(status).toContainText(sessionId.slice(0, 8));
    // The CLI keeps its transcript under that id.
    const projects = path.join(sandbox.configDir, 'projects');
    const files = fs.readdirSync(projects, { recursive: true }).map(String);
    expect(files.some((f) => f.endsWith(`${sessionId}.jsonl`))).toBe(true);
    await status.getByRole('button', { name: 'Copy session id' }).click();
    await expect(status.getByRole('button', { name: 'Copy session id' })).toHaveText('Copied');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(sessionId);
    expect(sandbox.api.turns()[0]!.body.model).toBe('claude-opus-5-5');
  } finally {
    client.dispose();
  }
});

test('rate limits from the stream: the limit, how much is used, a live countdown, and "reached"', async ({ page, clide }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-rate-limit-'));
  try {
    const scenario = path.join(dir, 'rate-limit.jsonl');
    const soon = Math.floor(Date.now() / 1000) + 5 * 60 + 30;
    const later = new Date(Date.now() + 3 * 86_400_000 + 5 * 3_600_000).toISOString();
    const event = (info: Record<string, unknown>) => ({
      op: 'emit',
      line: { type: 'rate_limit_event', rate_limit_info: info, uuid: 'rl', session_id: 'fake' },
    });
    const steps = [
      { op: 'await', match: { type: 'user' } },
      event({ status: 'allowed_warning', resetsAt: soon, rateLimitType: 'five_hour', utilization: 0.91 }),
      { op: 'turn', text: 'Still within the limit.' },
      { op: 'await', match: { type: 'user' } },
      // resetsAt has been seen both as epoch seconds and as an ISO string.
      event({ status: 'rejected', resetsAt: later, rateLimitType: 'seven_day' }),
      { op: 'turn', text: 'Over the weekly limit.' },
    ];
    fs.writeFileSync(scenario, steps.map((x) => JSON.stringify(x)).join('\n'));
    const started = await clide.start({ env: { CLIDE_CLAUDE_PATH: FAKE_CLI, CLIDE_FAKE_SCENARIO: scenario } });
    await clide.open(page, started);
    const status = page.getByRole('contentinfo', { name: 'Session status' });
    const composer = page.getByRole('textbox', { name: 'Message Claude' });
    await composer.fill('Go.');
    await composer.press('Enter');
    await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('Still within the limit.');
    const limit = status.getByText(/5-hour limit/);
    await expect(limit).toHaveText(/^⚠5-hour limit 91% · resets in [45] min \d+ s$/);
    const first = await limit.innerText();
    // The countdown runs by itself.
    await expect.poll(() => limit.innerText()).not.toBe(first);

    await composer.fill('Again.');
    await composer.press('Enter');
    await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('Over the weekly limit.');
    await expect(status.getByText(/Weekly limit reached · resets in 3 d [45] h/)).toBeVisible();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
