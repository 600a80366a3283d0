// bench-figures: C8 C9
// bench-timeout-minutes: 20
// Tabs that cost nothing until used (each starts `claude` with its first message, idle ones
// park, one warm spare), with the real pinned CLI against the loopback fake API.
//   C8: memory of the process tree (the browser host, as the app, plus every `claude` under it;
//       RSS summed over the tree) with 10 tabs open and one of them used, against the same with
//       1 tab open. Both settle with their warm spare.
//   C9: Enter to the first streamed token in a never-started tab and in a parked one (each on
//       screen, so the spare is made for it), against a tab whose process is warm; alternated
//       rounds in one run, medians. C9 is the worse of the two; the note gives both, and a
//       tab whose process was started and initialized seconds before its first message: the
//       best a spare can be, since the CLI does work on a process's first message (about
//       0.1 s here) that no request before it does ahead (initialize, context usage).
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SessionHost } from '../../electron/core/host';
import type { AppEvent } from '../../shared/ipc';
import { hostClient, value } from '../../test/e2e/tabs-host-client';
import { text } from '../../test/support/fake-api';
import { cliSandbox, type CliSandbox } from '../../test/support/real-cli';
import { descendants, startWebHost } from '../../test/support/web-host';
import { waitFor } from '../../test/support/wait';
import { log, median, report, skip, wanted } from './lib';
import { sleep, until } from './live';

const REPLY = 'A short reply, streamed in small pieces so the first one is easy to see.';

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0; // gone meanwhile
  }
}

/** RSS of a process and all its descendants, in MB. */
function treeMb(pid: number): number {
  return [pid, ...descendants(pid).map((p) => p.pid)].reduce((sum, p) => sum + rssKb(p), 0) / 1024;
}

const claudes = (pid: number) => descendants(pid).filter((p) => /claude/.test(p.command)).length;

/** One browser host with `tabs` tabs, the first used for one turn; its tree's memory once settled. */
async function treeWithTabs(tabs: number): Promise<{ mb: number; processes: number }> {
  const sandbox = await cliSandbox(() => text(REPLY));
  const host = await startWebHost({ cwd: sandbox.cwd, env: { ...sandbox.env, CLIDE_SPARE_IDLE_SECONDS: '3' } });
  const api = hostClient(host);
  try {
    await value('snapshot', api.app.snapshot({}));
    const ids: string[] = [];
    for (let i = 0; i < tabs; i++) ids.push((await value('create', api.session.create({ cwd: sandbox.cwd }))).id);
    await value('send', api.session.send({ id: ids[0]!, text: 'Say something short.' }));
    await until(() => sandbox.api.turns().length > 0, 'the turn');
    // Settled: the used tab's process and the spare, nothing else starting.
    await until(() => claudes(host.child.pid!) === 2, 'the used tab and the spare', 60_000);
    await sleep(4000);
    const samples: number[] = [];
    for (let i = 0; i < 7; i++) {
      samples.push(treeMb(host.child.pid!));
      await sleep(500);
    }
    return { mb: median(samples), processes: claudes(host.child.pid!) };
  } finally {
    api.dispose();
    await host.stop('SIGTERM');
    await sandbox.cleanup();
  }
}

async function c8(): Promise<void> {
  const one = await treeWithTabs(1);
  const ten = await treeWithTabs(10);
  log(`C8: 1 tab ${one.mb.toFixed(0)} MB (${one.processes} claude), 10 tabs ${ten.mb.toFixed(0)} MB (${ten.processes} claude)`);
  report({
    name: 'C8',
    value: ten.mb,
    baseline: one.mb,
    target: 1.3,
    unit: 'MB',
    note: `${ten.processes} claude processes with 10 tabs, ${one.processes} with 1 (each includes the spare)`,
  });
}

/** Milliseconds from send to the first streamed text of the reply. */
async function firstToken(h: SessionHost, id: string): Promise<number> {
  let at: number | undefined;
  const off = h.subscribe((batch: AppEvent[]) => {
    if (at !== undefined) return;
    for (const b of batch) if (b.type === 'session-events' && b.id === id && b.events.some((e) => e.kind === 'block-delta')) at = performance.now();
  });
  const t0 = performance.now();
  h.send(id, 'Say something short.');
  await until(() => at !== undefined, 'the first token', 60_000);
  off();
  await until(() => h.view(id).status === 'ready', 'the turn to end', 60_000);
  return at! - t0;
}

/** A spare made for `resume` (or a new session) that has had time to boot, as after a quiet moment. */
async function warmSpare(h: SessionHost, resume: string | undefined): Promise<void> {
  const pid = await waitFor(
    () => (h.spare?.pid !== undefined && h.spare.spec?.resume === resume ? h.spare.pid : undefined),
    'a spare for the tab on screen',
    60_000,
  );
  const since = performance.now();
  await until(() => h.spare?.pid !== pid || performance.now() - since > 2500, 'the spare to boot');
}

async function c9(sandbox: CliSandbox): Promise<void> {
  const data = (name: string) => path.join(sandbox.home, name);
  const base = { host: 'web' as const, homeDir: sandbox.home, defaultCwd: sandbox.cwd };
  // The warm tab's host never parks; the other parks after 2 s and keeps a spare.
  const warmHost = new SessionHost({ ...base, env: { ...sandbox.env, CLIDE_IDLE_PARK_SECONDS: '0' }, dataDir: data('warm') });
  const lazyHost = new SessionHost({ ...base, env: { ...sandbox.env, CLIDE_IDLE_PARK_SECONDS: '2' }, dataDir: data('lazy'), spare: { idleMs: 1000 } });
  try {
    const warm = warmHost.create({}).id;
    await firstToken(warmHost, warm);
    // The lazy host's first tab fills its cache, then parks: the parked tab of the rounds.
    const parked = lazyHost.create({}).id;
    await firstToken(lazyHost, parked);
    const sid = lazyHost.list().find((s) => s.id === parked)!.sessionId!;
    const samples = { warm: [] as number[], fresh: [] as number[], parked: [] as number[], started: [] as number[] };
    const rounds = 5;
    for (let r = 0; r < rounds; r++) {
      samples.warm.push(await firstToken(warmHost, warm));
      const fresh = lazyHost.create({}).id;
      lazyHost.continuity.saveLayout([parked, fresh], fresh);
      await warmSpare(lazyHost, undefined);
      samples.fresh.push(await firstToken(lazyHost, fresh));
      await lazyHost.close(fresh);
      lazyHost.continuity.saveLayout([parked], parked);
      await until(() => lazyHost.view(parked).status === 'parked', 'parked', 60_000);
      await warmSpare(lazyHost, sid);
      samples.parked.push(await firstToken(lazyHost, parked));
      // The best any spare could do: a process started and initialized a while ago, not yet
      // sent a message (the status request starts it). Its first message still waits for the
      // CLI's own first-turn work, which the warm tab did in an earlier turn.
      const started = warmHost.create({}).id;
      await warmHost.mcpStatus(started);
      await sleep(2500);
      samples.started.push(await firstToken(warmHost, started));
      await warmHost.close(started);
      log(
        `C9 round ${r + 1}: warm ${samples.warm.at(-1)!.toFixed(0)} ms, never started ${samples.fresh.at(-1)!.toFixed(0)} ms, parked ${samples.parked.at(-1)!.toFixed(0)} ms, started but not yet used ${samples.started.at(-1)!.toFixed(0)} ms`,
      );
    }
    const w = median(samples.warm);
    const f = median(samples.fresh);
    const p = median(samples.parked);
    const s = median(samples.started);
    report({
      name: 'C9',
      value: Math.max(f, p),
      baseline: w,
      target: 1.5,
      unit: 'ms',
      note: `median of ${rounds}: never started ${f.toFixed(0)} ms, parked ${p.toFixed(0)} ms, warm ${w.toFixed(0)} ms; a process started and initialized but not yet sent a message ${s.toFixed(0)} ms (${(Math.max(f, p) / s).toFixed(2)}x of it): the CLI's first turn in any process costs that much more than its later ones`,
    });
  } finally {
    await Promise.all([warmHost.shutdown(), lazyHost.shutdown()]);
  }
}

async function main(): Promise<void> {
  if (process.platform !== 'linux') {
    for (const name of ['C8', 'C9']) if (wanted(name)) skip(name, 'reads process memory from /proc (Linux only)');
    return;
  }
  if (wanted('C8')) await c8();
  if (wanted('C9')) {
    const sandbox = await cliSandbox(() => text(REPLY, { chunk: 6 }));
    try {
      await c9(sandbox);
    } finally {
      await sandbox.cleanup();
    }
  }
}

await main();
