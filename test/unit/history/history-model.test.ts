import { describe, expect, it } from 'vitest';
import type { HistorySession } from '../../../shared/history';
import { displayPath, firstRows, flatten, groupByProject, matches, messageCount, relativeTime } from '../../../renderer/src/components/history/history-model';
import { formatBytes } from '../../../renderer/src/lib/format';

const base = Date.UTC(2026, 10, 20, 15, 0, 0);
const s = (id: string, patch: Partial<HistorySession> = {}): HistorySession => ({
  sessionId: id,
  title: `session ${id}`,
  named: false,
  lastActivity: base,
  messageCount: 2,
  bytes: 1000,
  cutOff: false,
  cwd: '/home/ada/code/api',
  ...patch,
});

describe('history search and grouping', () => {
  it('matches every word anywhere in title, first prompt, folder, branch or id', () => {
    const x = s('abc', { title: 'Fix the login bug', firstPrompt: 'the redirect loops', gitBranch: 'feature/auth' });
    expect(matches(x, '')).toBe(true);
    expect(matches(x, 'LOGIN redirect')).toBe(true);
    expect(matches(x, 'auth api')).toBe(true);
    expect(matches(x, 'abc')).toBe(true);
    expect(matches(x, 'login banana')).toBe(false);
  });

  it("keeps a remote host's sessions in groups of their own, found by the host's name too", () => {
    const groups = groupByProject([
      s('1', { cwd: '/w/a', lastActivity: base - 100 }),
      s('2', { cwd: '/w/a', location: 'box', lastActivity: base - 200 }),
      s('3', { cwd: '/w/a', location: 'gpu', lastActivity: base - 300 }),
    ]);
    expect(groups.map((g) => [g.location, g.sessions.map((x) => x.sessionId)])).toEqual([
      [undefined, ['1']],
      ['box', ['2']],
      ['gpu', ['3']],
    ]);
    expect(groupByProject([s('1'), s('2', { location: 'box' })], 'box').map((g) => g.location)).toEqual(['box']);
  });

  it('groups by folder, most recent project first, newest session first, unknown folders together', () => {
    const groups = groupByProject([
      s('1', { cwd: '/w/a', lastActivity: base - 5000 }),
      s('2', { cwd: '/w/b', lastActivity: base - 1000 }),
      s('3', { cwd: '/w/a', lastActivity: base - 100 }),
      s('4', { cwd: undefined, lastActivity: base - 99_000 }),
    ]);
    expect(groups.map((g) => [g.name, g.sessions.map((x) => x.sessionId)])).toEqual([
      ['a', ['3', '1']],
      ['b', ['2']],
      ['Unknown folder', ['4']],
    ]);
    expect(flatten(groups).map((x) => x.sessionId)).toEqual(['3', '1', '2', '4']);
    expect(groupByProject([s('1', { cwd: '/w/a' })], 'zzz')).toEqual([]);
    expect(firstRows(groups, 3).map((g) => g.sessions.length)).toEqual([2, 1]);
    expect(firstRows(groups, 1).map((g) => g.sessions.map((x) => x.sessionId))).toEqual([['3']]);
  });

  it('puts a session of a worktree clide made under the repository it came from, found by its branch', () => {
    const wt = { repoRoot: '/w/api', branch: 'clide/fix-login-1', base: 'main' };
    const groups = groupByProject([
      s('1', { cwd: '/w/api', lastActivity: base - 5000 }),
      s('2', { cwd: '/home/ada/.clide/worktrees/api/clide-fix-login-1', worktree: wt, lastActivity: base - 100 }),
    ]);
    expect(groups.map((g) => [g.cwd, g.sessions.map((x) => x.sessionId)])).toEqual([['/w/api', ['2', '1']]]);
    expect(groupByProject([s('2', { worktree: wt })], 'fix-login').map((g) => g.sessions.length)).toEqual([1]);
  });
});

describe('history formatting', () => {
  it('says when, in words a person uses', () => {
    const now = new Date(2026, 10, 20, 15, 0, 0).getTime();
    expect(relativeTime(now - 20_000, now)).toBe('just now');
    expect(relativeTime(now - 5 * 60_000, now)).toBe('5 min ago');
    expect(relativeTime(now - 3 * 3_600_000, now)).toBe('3 h ago');
    expect(relativeTime(new Date(2026, 10, 19, 23, 0).getTime(), now)).toBe('yesterday');
    expect(relativeTime(new Date(2026, 10, 17, 9, 0).getTime(), now)).toBe('Tuesday');
    expect(relativeTime(new Date(2026, 2, 12, 9, 0).getTime(), now)).toBe('12 Mar');
    expect(relativeTime(new Date(2025, 2, 12, 9, 0).getTime(), now)).toBe('12 Mar 2025');
  });

  it('shortens the home folder, counts messages and sizes transcripts', () => {
    expect(displayPath('/home/ada/code/x', '/home/ada')).toBe('~/code/x');
    expect(displayPath('/home/ada', '/home/ada/')).toBe('~');
    expect(displayPath('/home/adam/x', '/home/ada')).toBe('/home/adam/x');
    expect(displayPath('/srv/x', undefined)).toBe('/srv/x');
    expect(messageCount(1)).toBe('1 message');
    expect(messageCount(1234)).toBe('1,234 messages');
    expect(formatBytes(200)).toBe('1 KB');
    expect(formatBytes(840 * 1024)).toBe('840 KB');
    expect(formatBytes(5.5 * 1024 * 1024)).toBe('5.5 MB');
    expect(formatBytes(104 * 1024 * 1024)).toBe('104 MB');
  });
});
