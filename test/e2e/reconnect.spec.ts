// A dropped WebSocket (sleep, network blip) comes back by itself, and the page catches up
// from a fresh snapshot: what happened while it was away, including a prompt, is shown once.
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import type { WebSocketRoute } from '@playwright/test';
import type { AppSnapshot } from '../../shared/ipc';
import { text, toolUse } from '../support/fake-api';
import { survivors } from '../support/web-host';
import { expect, test } from './fixtures';

/** The host's snapshot, fetched over a socket of our own (the page's is down). */
async function snapshot(port: number, token: string): Promise<AppSnapshot> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { authorization: `Bearer ${token}` } });
  try {
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const reply = new Promise<{ result: { ok: boolean; value: AppSnapshot } }>((resolve) =>
      ws.on('message', (d) => {
        const frame = JSON.parse(d.toString()) as { type: string; id?: number; result: { ok: boolean; value: AppSnapshot } };
        if (frame.type === 'result' && frame.id === 1) resolve(frame);
      }),
    );
    ws.send(JSON.stringify({ type: 'call', id: 1, channel: 'app:snapshot', input: {} }));
    const frame = await reply;
    if (!frame.result.ok) throw new Error(`app:snapshot failed: ${JSON.stringify(frame.result)}`);
    return frame.result.value;
  } finally {
    ws.close();
  }
}

test('after a dropped connection the page reconnects and shows what it missed, prompt included', async ({ page, clide }) => {
  const started = await clide.start();
  const { sandbox, host } = started;
  let release!: () => void;
  const hold = new Promise<void>((resolve) => (release = resolve));
  const before = 'While you were away I prepared a file to write.';
  sandbox.api.script([{ ...toolUse('Write', { file_path: 'missed.txt', content: 'caught up\n' }, before), hold }, text('Wrote missed.txt.')]);

  // The page's sockets go through the test, so one can be cut and the next held back.
  const sockets: WebSocketRoute[] = [];
  let letBackIn!: () => void;
  const gate = new Promise<void>((resolve) => (letBackIn = resolve));
  await page.routeWebSocket(/\/ws$/, async (ws) => {
    sockets.push(ws);
    if (sockets.length > 1) await gate;
    ws.connectToServer();
  });
  await clide.open(page, started);
  await page.getByRole('textbox', { name: 'Message Claude' }).fill('Prepare missed.txt');
  await page.getByRole('textbox', { name: 'Message Claude' }).press('Enter');
  await expect.poll(() => sandbox.api.turns().length).toBe(1);

  await sockets[0]!.close({ code: 1012, reason: 'test cut the connection' });
  await expect(page.getByText('Lost the connection to clide')).toBeVisible();

  release();
  await expect.poll(async () => (await snapshot(host.port, host.token)).sessions[0]?.view.pending.length ?? 0, { timeout: 30_000 }).toBe(1);
  await expect(page.getByRole('dialog', { name: 'Allow Write?' })).toHaveCount(0);

  letBackIn();
  await expect(page.getByText('Lost the connection to clide')).toBeHidden();
  const prompt = page.getByRole('dialog', { name: 'Allow Write?' });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('caught up');
  const transcript = page.getByRole('log', { name: 'Transcript' });
  await expect(transcript).toContainText(before);
  expect((await transcript.innerText()).split(before).length - 1, 'the missed text appears exactly once').toBe(1);

  await prompt.getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(transcript).toContainText('Wrote missed.txt.');
  expect(fs.readFileSync(path.join(sandbox.cwd, 'missed.txt'), 'utf8')).toBe('caught up\n');
});

test('a page left open across a host restart is told its access token is no longer valid', async ({ page, clide }) => {
  const first = await clide.start();
  await clide.open(page, first);
  const refused = page.waitForEvent('console', { predicate: (m) => m.text().includes('refused this page'), timeout: 30_000 });
  const children = first.host.claudePids();
  expect(children).toHaveLength(1);
  expect(await first.host.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  expect(survivors(children)).toEqual([]);
  // A new host on the same port has a new token, so the one this tab kept no longer opens it.
  const second = await clide.start({ args: ['--port', String(first.host.port)] });
  expect(second.host.port).toBe(first.host.port);
  expect(second.host.token).not.toBe(first.host.token);
  await refused;

  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await composer.fill('are you there?');
  await composer.press('Enter');
  await expect(page.getByText('its access token is not valid')).toBeVisible();
  await expect(page.getByText('Open the URL that `npm run web` printed')).toBeVisible();
  expect(second.host.stderr()).toContain('refused WebSocket: wrong token');

  // The new URL works in the same tab: its token replaces the stale one.
  await clide.open(page, second);
});
