// Reading skills, plugins and output styles again from disk, and choosing an output style, on
// the real CLI: a skill and a style written while the session runs appear after a reload (and in
// the slash menu's commands), the chosen style reaches the model's system prompt, survives a
// restart of the process, and a reload asked for during a turn reloads the plugins only once
// the turn has ended.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHandlers, dispatch } from '../../electron/core/api-handlers';
import type { SessionHost } from '../../electron/core/host';
import type { ReloadReport } from '../../shared/reload';
import { text, type FakeReply, type RecordedRequest } from '../support/fake-api';
import { realCliHosts } from '../support/real-cli-hosts';
import { waitFor } from '../support/wait';

const onRealCli = realCliHosts();

async function open(script: FakeReply[] | ((req: RecordedRequest) => FakeReply | undefined)) {
  const { host: h, sandbox: sb } = await onRealCli(typeof script === 'function' ? (req) => script(req) : script);
  const { id } = h.create({});
  await waitFor(() => h.view(id).status === 'ready', 'ready', 60_000);
  return { id, h, sb };
}

function writeSkill(cwd: string, name: string): void {
  const dir = path.join(cwd, '.claude', 'skills', name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'SKILL.md'), `---\nname: ${name}\ndescription: The ${name} skill\n---\nDo ${name}.\n`);
}

const TERSE = 'Answer in five words or fewer, always.';

function writeStyle(cwd: string): void {
  const dir = path.join(cwd, '.claude', 'output-styles');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'terse.md'), `---\nname: Terse\ndescription: Short answers\n---\n${TERSE}\n`);
}

async function reload(h: SessionHost, id: string): Promise<ReloadReport> {
  // Through the contract, so the answer is checked against its schema too.
  const r = await dispatch(createHandlers(h), 'session:reload', { id });
  if (!r.ok) throw new Error(r.error.message);
  return r.value as ReloadReport;
}

function notices(h: SessionHost, id: string): string[] {
  return h.view(id).items.flatMap((i) => (i.type === 'notice' && i.code === 'reload' ? [i.text] : []));
}

function systemText(req: RecordedRequest): string {
  return JSON.stringify(req.body);
}

async function turn(h: SessionHost, id: string, prompt: string): Promise<void> {
  const before = h.view(id).lastResult;
  h.send(id, prompt);
  await waitFor(() => h.view(id).lastResult !== before && h.view(id).status === 'ready', 'the turn to end', 60_000);
}

describe('reloading skills, plugins and output styles on the real CLI', () => {
  it('finds a skill and an output style written while the session runs, and says what is new', async () => {
    const { id, h, sb } = await open([]);
    const styles = h.view(id).info.outputStyles ?? [];
    expect(styles).toContain('default');
    expect(styles).not.toContain('Terse');
    expect(h.view(id).info.commands?.map((c) => c.name)).not.toContain('tidy-imports');

    writeSkill(sb.cwd, 'tidy-imports');
    writeStyle(sb.cwd);
    const report = await reload(h, id);

    expect(report.added).toContain('tidy-imports');
    expect(report.commands).toContain('tidy-imports');
    expect(report.outputStyles).toContain('Terse');
    expect(report.addedStyles).toEqual(['Terse']);
    expect(report.pluginsWaiting).toBe(false);
    expect(report.plugins).toBeDefined();
    // The window's lists follow: the slash menu (commands_changed) and the style picker.
    await waitFor(() => h.view(id).info.commands?.some((c) => c.name === 'tidy-imports'), 'the new skill in the commands');
    expect(h.view(id).info.outputStyles).toContain('Terse');
    const said = notices(h, id);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^Reloaded skills, plugins and output styles: \d+ commands and skills \(new: [^)]*\/tidy-imports/);
    expect(said[0]).toContain('(new: Terse)');
  });

  it('sends the chosen output style to the model, and gives it again to a new process when a parked session wakes', async () => {
    const { id, h, sb } = await open([text('One.'), text('Two.'), text('Three.')]);
    writeStyle(sb.cwd);
    await reload(h, id);

    await turn(h, id, 'Before');
    expect(systemText(sb.api.turns().at(-1)!)).not.toContain(TERSE);

    const set = await dispatch(createHandlers(h), 'session:setOutputStyle', { id, style: 'Terse' });
    expect(set.ok).toBe(true);
    expect(h.view(id).info.outputStyle).toBe('Terse');
    await turn(h, id, 'After');
    expect(systemText(sb.api.turns().at(-1)!)).toContain(TERSE);

    // A new process starts with the CLI's defaults; the session gives it the style again, before
    // the message that woke it.
    const pid = h.view(id).info.pid;
    const session = h.list().find((x) => x.id === id)!;
    await session.park();
    await waitFor(() => h.view(id).status === 'parked', 'parked');
    await turn(h, id, 'Woken');
    expect(h.view(id).info.pid).not.toBe(pid);
    expect(h.view(id).info.outputStyle).toBe('Terse');
    expect(systemText(sb.api.turns().at(-1)!)).toContain(TERSE);
  });

  it('refuses a style Claude Code did not list, and changes nothing', async () => {
    const { id, h, sb } = await open([text('Plain.')]);
    const r = await dispatch(createHandlers(h), 'session:setOutputStyle', { id, style: 'Terse' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toBe('Claude Code has no output style named "Terse".');
    expect(h.view(id).info.outputStyle ?? 'default').toBe('default');
    await turn(h, id, 'Hello');
    expect(systemText(sb.api.turns().at(-1)!)).not.toContain('Output Style:');
  });

  it('during a turn, reloads skills at once and plugins when the turn has ended', async () => {
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const { id, h, sb } = await open([{ blocks: [{ type: 'text', text: 'Working on it.' }], hold }]);
    h.send(id, 'Go');
    await waitFor(() => h.view(id).status === 'working' && sb.api.turns().length > 0, 'the turn to be under way', 60_000);
    writeSkill(sb.cwd, 'mid-turn');

    const report = await reload(h, id);
    expect(report.pluginsWaiting).toBe(true);
    expect(report.plugins).toBeUndefined();
    expect(report.added).toContain('mid-turn');
    expect(notices(h, id)[0]).toMatch(/^Reloaded skills and output styles; plugins reload when this turn ends/);

    release();
    await waitFor(() => notices(h, id).length === 2, 'the plugins reloaded after the turn', 60_000);
    expect(notices(h, id)[1]).toMatch(/^Reloaded plugins after the turn: \d+ plugins?, \d+ commands/);
  });
});
