// An isolated session for the UI tests of the Changes panel and the worktree dialogs. Its
// file list and diffs are what the core's own code reads from a real git repository made
// here (a branch with committed, staged, unstaged and untracked changes, a rename, a binary,
// a large file), so the panel is tested on real git output; the rest is a scripted view.
import fs from 'node:fs';
import path from 'node:path';
import { diffFiles, listChanges, type Tree } from '../../../electron/core/git/changes';
import { GitRunner } from '../../../electron/core/git/runner';
import type { SessionEvent } from '../../../shared/events';
import type { Changes, DiffScope, GitStatus, WorktreeInfo } from '../../../shared/git';
import { applyEvents, type SessionView } from '../../../shared/transcript';
import { doubleOptions, sessionView, snapshotWith, type ApiDoubleOptions, type Reply } from '../../support/api-double';
import { lines, makeRepo } from '../../support/temp-repo';

export const WT = 'wt';
export const HOME = '/home/ada';

export const worktreeInfo: WorktreeInfo = {
  repoRoot: `${HOME}/code/orders`,
  worktreeDir: `${HOME}/.clide/worktrees/orders/clide-tax-totals-1`,
  branch: 'clide/tax-totals-1',
  base: 'main',
  baseCommit: '5d41402abc4b2a76b9719d911017c592ae1b2a7e',
  createdAt: Date.now() - 3_600_000,
};

export const glance: GitStatus = {
  branch: worktreeInfo.branch,
  head: '7c4a8d09ca3762af61e59520943dc26494f8941b',
  base: 'main',
  filesChanged: 8,
  ahead: 2,
  behind: 1,
  uncommitted: true,
  conflicted: 0,
  at: Date.now(),
};

const ORDERS = `export interface Line {
  price: number;
  count: number;
}

export function lineTotal(line: Line): number {
  return line.price * line.count;
}

export function orderTotal(lines: Line[]): number {
  let total = 0;
  for (const l of lines) total += lineTotal(l);
  return total;
}
${lines(30, '// filler')}
export function describe(lines: Line[]): string {
  return \`\${lines.length} lines\`;
}
`;

/** The repository, its changes and every diff the panel may ask for, as the core reads them. */
async function readRepo(): Promise<{ changes: Changes; quick: Changes; diffs: Record<string, Reply>; cleanup(): void }> {
  const repo = makeRepo({
    files: {
      'src/orders.ts': ORDERS,
      'README.md': '# Orders\n\nTotals for orders.\n',
      'docs/guide.md': lines(12, 'guide'),
      'legacy.txt': 'old\n',
      'data/big.csv': lines(10, 'row'),
    },
  });
  const base = repo.git(['rev-parse', 'HEAD']);
  repo.git(['checkout', '-q', '-b', 'clide/tax-totals-1']);
  repo.write('src/api/health.ts', 'export const health = () => ({ ok: true });\n');
  repo.commit('Add a health check');
  repo.write(
    'src/orders.ts',
    ORDERS.replace('return line.price * line.count;', 'return line.price * line.quantity + line.tax;').replace(
      '  count: number;\n',
      '  quantity: number;\n  tax: number;\n',
    ),
  );
  repo.write('README.md', '# Orders\n\nTotals for orders, with tax.\n');
  repo.git(['add', 'README.md']);
  repo.write('README.md', '# Orders\n\nTotals for orders, with tax.\n\nRun `npm test`.\n');
  repo.git(['mv', 'docs/guide.md', 'docs/handbook.md']);
  fs.rmSync(path.join(repo.root, 'legacy.txt'));
  repo.write('data/big.csv', lines(3000, 'row'));
  repo.write('notes/todo.md', '- rounding rules\n- currency per line\n');
  repo.write('assets/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 1, 2, 3]));
  const git = new GitRunner({ env: repo.env });
  const run = (args: readonly string[], o = {}) => git.run(args, { cwd: repo.root, ...o });
  const tree: Tree = { cwd: repo.root, base: { name: 'main', commit: base } };
  const changes = await listChanges(run, tree);
  const quick = await listChanges(run, tree, { counts: false });
  const diffs: Record<string, Reply> = {};
  for (const f of changes.files) {
    const scopes: DiffScope[] = ['base', ...(f.staged ? (['staged'] as const) : []), ...(f.unstaged ? (['unstaged'] as const) : [])];
    for (const scope of scopes) {
      const files = await diffFiles(run, tree, [{ path: f.path, oldPath: f.oldPath, untracked: f.untracked }], scope);
      diffs[`${scope}|${f.path}`] = { ok: true, value: { files } };
    }
  }
  return { changes, quick, diffs, cleanup: () => fs.rmSync(repo.base, { recursive: true, force: true }) };
}

export function isolatedView(extra: SessionEvent[] = []): SessionView {
  return applyEvents(sessionView(WT, { cwd: worktreeInfo.worktreeDir }), [
    { kind: 'info', info: { title: 'Tax in order totals' } },
    { kind: 'worktree', worktree: worktreeInfo, state: 'ready' },
    { kind: 'git-status', status: glance },
    { kind: 'user', id: 'u1', text: 'Add tax to the order totals, and a health check.', at: Date.now() - 600_000 },
    {
      kind: 'block',
      messageId: 'm1',
      index: 0,
      block: { type: 'text', text: 'Done: `lineTotal` now adds the tax, and `/health` answers. I left the big fixture regenerated.' },
      at: Date.now() - 590_000,
    },
    { kind: 'message-end', messageId: 'm1' },
    ...extra,
  ]);
}

export interface ChangesScenario {
  view: SessionView;
  changes: Changes;
  /** The same list without line counts, as the panel asks for it first. */
  quick: Changes;
  keyed: Record<string, { by: string[]; answers: Record<string, Reply> }>;
  replies: Record<string, Reply[]>;
  /** The double's options for the app with this session, more answers merged over its own. */
  options(replies?: Record<string, Reply[]>): ApiDoubleOptions;
  cleanup(): void;
}

export async function changesScenario(extra: SessionEvent[] = []): Promise<ChangesScenario> {
  const { changes, quick, diffs, cleanup } = await readRepo();
  const view = isolatedView(extra);
  const keyed = {
    'git:diff': { by: ['scope', 'files.0.path'], answers: diffs },
    'git:changes': { by: ['counts'], answers: { false: { ok: true, value: quick } as Reply, '': { ok: true, value: changes } as Reply } },
  };
  const replies: Record<string, Reply[]> = {
    'git:status': [{ ok: true, value: glance }],
    'worktree:prCheck': [
      {
        ok: true,
        value: {
          available: false,
          problem: 'gh-missing',
          reason: 'The GitHub CLI (gh) is not installed.',
          hint: 'Install it from https://cli.github.com, then run `gh auth login`.',
          remote: 'origin',
        },
      },
    ],
  };
  return {
    view,
    changes,
    quick,
    keyed,
    replies,
    options: (more = {}) => doubleOptions(snapshotWith([view]), { replies: { ...replies, ...more }, keyed }),
    cleanup,
  };
}
