// A session's terminals against reality: a real PTY (node-pty) running a real bash in the
// session's folder (its worktree for an isolated session), through the same dispatch the windows
// use; the process group ended on close; scrollback kept for a window that attaches again;
// a flood paced to the window; and a window without the token refused at the door.
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../shared/ipc';
import type { TerminalAttach, TerminalInfo } from '../../shared/terminal';
import { PAUSE_BATCHES, TerminalService } from '../../electron/core/terminal/terminal-service';
import { running } from '../../electron/core/terminal/process-tree';
import { tempRepos } from '../support/git-repo';
import { realCliHosts } from '../support/real-cli-hosts';
import { waitFor } from '../support/wait';
import { worktreeLabs, type WorktreeLab } from '../support/worktree-host';
import { openSocket, webServerHarness } from '../support/web-server';
import { socketProtocols } from '../../shared/web-wire';

const repos = tempRepos();
const lab = worktreeLabs(realCliHosts(), repos);
const harness = webServerHarness();
afterEach(() => harness.cleanup());

/** A lab whose shells are bash with no startup files (the sandbox's HOME has none). */
async function terminalLab(): Promise<WorktreeLab & { events: AppEvent[]; open(id: string, cols?: number, rows?: number): Promise<Shell> }> {
  const l = await lab([], {}, { env: { SHELL: '/bin/bash', PS1: '$ ' } });
  const events: AppEvent[] = [];
  l.host.subscribe((batch) => events.push(...batch));
  const open = async (id: string, cols = 80, rows = 24): Promise<Shell> => {
    const info = await l.call<TerminalInfo>('terminal:create', { id, cols, rows });
    return new Shell(l, events, info);
  };
  return { ...l, events, open };
}

/** Writes through the window's channel (a lab), or straight to a service. */
type Writer = WorktreeLab | TerminalService;

class Shell {
  constructor(
    private readonly l: Writer,
    private readonly events: AppEvent[],
    readonly info: TerminalInfo,
  ) {}
  get id(): string {
    return this.info.terminalId;
  }
  /** Everything pushed to windows so far, in order (checked to be gapless). */
  output(): string {
    let out = '';
    for (const e of this.events) {
      if (e.type !== 'terminal-output' || e.terminalId !== this.id) continue;
      expect(e.start).toBe(out.length);
      out += e.data;
    }
    return out;
  }
  async type(line: string): Promise<void> {
    if (this.l instanceof TerminalService) this.l.write(this.id, `${line}\r`);
    else await this.l.call('terminal:write', { terminalId: this.id, data: `${line}\r` });
  }
  /** Run a command, printed as `<tag>:<value>:<tag>`, and return the value (the command line the shell echoes has no `<tag>:`). */
  async ask(command: string, tag: string): Promise<string> {
    await this.type(`printf '%s:%s:%s\\n' ${tag} "$(${command})" ${tag}`);
    const re = new RegExp(`${tag}:([^\\r\\n]*):${tag}`);
    return waitFor(() => re.exec(this.output())?.[1], `${command} in the terminal`);
  }
}

describe('terminals', () => {
  it('start the shell in the session folder, and reach stty size after a resize', async () => {
    const l = await terminalLab();
    const { id } = await l.call<{ id: string }>('session:create', { cwd: l.repo.root });
    const shell = await l.open(id, 80, 24);
    expect(shell.info).toMatchObject({ sessionId: id, cwd: l.repo.root, title: 'bash', cols: 80, rows: 24 });
    expect(fs.realpathSync(await shell.ask('pwd', 'where'))).toBe(fs.realpathSync(l.repo.root));
    expect(await shell.ask('stty size', 'size1')).toBe('24 80');
    await l.call('terminal:resize', { terminalId: shell.id, cols: 132, rows: 40 });
    expect(await shell.ask('stty size', 'size2')).toBe('40 132');
    expect((await l.call<{ terminals: TerminalInfo[] }>('terminal:list', { id })).terminals).toEqual([
      expect.objectContaining({ terminalId: shell.id, cols: 132, rows: 40 }),
    ]);
  });

  it("start an isolated session's shell in its worktree, on its branch", async () => {
    const l = await terminalLab();
    const { id, dir, branch } = await l.isolated();
    const shell = await l.open(id);
    expect(fs.realpathSync(await shell.ask('pwd', 'where'))).toBe(fs.realpathSync(dir));
    expect(await shell.ask('git branch --show-current', 'branch')).toBe(branch);
  });

  it('show the exit code when the shell ends, and keep the terminal until it is closed', async () => {
    const l = await terminalLab();
    const { id } = await l.call<{ id: string }>('session:create', { cwd: l.repo.root });
    const shell = await l.open(id);
    await shell.type('exit 3');
    const exit = await waitFor(() => l.events.find((e) => e.type === 'terminal-exit' && e.terminalId === shell.id), 'the exit event');
    expect(exit).toMatchObject({ exit: { code: 3 } });
    expect((await l.call<{ terminals: TerminalInfo[] }>('terminal:list', { id })).terminals[0]?.exit).toEqual({ code: 3 });
    await l.call('terminal:close', { terminalId: shell.id });
    expect((await l.call<{ terminals: TerminalInfo[] }>('terminal:list', {})).terminals).toEqual([]);
    await waitFor(() => l.events.some((e) => e.type === 'terminal-closed' && e.terminalId === shell.id), 'the closed event');
  });

  it('end the whole process group on close, background jobs included: nothing left in /proc', async () => {
    const l = await terminalLab();
    const { id } = await l.call<{ id: string }>('session:create', { cwd: l.repo.root });
    const shell = await l.open(id);
    // A background job of an interactive shell gets a process group of its own, and this one
    // ignores the hangup too: only the kill after the grace ends it.
    await shell.type(`sh -c 'trap "" HUP; exec sleep 1000' &`);
    const job = Number(await shell.ask('echo $!', 'job'));
    const shellPid = l.host.terminals.stats(shell.id).pid;
    expect(running(job)).toBe(true);
    expect(running(shellPid)).toBe(true);
    await l.call('terminal:close', { terminalId: shell.id });
    expect(gone(job)).toBe(true);
    expect(gone(shellPid)).toBe(true);

    // Closing the session ends its terminals the same way.
    const second = await l.open(id);
    await second.type('sleep 1000 &');
    const job2 = Number(await second.ask('echo $!', 'job2'));
    expect(running(job2)).toBe(true);
    await l.call('session:close', { id });
    expect(gone(job2)).toBe(true);
    expect(l.host.terminals.list()).toEqual([]);

    // And so does the app's shutdown.
    const { id: other } = await l.call<{ id: string }>('session:create', { cwd: l.repo.root });
    const third = await l.open(other);
    await third.type('sleep 1000 &');
    const job3 = Number(await third.ask('echo $!', 'job3'));
    await l.host.shutdown();
    expect(gone(job3)).toBe(true);
  });

  it('give a window that attaches again the scrollback, the last 10,000 lines', async () => {
    const l = await terminalLab();
    const { id } = await l.call<{ id: string }>('session:create', { cwd: l.repo.root });
    const shell = await l.open(id);
    await shell.ask('echo up', 'up');
    await shell.type('seq 1 20000; echo seq-done-$((40+2))');
    await waitFor(() => shell.output().includes('seq-done-42'), 'the numbers');
    const again = await l.call<TerminalAttach>('terminal:attach', { terminalId: shell.id });
    const lines = again.scrollback.split('\n');
    expect(lines.length).toBeLessThanOrEqual(10_001);
    expect(again.scrollback).toContain('\n19999\r\n20000\r\nseq-done-42');
    expect(again.scrollback).not.toContain('\n5000\r\n');
    // The scrollback ends where the output so far ends: later events continue it without a gap.
    expect(again.end).toBe(l.host.terminals.attach(shell.id).end);
    await waitFor(() => shell.output().length === again.end || undefined, 'every event to be pushed');
    expect(shell.output().endsWith(again.scrollback.slice(-2000))).toBe(true);
  });

  it('pace a flood (yes | head -c 5M) to the window: bounded memory, batches capped, other terminals still heard', async () => {
    // The service itself, with a small batch, so the shell prints much faster than it is sent.
    const l = await terminalLab();
    const events: AppEvent[] = [];
    const batchChars = 16 * 1024;
    const terminals = new TerminalService({
      tab: () => ({ cwd: l.repo.root }),
      emit: (e) => events.push(e),
      env: { ...l.sandbox.env, SHELL: '/bin/bash' },
      batchChars,
    });
    try {
      const flood = new Shell(terminals, events, await terminals.create('s', 80, 24));
      const other = new Shell(terminals, events, await terminals.create('s', 80, 24));
      await flood.ask('echo up', 'up');
      await flood.type('yes | head -c 5M; echo flood-$((6*7))');
      await waitFor(() => flood.output().length > 100_000, 'the flood to start');
      await other.type('echo other-$((1+1))');
      let maxPending = 0;
      let maxScrollback = 0;
      let otherHeardAt: number | undefined;
      await waitFor(
        () => {
          const s = terminals.stats(flood.id);
          maxPending = Math.max(maxPending, s.pending);
          maxScrollback = Math.max(maxScrollback, s.scrollback);
          if (otherHeardAt === undefined && other.output().includes('other-2')) otherHeardAt = flood.output().length;
          return flood.output().includes('flood-42');
        },
        'the flood to end',
        120_000,
      );
      // The other terminal was heard while the flood was still going.
      expect(otherHeardAt).toBeLessThan(4 * 1024 * 1024);
      // No one event carries more than a frame's share; the core never held more than a few.
      for (const e of events) if (e.type === 'terminal-output') expect(e.data.length).toBeLessThanOrEqual(batchChars);
      expect(maxPending).toBeLessThanOrEqual((PAUSE_BATCHES + 5) * batchChars);
      expect(maxScrollback).toBeLessThanOrEqual(2_000_000);
      expect(flood.output().length).toBeGreaterThan(5 * 1024 * 1024);
    } finally {
      await terminals.shutdown();
    }
  });

  it('refuse a session that is not open, and a terminal that is not', async () => {
    const l = await terminalLab();
    expect(await l.refused('terminal:create', { id: 'nope', cols: 80, rows: 24 })).toMatchObject({ kind: 'session-not-found' });
    expect(await l.refused('terminal:write', { terminalId: 'nope', data: 'x' })).toMatchObject({ kind: 'invalid-input' });
  });
});

describe('terminal input over the browser host', () => {
  it('is accepted from the window with the token and refused at the door without it', async () => {
    const { server, host } = await harness.start();
    const { api } = harness.connectClient(server);
    const { id } = host.create({});
    const created = await api.terminal.create({ id, cols: 80, rows: 24 });
    if (!created.ok) throw new Error(created.error.message);
    const terminalId = created.value.terminalId;
    await api.terminal.write({ terminalId, data: 'echo "tok:$((20+22)):tok"\r' });
    await waitFor(() => /tok:42:tok/.test(host.terminals.attach(terminalId).scrollback), 'the shell to run what the window typed');
    const url = `ws://127.0.0.1:${server.port}/ws`;
    expect(await openSocket(url, { origin: server.origin })).toEqual({ refused: 403 });
    expect(await openSocket(url, { origin: server.origin }, socketProtocols('wrong'))).toEqual({ refused: 403 });
  });
});

/** Gone from /proc, or a zombie only waiting to be reaped. */
function gone(pid: number): boolean {
  return !running(pid);
}
