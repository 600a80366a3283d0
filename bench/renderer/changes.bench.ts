// bench-figures: G1 G1UI G1BIG
// G1's window half: opening the Changes panel of an isolated session with 500 changed files and
// 20,000 diff lines, from the click to the painted frame that shows the file list and the first
// file's diff, plus what the host spends answering it on real git (the list without line counts,
// then that first diff; the counts come after), against a plain `git diff --stat`
// of the same tree in the same run. Then one file whose diff alone is 20,000 lines, opened in
// full (virtualised). The lists and diffs the page gets are the core's own answers for those
// trees, served by the in-page API double. The figure is for a window that has settled (a person
// looks before they click); the note also gives a click made while the window is still loading.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { diffFiles, listChanges, type Tree } from '../../electron/core/git/changes';
import { GitRunner } from '../../electron/core/git/runner';
import type { Changes, FileDiff, WorktreeInfo } from '../../shared/git';
import { applyEvents } from '../../shared/transcript';
import { doubleOptions, installApiDouble, sessionView, snapshotWith, type Reply } from '../../test/support/api-double';
import { serveStatic } from '../../test/support/static-server';
import { bigFileRepo, changedRepo, FILES, type ChangedRepo } from '../core/changes-repo';
import { launchBenchChromium } from './chromium';
import { ensureRenderer, median, settled } from './harness';

const ROUNDS = 5;
const TARGET_MS = 200;

const info: WorktreeInfo = {
  repoRoot: '/home/ada/code/big',
  worktreeDir: '/home/ada/.clide/worktrees/big/clide-bench-1',
  branch: 'work',
  base: 'main',
  baseCommit: '0'.repeat(40),
  createdAt: 0,
};

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = performance.now();
  const value = await fn();
  return { ms: performance.now() - t, value };
}

/**
 * The host's answers for a tree, timed as the panel asks for them: the list without line counts,
 * then the first file's diff (the panel is open), then the list with counts (they fill in; the
 * time to them is noted too).
 */
async function answers(
  r: ChangedRepo,
  first: string | undefined,
  full: boolean,
): Promise<{ quick: Changes; changes: Changes; diff: FileDiff; coreMs: number; countsMs: number; statMs: number }> {
  const runner = new GitRunner({ env: r.env });
  const run = (args: readonly string[], o = {}) => runner.run(args, { cwd: r.repo, ...o });
  const tree: Tree = { cwd: r.repo, base: { name: 'main', commit: r.base } };
  const core: number[] = [];
  const counts: number[] = [];
  const stat: number[] = [];
  let quick: Changes | undefined;
  let changes: Changes | undefined;
  let diff: FileDiff | undefined;
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    const q = await listChanges(run, tree, { counts: false });
    const f = q.files.find((x) => x.path === first) ?? q.files.find((x) => x.unstaged) ?? q.files[0]!;
    // As the panel asks: against the commit the listing compared with.
    const d = (await diffFiles(run, tree, [f], 'base', { full, compare: q.baseCommit }))[0]!;
    core.push(performance.now() - t);
    const c = await listChanges(run, tree);
    counts.push(performance.now() - t);
    const b = await timed(() => runner.direct(['diff', '--stat', r.base], { cwd: r.repo }));
    stat.push(b.ms);
    quick = q;
    changes = c;
    diff = d;
  }
  return { quick: quick!, changes: changes!, diff: diff!, coreMs: median(core), countsMs: median(counts), statMs: median(stat) };
}

/** Click "Changes" and time to the painted frame showing the file list and the first diff's lines. */
function openPanel(page: Page, expand: boolean): Promise<{ ms: number; listMs: number; files: number; lines: number }> {
  return page.evaluate(async (showLarge) => {
    const painted = () =>
      new Promise<void>((done) =>
        requestAnimationFrame(() => {
          const ch = new MessageChannel();
          ch.port1.onmessage = () => done();
          ch.port2.postMessage(0);
        }),
      );
    const button = [...document.querySelectorAll<HTMLButtonElement>('.toolbar-button')].find((b) => b.textContent?.startsWith('Changes'));
    if (!button) throw new Error('no Changes button');
    const t0 = performance.now();
    let listMs = 0;
    button.click();
    for (let i = 0; i < 600; i++) {
      await painted();
      if (!listMs && document.querySelectorAll('.cf-row').length > 0) listMs = performance.now() - t0;
      if (showLarge) {
        const show = [...document.querySelectorAll<HTMLButtonElement>('.cd-state button')].find((b) => b.textContent === 'Show the diff');
        show?.click();
      }
      const rows = document.querySelectorAll('.cd-row').length;
      if (rows > 0 && document.querySelectorAll('.cf-row').length > 0) {
        await painted();
        return { ms: performance.now() - t0, listMs, files: document.querySelectorAll('.cf-row').length, lines: rows };
      }
    }
    throw new Error('the panel never showed a diff');
  }, expand);
}

async function measure(url: string, r: ChangedRepo, first: string | undefined, expand: boolean) {
  const a = await answers(r, first, expand);
  const view = applyEvents(sessionView('wt', { cwd: info.worktreeDir }), [
    { kind: 'worktree', worktree: info, state: 'ready' },
    {
      kind: 'git-status',
      status: {
        branch: 'work',
        head: a.changes.head,
        base: 'main',
        filesChanged: a.changes.files.length,
        ahead: 1,
        behind: 0,
        uncommitted: true,
        conflicted: 0,
        at: 0,
      },
    },
  ]);
  const reply = (value: unknown): Reply[] => [{ ok: true, value }];
  const options = doubleOptions(snapshotWith([view]), {
    replies: {
      'git:diff': reply({ files: [a.diff] }),
      'worktree:prCheck': reply({ available: false, problem: 'gh-missing' }),
    },
    keyed: { 'git:changes': { by: ['counts'], answers: { false: reply(a.quick)[0]!, '': reply(a.changes)[0]! } } },
  });
  const browser = await launchBenchChromium();
  const ui: number[] = [];
  const list: number[] = [];
  const cold: number[] = [];
  let shown = { files: 0, lines: 0 };
  try {
    for (let i = 0; i < ROUNDS * 2; i++) {
      // A fresh page each round: the first opening is the one that reads and draws everything.
      // Every other round clicks as soon as the composer is up (the window's parts still loading).
      const warm = i % 2 === 0;
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
      await page.addInitScript(installApiDouble, options);
      await page.goto(url);
      await page.getByRole('textbox', { name: 'Message Claude' }).waitFor({ timeout: 60_000 });
      if (warm) await settled(page);
      const r = await openPanel(page, expand);
      if (warm) {
        ui.push(r.ms);
        list.push(r.listMs);
      } else cold.push(r.ms);
      shown = { files: r.files, lines: r.lines };
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const lines = a.diff.patch.split('\n').filter((l) => /^[+-](?![+-]{2} )/.test(l)).length;
  return {
    uiMs: median(ui),
    listMs: median(list),
    coldMs: median(cold),
    coreMs: a.coreMs,
    countsMs: a.countsMs,
    statMs: a.statMs,
    files: a.changes.files.length,
    lines,
    shown,
  };
}

function emit(name: string, value: number, baseline: number, note: string): void {
  const line = {
    name,
    value: Math.round(value * 10) / 10,
    baseline: Math.round(baseline * 10) / 10,
    ratio: Math.round((value / baseline) * 100) / 100,
    target: Math.round((TARGET_MS / baseline) * 100) / 100,
    unit: 'ms (wall)',
    met: value <= TARGET_MS,
    note,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

const asked = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim().toUpperCase())
  .filter(Boolean);
if (asked.length === 0 || asked.includes('G1UI') || asked.includes('G1BIG') || asked.includes('G1')) {
  const dist = await ensureRenderer(process.cwd());
  const server = await serveStatic(dist);
  const many = changedRepo();
  const big = bigFileRepo();
  try {
    const m = await measure(server.url, many, undefined, false);
    emit(
      'G1UI',
      m.uiMs + m.coreMs,
      m.statMs,
      `opens <= ${TARGET_MS} ms: ${m.files} files (${FILES} asked), first diff ${m.lines} lines: host listing + first diff ${m.coreMs.toFixed(1)} ms (line counts ${m.countsMs.toFixed(1)} ms), drawing ${m.uiMs.toFixed(1)} ms (the list in ${m.listMs.toFixed(1)} ms; ${m.shown.files} file rows, ${m.shown.lines} diff rows mounted); clicked while the window still loads its parts ${m.coldMs.toFixed(0)} ms; baseline git diff --stat`,
    );
    const b = await measure(server.url, big, big.file, true);
    emit(
      'G1BIG',
      b.uiMs + b.coreMs,
      b.statMs,
      `one file with a ${b.lines}-line diff, loaded and shown in full: host ${b.coreMs.toFixed(1)} ms (line counts ${b.countsMs.toFixed(1)} ms), drawing ${b.uiMs.toFixed(1)} ms (${b.shown.lines} of its rows mounted: virtualised); clicked while the window still loads ${b.coldMs.toFixed(0)} ms; baseline git diff --stat`,
    );
  } finally {
    await server.close();
    fs.rmSync(many.dir, { recursive: true, force: true });
    fs.rmSync(big.dir, { recursive: true, force: true });
  }
}
