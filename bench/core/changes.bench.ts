// bench-figures: G1
// G1: the core's part of opening the Changes panel (the listing plus every file's diff) for 500
// changed files and 20,000 diff lines, against a plain `git diff --stat` of the same tree run in
// the same rounds. Wall time: the work happens in git processes, which this process's CPU time
// would not count. (Drawing the panel is measured with the UI; the target there is 200 ms.)
// The same figure also counts the git processes an idle, clean isolated session starts over 5 s
// (watchers, not polling: none), beside what a 1 s poll of its status would start.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SessionHost } from '../../electron/core/host';
import { diffFiles, listChanges, statusOf, type Tree } from '../../electron/core/git/changes';
import { GitRunner } from '../../electron/core/git/runner';
import { changedRepo, FILES, makeRepo } from './changes-repo';
import { log, median, report, wanted } from './lib';
import { FAKE_CLI, scenarioPath, sleep, until } from './live';

const ROUNDS = 9;
const IDLE_MS = 5000;

async function timeAsync(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function changesFigure(idle: { idle: number; polled: number }): Promise<void> {
  const { dir, env, repo, base } = changedRepo();
  try {
    const runner = new GitRunner({ env });
    const run = (args: readonly string[], o = {}) => runner.run(args, { cwd: repo, ...o });
    const tree: Tree = { cwd: repo, base: { name: 'main', commit: base } };
    let diffLines = 0;
    const panel = async () => {
      const changes = await listChanges(run, tree);
      const diffs = await diffFiles(run, tree, changes.files, 'base');
      diffLines = diffs.reduce((n, d) => n + d.patch.split('\n').filter((l) => /^[+-](?![+-]{2} )/.test(l)).length, 0);
      if (changes.files.length !== FILES) throw new Error(`listed ${changes.files.length} files, not ${FILES}`);
    };
    const stat = () => runner.direct(['diff', '--stat', base], { cwd: repo });
    await panel();
    await stat();
    const a: number[] = [];
    const b: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      if (r % 2 === 0) {
        a.push(await timeAsync(panel));
        b.push(await timeAsync(stat));
      } else {
        b.push(await timeAsync(stat));
        a.push(await timeAsync(panel));
      }
    }
    const value = median(a);
    const baseline = median(b);
    log(`G1: listing + diffs of ${FILES} files (${diffLines} diff lines) ${value.toFixed(1)} ms; git diff --stat ${baseline.toFixed(1)} ms`);
    // Three passes over the tree are the floor (the listing's status and diff, then the patches),
    // each about as heavy as the baseline's one: 3x, plus the small commands and the parsing.
    report({
      name: 'G1',
      value,
      baseline,
      target: 4.5,
      unit: 'ms (wall)',
      met: value / baseline <= 4.5 && idle.idle === 0,
      note: `${FILES} files, ${diffLines} diff lines: core part of opening the panel (UI target 200 ms); idle clean worktree: ${idle.idle} git processes in ${IDLE_MS / 1000} s (a 1 s poll: ${idle.polled})`,
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function idleCount(): Promise<{ idle: number; polled: number }> {
  const { dir, env, git } = makeRepo();
  const repo = path.join(dir, 'repo');
  fs.writeFileSync(path.join(repo, 'a.txt'), 'a\n');
  git(['add', '-A']);
  git(['commit', '-qm', 'base']);
  env.CLIDE_FAKE_SCENARIO = scenarioPath('idle');
  const host = new SessionHost({ host: 'web', env, homeDir: dir, defaultCwd: repo, findClaude: () => ({ found: true, path: FAKE_CLI, source: 'env' }) });
  try {
    const info = await host.isolation.prepare(repo, {});
    const { id } = host.create({ cwd: info.worktreeDir, worktree: info, setup: true });
    await until(() => host.view(id).status === 'ready' && host.view(id).gitStatus !== undefined, 'the isolated session and its glance');
    const runner = host.isolation.git;
    // One status refresh, as a poll would run it.
    const before = runner.spawned;
    await statusOf(host.isolation.runIn(info.worktreeDir), { cwd: info.worktreeDir, base: { name: info.base, commit: info.baseCommit } });
    const perRefresh = runner.spawned - before;
    await sleep(1000);
    const start = runner.spawned;
    await sleep(IDLE_MS);
    const idle = runner.spawned - start;
    const polled = perRefresh * (IDLE_MS / 1000);
    log(`G1: ${idle} git processes in ${IDLE_MS / 1000} s idle; a 1 s poll would start ${polled}`);
    return { idle, polled };
  } finally {
    await host.shutdown();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (wanted('G1')) await changesFigure(await idleCount());
