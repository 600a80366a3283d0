// The plan's limits over time (kept per answer, with when the window runs out at today's rate)
// and folders grouped by repository, with a real git worktree.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { estimateLimits, LimitHistoryStore } from '../../../electron/core/usage/limits-history';
import { groupProjects } from '../../../electron/core/usage/usage-service';
import { emptyFigures } from '../../../electron/core/usage/report';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-usage-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const H = 3600_000;
const plan = (percent: number, resetsAt: number) => ({ limitsApply: true, windows: [{ key: 'five_hour', percent, resetsAt }] });

describe('limit history', () => {
  it('keeps each answer in the data dir and says when the window runs out at the rate of the day', () => {
    const dir = tmp();
    const t0 = Date.UTC(2026, 0, 5, 9);
    const store = new LimitHistoryStore(dir);
    store.record(plan(10, t0 + 5 * H), t0);
    store.record(plan(30, t0 + 5 * H), t0 + H);
    // Read again from the file, as the next run would.
    const samples = new LimitHistoryStore(dir).samples();
    expect(samples.map((s) => s.windows[0]!.percent)).toEqual([10, 30]);
    const [e] = estimateLimits(samples, t0 + H);
    expect(e!.perHour).toBeCloseTo(20, 6);
    // 70 more points at 20 an hour: 3.5 hours after the last answer, before the reset.
    expect(e!.runsOutAt).toBe(t0 + H + 3.5 * H);
  });

  it('says nothing runs out when the window resets first, or use is not rising', () => {
    const t0 = Date.UTC(2026, 0, 5, 9);
    const store = new LimitHistoryStore(undefined);
    store.record(plan(10, t0 + 2 * H), t0);
    store.record(plan(20, t0 + 2 * H), t0 + H);
    expect(estimateLimits(store.samples(), t0 + H)[0]!.runsOutAt).toBeUndefined();
    const flat = new LimitHistoryStore(undefined);
    flat.record(plan(40, t0 + 5 * H), t0);
    flat.record(plan(40, t0 + 5 * H), t0 + H);
    expect(estimateLimits(flat.samples(), t0 + H)[0]).toMatchObject({ perHour: 0 });
  });
});

describe('projects', () => {
  it('puts a git worktree and a clide worktree under their repository', () => {
    const base = tmp();
    const repo = path.join(base, 'repo');
    fs.mkdirSync(repo);
    const git = (...args: string[]) => execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { stdio: 'ignore' });
    git('init', '-q');
    git('commit', '-q', '--allow-empty', '-m', 'first');
    const linked = path.join(base, 'linked');
    git('worktree', 'add', '-q', '-b', 'side', linked);
    const made = path.join(base, 'clide-worktrees', 'repo-x');
    const f = (folder: string, output: number) => ({ folder, ...emptyFigures(), output, priced: output / 100 });
    const projects = groupProjects([f(repo, 100), f(linked, 50), f(made, 30), f('/elsewhere', 10)], (folder) => (folder === made ? repo : undefined));
    expect(projects.map((p) => [p.root, p.output])).toEqual([
      [repo, 180],
      ['/elsewhere', 10],
    ]);
    expect(projects[0]!.folders.map((x) => [x.folder, x.worktree])).toEqual([
      [repo, false],
      [linked, true],
      [made, true],
    ]);
  });
});
