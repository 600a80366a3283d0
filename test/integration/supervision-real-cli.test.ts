// Supervision against the real pinned CLI (loopback fake API): closing a tab with a prompt
// open, Resume after the process is killed mid-turn, the silence watchdog on a real stream,
// and the process registry. Every test ends with no control request left unanswered and no
// process left running.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { SessionHost, type HostOptions } from '../../electron/core/host';
import type { SessionEvent } from '../../shared/events';
import { lastUserText, text, toolUse, type FakeReply, type Responder } from '../support/fake-api';
import { processGone } from '../support/fake-cli-harness';
import { cliSandbox, type CliSandbox } from '../support/real-cli';
import { waitFor } from '../support/wait';

let sandbox: CliSandbox | undefined;
let host: SessionHost | undefined;
let pids: number[] = [];

afterEach(async () => {
  for (const s of host?.list() ?? []) expect(s.connection?.owed ?? []).toEqual([]);
  await host?.shutdown();
  for (const pid of pids) expect(processGone(pid)).toBe(true);
  await sandbox?.cleanup();
  host = undefined;
  sandbox = undefined;
  pids = [];
});

async function open(script: Responder | FakeReply[], opts: Partial<HostOptions> = {}) {
  sandbox = await cliSandbox(script);
  host = new SessionHost({ host: 'web', env: sandbox.env, homeDir: sandbox.home, defaultCwd: sandbox.cwd, batchMs: 5, ...opts });
  const events: SessionEvent[] = [];
  host.subscribe((batch) => {
    for (const b of batch) if (b.type === 'session-events') events.push(...b.events);
  });
  const { id } = host.create({});
  const h = host;
  await waitFor(() => h.view(id).status === 'ready', 'ready');
  pids.push(h.list()[0]!.pid!);
  return { id, events, h, sb: sandbox };
}

describe('supervising the real CLI', () => {
  it('closing a tab with a prompt open: interrupt first, so the CLI withdraws it and makes no further model call', async () => {
    // A close grace far longer than a loaded machine makes the exit take: a close that ends
    // inside it needed no signal.
    const closeGraceMs = 60_000;
    const { id, h, sb } = await open([toolUse('Write', { file_path: 'never.txt', content: 'x\n' }), text('I should never be asked for.')], {
      timings: { closeGraceMs },
    });
    h.send(id, 'Write never.txt');
    await waitFor(() => h.view(id).pending[0], 'prompt');
    const session = h.list()[0]!;
    const started = Date.now();
    await h.close(id);
    // The CLI exited on its own after stdin closed: inside the close grace, no signal.
    expect(Date.now() - started).toBeLessThan(closeGraceMs);
    expect(session.phase).toBe('ended');
    expect(sb.api.turns()).toHaveLength(1);
    expect(fs.existsSync(path.join(sb.cwd, 'never.txt'))).toBe(false);
  });

  it('killed mid-turn: failed with the signal and resumable; Resume continues the same conversation', async () => {
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const replies: Responder = (req, i) => {
      if (i === 0) return text('Noted: the word is banana.');
      if (i === 1) return { ...text('This reply is cut short by a crash.', { chunk: 4 }), hold };
      return text(lastUserText(req.body).includes('which word') ? 'It was banana.' : 'ok');
    };
    const { id, events, h, sb } = await open(replies);
    h.send(id, 'Remember the word banana.');
    await waitFor(() => h.view(id).lastResult, 'first turn');
    const claudeId = h.view(id).info.claudeSessionId!;
    h.send(id, 'Now write a long essay.');
    await waitFor(() => sb.api.turns().length === 2, 'second request held');
    process.kill(h.list()[0]!.pid!, 'SIGKILL');
    const f = await waitFor(() => h.view(id).failure, 'failure');
    release();
    expect(f.error).toMatchObject({ kind: 'process-exit', signal: 'SIGKILL' });
    expect(f.resumable).toBe(true);
    expect(h.view(id).status).toBe('failed');
    const before = h.view(id).items.length;
    h.restart(id);
    await waitFor(() => h.view(id).status === 'ready', 'ready after resume');
    pids.push(h.list()[0]!.pid!);
    expect(h.view(id).items.length).toBe(before);
    h.send(id, 'Quick question: which word did I ask you to remember?');
    await waitFor(() => h.view(id).status === 'ready' && h.view(id).items.length > before + 1, 'answer after resume');
    expect(h.view(id).info.claudeSessionId).toBe(claudeId);
    // The resumed CLI sent the earlier conversation along: it loaded the same session.
    const last = sb.api.turns().at(-1)!;
    expect(JSON.stringify(last.body.messages)).toContain('Remember the word banana.');
    expect(events.some((e) => e.kind === 'failure')).toBe(true);
  });

  it('the watchdog reports a stalled API stream and clears when it resumes; a slow steady stream never trips it', async () => {
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const { id, events, h } = await open([text('Slow but steady, a piece at a time.', { chunk: 3, delayMs: 150 }), { ...text('Late reply.'), hold }], {
      timings: { silenceMs: 1200 },
    });
    h.send(id, 'Answer slowly');
    await waitFor(() => h.view(id).lastResult, 'first result', 30_000);
    expect(events.filter((e) => e.kind === 'liveness')).toEqual([]);
    h.send(id, 'Answer after a stall');
    const l = await waitFor(() => h.view(id).liveness, 'not responding', 15_000);
    expect(l.state).toBe('not-responding');
    release();
    await waitFor(() => h.view(id).lastResult?.text === 'Late reply.', 'late reply');
    expect(h.view(id).liveness).toBeUndefined();
  });

  it('records the running CLI in the data dir while it runs and forgets it after close', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-data-'));
    onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const { id, h } = await open([], { dataDir });
    const pid = h.list()[0]!.pid!;
    expect(h.trackedChildren()).toEqual([pid]);
    const dir = path.join(dataDir, 'processes');
    const file = await waitFor(() => fs.readdirSync(dir).find((f) => f.endsWith('.json')), 'registry file');
    const saved = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    expect(saved.children[0]).toMatchObject({ pid, pgid: pid });
    expect(saved.children[0].command).toContain('--input-format stream-json');
    await h.close(id);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
