// The command palette's list: what it offers for the state of the window, and how typing ranks it.
import { describe, expect, it, vi } from 'vitest';
import type { HistorySession } from '../../../shared/history';
import { filterCommands, paletteCommands, type PaletteDoers, type PaletteState } from '../../../renderer/src/components/palette/palette-commands';
import { sessionView } from '../../support/api-double';

const HOME = '/home/ada';
const past = (id: string, title: string, patch: Partial<HistorySession> = {}): HistorySession => ({
  sessionId: id,
  title,
  named: false,
  lastActivity: 0,
  messageCount: 2,
  bytes: 100,
  cutOff: false,
  cwd: `${HOME}/code/old`,
  ...patch,
});

function setup(patch: Partial<PaletteState> = {}) {
  const doers: PaletteDoers = {
    show: vi.fn(),
    newSession: vi.fn(),
    closeTab: vi.fn(),
    stop: vi.fn(),
    find: vi.fn(),
    exportTranscript: vi.fn(),
    changes: vi.fn(),
    aside: vi.fn(),
    toggleTeam: vi.fn(),
    usage: vi.fn(),
    mcp: vi.fn(),
    rules: vi.fn(),
    reload: vi.fn(),
    outputStyle: vi.fn(),
    tasks: vi.fn(),
    background: vi.fn(),
    history: vi.fn(),
    inbox: vi.fn(),
    settings: vi.fn(),
    checkForUpdates: vi.fn(),
    mode: vi.fn(),
    model: vi.fn(),
    resume: vi.fn(),
    splitRight: vi.fn(),
    closeSplit: vi.fn(),
    moveToOtherPane: vi.fn(),
    focusOtherPane: vi.fn(),
    textSize: vi.fn(),
    runCommand: vi.fn(),
    key: (k) => `Ctrl+${k}`,
  };
  const state: PaletteState = {
    order: ['a', 'b'],
    activeId: 'a',
    sessions: {
      a: sessionView('a', { cwd: `${HOME}/code/api-server` }),
      b: sessionView('b', { cwd: `${HOME}/code/web-ui`, status: 'waiting' }),
    },
    teamOpen: false,
    pending: 1,
    past: [past('p1', 'Fix the login flow'), past('p2', 'Already open', { openIn: 'b' })],
    homeDir: HOME,
    ...patch,
  };
  return { doers, commands: paletteCommands(state, doers) };
}

describe('the command palette', () => {
  it('lists the open sessions first, then actions, modes and models; past sessions wait for a query', () => {
    const { commands } = setup();
    const shown = filterCommands(commands, '');
    expect(shown.slice(0, 2).map((c) => [c.title, c.detail, c.shortcut])).toEqual([
      ['Shown: api-server', '~/code/api-server', 'Ctrl+1'],
      ['Go to web-ui', '~/code/web-ui · needs you', 'Ctrl+2'],
    ]);
    expect(shown.map((c) => c.id)).toEqual(
      expect.arrayContaining(['new', 'inbox', 'find', 'export', 'close', 'history', 'team', 'settings', 'mode:acceptEdits', 'mode:plan']),
    );
    // The current mode and model are not offered again; a running turn is needed for Stop.
    expect(shown.some((c) => c.id === 'mode:default' || c.id === 'stop' || c.id === 'model:claude-opus-4-5')).toBe(false);
    expect(shown.some((c) => c.group === 'Past sessions')).toBe(false);
  });

  it('reloads skills, plugins and output styles of the shown session, and offers its other output styles', () => {
    const a = sessionView('a', { cwd: `${HOME}/code/api-server` });
    a.info = { ...a.info, outputStyles: ['default', 'Explanatory', 'Terse'], outputStyle: 'Terse' };
    const { commands, doers } = setup({ sessions: { a }, order: ['a'] });
    const reload = filterCommands(commands, 'reload plugins')[0];
    expect(reload).toMatchObject({ id: 'reload', title: 'Reload skills, plugins and output styles' });
    expect(filterCommands(commands, 'reload-skills')[0]?.id).toBe('reload');
    reload?.run();
    expect(doers.reload).toHaveBeenCalledWith('a');
    // The style in use is not offered again; "default" is, by its name.
    expect(commands.filter((c) => c.id.startsWith('style:')).map((c) => c.title)).toEqual(['Output style: default', 'Output style: Explanatory']);
    filterCommands(commands, 'output style explanatory')[0]?.run();
    expect(doers.outputStyle).toHaveBeenCalledWith('a', 'Explanatory');
  });

  it('checks for updates, also found as "upgrade" or "new version"', () => {
    const { commands, doers } = setup({ order: [], activeId: undefined, sessions: {} });
    for (const q of ['check for updates', 'upgrade', 'new version']) expect(filterCommands(commands, q)[0]?.id).toBe('updates');
    filterCommands(commands, 'updates')[0]?.run();
    expect(doers.checkForUpdates).toHaveBeenCalledTimes(1);
  });

  it('sizes the transcript text, with its keys and the size now, also found as font or zoom', () => {
    const { commands, doers } = setup({ order: [], activeId: undefined, sessions: {}, textSize: 16 });
    expect(filterCommands(commands, 'transcript text').map((c) => [c.title, c.shortcut, c.detail])).toEqual([
      ['Larger transcript text', 'Ctrl+=', 'now 16 px'],
      ['Smaller transcript text', 'Ctrl+-', 'now 16 px'],
      ['Reset transcript text size', 'Ctrl+0', 'now 16 px'],
    ]);
    expect(filterCommands(commands, 'font bigger')[0]?.id).toBe('text-larger');
    expect(filterCommands(commands, 'zoom')[0]?.id).toBe('text-larger');
    for (const c of filterCommands(commands, 'transcript text')) c.run();
    expect(vi.mocked(doers.textSize).mock.calls).toEqual([['larger'], ['smaller'], ['reset']]);
  });

  it('offers Ask aside for the shown session, also found as /btw', () => {
    const { commands, doers } = setup();
    const aside = filterCommands(commands, 'ask aside')[0];
    expect(aside).toMatchObject({ id: 'aside', shortcut: 'Ctrl+Shift+/' });
    expect(filterCommands(commands, 'btw')[0]?.id).toBe('aside');
    aside?.run();
    expect(doers.aside).toHaveBeenCalledWith('a');
  });

  it('offers Run for the shown session on this computer, also found as dev server, and not for a remote one', () => {
    const { commands, doers } = setup();
    const run = filterCommands(commands, 'dev server')[0];
    expect(run).toMatchObject({ id: 'run', title: "Run the repository's run command", shortcut: 'Ctrl+Shift+R' });
    run?.run();
    expect(doers.runCommand).toHaveBeenCalledWith('a');
    const remote = sessionView('a');
    remote.info = { ...remote.info, location: 'build-box' };
    expect(setup({ sessions: { a: remote }, order: ['a'] }).commands.some((c) => c.id === 'run')).toBe(false);
  });

  it('finds by any words of title, folder or keywords, title matches first', () => {
    const { commands } = setup();
    expect(filterCommands(commands, 'web')[0]?.title).toBe('Go to web-ui');
    expect(filterCommands(commands, 'plan')[0]?.title).toBe('Switch to Plan mode');
    expect(filterCommands(commands, 'login').map((c) => c.title)).toEqual(['Resume “Fix the login flow”']);
    // A past session that is open in a tab is reached as that tab, not resumed twice.
    expect(filterCommands(commands, 'already')).toEqual([]);
    expect(filterCommands(commands, 'zzz nothing')).toEqual([]);
  });

  it('runs what it names against the shown session', () => {
    const { commands, doers } = setup({ sessions: { a: sessionView('a', { status: 'working' }), b: sessionView('b') } });
    const run = (id: string) => commands.find((c) => c.id === id)?.run();
    run('go:b');
    run('stop');
    run('mode:plan');
    run('past:p1');
    expect(doers.show).toHaveBeenCalledWith('b');
    expect(doers.stop).toHaveBeenCalledWith('a');
    expect(doers.mode).toHaveBeenCalledWith('a', 'plan');
    expect(doers.resume).toHaveBeenCalledWith(expect.objectContaining({ sessionId: 'p1' }));
  });

  it('opens the Tasks panel, and offers "Run in background" (Ctrl+B) only while something runs in the foreground', () => {
    const idle = setup();
    idle.commands.find((c) => c.id === 'tasks')?.run();
    expect(idle.doers.tasks).toHaveBeenCalled();
    expect(idle.commands.some((c) => c.id === 'background')).toBe(false);
    const fg = { t1: { taskId: 't1', toolUseId: 'tu', backgrounded: false, status: 'running', updatedAt: 1 } };
    const busy = setup({ sessions: { a: sessionView('a', { status: 'working', tasks: fg }), b: sessionView('b') } });
    const move = busy.commands.find((c) => c.id === 'background');
    expect(move).toMatchObject({ title: 'Run in background', shortcut: 'Ctrl+B' });
    move?.run();
    expect(busy.doers.background).toHaveBeenCalledWith('a');
  });

  it('offers "Split right" with two tabs, then "Close split", "Focus other pane" and "Move tab to other pane"', () => {
    const one = setup({ order: ['a'] });
    expect(one.commands.some((c) => c.id.startsWith('split'))).toBe(false);
    const single = setup();
    const splitIds = (cs: typeof single.commands) => cs.filter((c) => c.id.startsWith('split')).map((c) => [c.title, c.shortcut]);
    expect(splitIds(single.commands)).toEqual([
      ['Split right', 'Ctrl+\\'],
      ['Move tab to other pane', 'Ctrl+Shift+\\'],
    ]);
    filterCommands(single.commands, 'split right')[0]?.run();
    expect(single.doers.splitRight).toHaveBeenCalled();
    const split = setup({ split: true });
    expect(splitIds(split.commands).map(([t]) => t)).toEqual(['Close split', 'Focus other pane', 'Move tab to other pane']);
    filterCommands(split.commands, 'move tab other pane')[0]?.run();
    expect(split.doers.moveToOtherPane).toHaveBeenCalledWith('a');
  });

  it('offers no mode or model for a session that has ended', () => {
    const { commands } = setup({ sessions: { a: sessionView('a', { status: 'failed' }), b: sessionView('b') } });
    expect(commands.some((c) => c.group === 'Mode' || c.group === 'Model')).toBe(false);
  });
});
