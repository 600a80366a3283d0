// Run against reality: the repository's run command in a terminal of the session, a real PTY
// running the person's shell (`$SHELL -lc`) in the session's folder. A command set in Settings
// runs in the worktree; a committed .clide/run runs only once its content was allowed with the
// core's nonce, again without asking for the same content, and asks again once it changed;
// running again stops the previous Run; closing the session ends the Run's processes (/proc).
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../shared/ipc';
import type { TerminalRun } from '../../shared/terminal';
import { confirmValue, type ConfirmAction } from '../../shared/confirm';
import { running } from '../../electron/core/terminal/process-tree';
import { tempRepos } from '../support/git-repo';
import { realCliHosts } from '../support/real-cli-hosts';
import { waitFor } from '../support/wait';
import { worktreeLabs } from '../support/worktree-host';

const repos = tempRepos();
const lab = worktreeLabs(realCliHosts(), repos);

async function runLab(files: Record<string, string> = { 'README.md': '# r\n' }) {
  const l = await lab([], { files }, { env: { SHELL: '/bin/bash', PS1: '$ ' } });
  const events: AppEvent[] = [];
  l.host.subscribe((batch) => events.push(...batch));
  const nonce = async (what: ConfirmAction, value: string) => (await l.call<{ nonce: string }>('confirm:begin', { what, value })).nonce;
  /** Everything a terminal printed so far. */
  const output = (terminalId: string) =>
    events
      .filter((e): e is Extract<AppEvent, { type: 'terminal-output' }> => e.type === 'terminal-output' && e.terminalId === terminalId)
      .map((e) => e.data)
      .join('');
  const run = (id: string, confirm?: string) => l.call<TerminalRun>('terminal:run', confirm ? { id, confirm } : { id });
  const started = (r: TerminalRun) => {
    if (r.state !== 'started') throw new Error(`Run asked for a confirmation: ${JSON.stringify(r)}`);
    return r.terminal;
  };
  return { ...l, events, nonce, output, run, started };
}

describe('Run', () => {
  it("runs the Settings run command in the session's worktree, titled Run, and refuses a session without one", async () => {
    const l = await runLab();
    const { id, dir } = await l.isolated();
    expect(await l.refused('terminal:run', { id })).toMatchObject({ kind: 'invalid-input', message: expect.stringContaining('has no run command') });
    const root = (await l.call<{ repo: { mainRoot: string } }>('worktree:capability', { cwd: l.repo.root })).repo.mainRoot;
    const runCommand = 'echo "ran:$((40+2)):$PWD"';
    // A new run command, like a setup command, needs the person's confirmation.
    expect(await l.refused('settings:update', { repository: { root, runCommand } })).toMatchObject({
      message: expect.stringContaining('A run command needs your confirmation'),
    });
    await l.call('settings:update', { repository: { root, runCommand }, confirm: await l.nonce('run-command', confirmValue.runCommand(root, runCommand)) });
    const terminal = l.started(await l.run(id));
    expect(terminal).toMatchObject({ sessionId: id, title: 'Run', cwd: dir });
    const where = await waitFor(() => /ran:42:(\S+)/.exec(l.output(terminal.terminalId))?.[1], 'the run command to print');
    expect(fs.realpathSync(where)).toBe(fs.realpathSync(dir));
    // The command ends, and the shell with it: the tab shows how.
    await waitFor(() => l.events.some((e) => e.type === 'terminal-exit' && e.terminalId === terminal.terminalId && e.exit.code === 0), 'the exit');
  });

  it('runs a committed .clide/run only once allowed, again without asking, asks after a change; one Run at a time; ends with the session', async () => {
    const script = 'sleep 1000 & echo "child:$!:shell:$$:ok"; wait\n';
    const l = await runLab({ 'README.md': '# r\n', '.clide/run': script });
    const { id } = await l.call<{ id: string }>('session:create', { cwd: l.repo.root });

    // Not allowed yet: the window is answered with exactly what would run, and nothing starts.
    const ask = await l.run(id);
    expect(ask).toMatchObject({ state: 'confirm', content: script, file: expect.stringMatching(/\.clide\/run$/) });
    if (ask.state !== 'confirm') throw new Error('no confirmation');
    expect(l.host.terminals.list(id)).toEqual([]);
    // A nonce for other content (or another session) is refused, and still nothing starts.
    expect(await l.refused('terminal:run', { id, confirm: await l.nonce('run-file', confirmValue.runFile(id, 'other')) })).toMatchObject({
      message: expect.stringContaining("Running the repository's .clide/run needs your confirmation"),
    });
    expect(await l.refused('terminal:run', { id, confirm: await l.nonce('run-file', confirmValue.runFile('s-other', ask.hash)) })).toMatchObject({
      kind: 'invalid-input',
    });
    expect(l.host.terminals.list(id)).toEqual([]);

    // Allowed: it runs.
    const first = l.started(await l.run(id, await l.nonce('run-file', confirmValue.runFile(id, ask.hash))));
    const [, child1, shell1] = (await waitFor(() => /child:(\d+):shell:(\d+):ok/.exec(l.output(first.terminalId)) ?? undefined, 'the run file to print')).map(
      Number,
    );
    expect(running(child1!)).toBe(true);

    // The same content again: no question; the previous Run (and its child) is stopped and closed first.
    const second = l.started(await l.run(id));
    expect(gone(child1!)).toBe(true);
    expect(gone(shell1!)).toBe(true);
    expect(l.host.terminals.list(id).map((t) => t.terminalId)).toEqual([second.terminalId]);
    const [, child2, shell2] = (await waitFor(() => /child:(\d+):shell:(\d+):ok/.exec(l.output(second.terminalId)) ?? undefined, 'the second run')).map(Number);

    // Changed content: asked again, with the new content; the running one is left alone.
    const changed = `${script}echo changed\n`;
    l.repo.write('.clide/run', changed);
    expect(await l.run(id)).toMatchObject({ state: 'confirm', content: changed });
    expect(running(child2!)).toBe(true);

    // Closing the session ends the Run's whole process group.
    await l.call('session:close', { id });
    expect(gone(child2!)).toBe(true);
    expect(gone(shell2!)).toBe(true);
  });
});

function gone(pid: number): boolean {
  return !running(pid);
}
