// The Changes panel's pure parts: how files are grouped and named, where a review comment lands
// among the diff's rows (unified and side by side), how Claude's drafts are read, and when a
// worktree holds the composer.
import { describe, expect, it } from 'vitest';
import type { ChangedFile } from '../../../shared/git';
import { reviewComments } from '../../../renderer/src/components/changes/changes-actions';
import type { ReviewDraft } from '../../../renderer/src/components/changes/changes-store';
import { draftText, titleAndBody } from '../../../renderer/src/components/changes/claude-draft';
import { diffRows, lineLabel } from '../../../renderer/src/components/changes/diff-rows';
import { listRows, sectionsOf, splitPath, whereOf } from '../../../renderer/src/components/changes/file-groups';
import { hunksOfPatch } from '../../../renderer/src/components/changes/patch-lines';
import { titleFromBranch } from '../../../renderer/src/components/worktree/pull-request-dialog';
import { worktreeHold } from '../../../renderer/src/components/worktree/worktree-banner';

const file = (path: string, patch: Partial<ChangedFile> = {}): ChangedFile => ({
  path,
  kind: 'modified',
  added: 1,
  removed: 1,
  binary: false,
  committed: false,
  staged: false,
  unstaged: false,
  untracked: false,
  ...patch,
});

describe('file groups', () => {
  it('puts conflicts first, then what is not committed, then what only commits hold; each file once', () => {
    const files = [
      file('a.ts', { committed: true }),
      file('b.ts', { committed: true, unstaged: true }),
      file('c.ts', { kind: 'conflicted', unstaged: true }),
      file('d.ts', { kind: 'untracked', untracked: true }),
      file('e.ts', { staged: true, unstaged: true }),
    ];
    const sections = sectionsOf(files, 'clide/x-1');
    expect(sections.map((s) => [s.title, s.files.map((f) => f.path)])).toEqual([
      ['Conflicts', ['c.ts']],
      ['Not committed', ['b.ts', 'd.ts', 'e.ts']],
      ['Committed on clide/x-1', ['a.ts']],
    ]);
    expect(listRows(sections).map((r) => r.key)).toEqual(['s:conflicts', 'f:c.ts', 's:pending', 'f:b.ts', 'f:d.ts', 'f:e.ts', 's:committed', 'f:a.ts']);
    expect(whereOf(files[1]!)).toBe('committed, unstaged');
    expect(whereOf(files[4]!)).toBe('staged, unstaged');
    expect(splitPath('src/app/main.ts')).toEqual({ dir: 'src/app/', name: 'main.ts' });
    expect(splitPath('README.md')).toEqual({ dir: '', name: 'README.md' });
  });
});

const patch = '@@ -1,4 +1,4 @@\n keep\n-old two\n+new two\n three\n four\n@@ -10,2 +10,3 @@\n ten\n+added eleven\n twelve\n';
const comment = (id: string, side: 'old' | 'new', startLine: number, endLine = startLine): ReviewDraft => ({
  id,
  path: 'f.ts',
  side,
  startLine,
  endLine,
  text: `c${id}`,
});

describe('diff rows', () => {
  it('places each comment after the line it ends on, a removed line’s on the old side', () => {
    const hunks = hunksOfPatch(patch);
    const { rows, elsewhere } = diffRows({
      hunks,
      layout: 'unified',
      comments: [comment('1', 'new', 2), comment('2', 'old', 2), comment('3', 'new', 1, 11), comment('4', 'new', 99)],
    });
    const keys = rows.map((r) => r.key);
    expect(keys).toEqual(['hunk:0', '0:0', '0:1', 'comment:2', '0:2', 'comment:1', '0:3', '0:4', 'hunk:1', '1:0', '1:1', 'comment:3', '1:2']);
    expect(elsewhere.map((c) => c.id)).toEqual(['4']);
  });

  it('side by side: a removed line beside its replacement, comments after their pair, a draft where it ends', () => {
    const hunks = hunksOfPatch(patch);
    const { rows } = diffRows({ hunks, layout: 'split', comments: [comment('1', 'old', 2)], draft: { side: 'new', start: 3, end: 4 } });
    const pairs = rows.flatMap((r) => (r.kind === 'pair' ? [[r.left?.line.text ?? null, r.right?.line.text ?? null]] : r.kind === 'hunk' ? [] : [[r.kind]]));
    expect(pairs).toEqual([
      ['keep', 'keep'],
      ['old two', 'new two'],
      ['comment'],
      ['three', 'three'],
      ['four', 'four'],
      ['draft'],
      ['ten', 'ten'],
      [null, 'added eleven'],
      ['twelve', 'twelve'],
    ]);
  });

  it('names lines as the review message does', () => {
    expect(lineLabel({ side: 'new', start: 4, end: 4 })).toBe('Line 4');
    expect(lineLabel({ side: 'old', start: 2, end: 5 })).toBe('Lines 2–5 (removed)');
    expect(reviewComments([comment('1', 'new', 3), comment('2', 'old', 2, 4)])).toEqual([
      { path: 'f.ts', startLine: 3, comment: 'c1' },
      { path: 'f.ts', startLine: 2, endLine: 4, side: 'old', comment: 'c2' },
    ]);
  });
});

describe('drafts from Claude', () => {
  it('takes the fenced block of a reply, else the whole reply', () => {
    expect(draftText('Here it is:\n\n```\nAdd tax to totals\n\nLine totals add tax.\n```\nAnything else?')).toBe('Add tax to totals\n\nLine totals add tax.');
    expect(draftText('```text\nFix rounding\n```')).toBe('Fix rounding');
    expect(draftText('  Plain message  ')).toBe('Plain message');
    expect(titleAndBody('# Tax in totals\n\n## What\nLine totals add tax.')).toEqual({ title: 'Tax in totals', body: '## What\nLine totals add tax.' });
    expect(titleFromBranch('clide/fix-login-bug-2')).toBe('Fix login bug');
    expect(titleFromBranch('feature/tax_totals')).toBe('Feature tax totals');
  });
});

describe('worktreeHold', () => {
  const info = { repoRoot: '/r', worktreeDir: '/w', branch: 'b', base: 'main', baseCommit: 'c', createdAt: 0 };
  it('holds the composer while the worktree is set up, waits for an answer, failed, or is missing', () => {
    expect(worktreeHold({})).toBeUndefined();
    expect(worktreeHold({ worktree: { info, state: 'setting-up' } })).toContain('when the worktree’s setup is done');
    expect(worktreeHold({ worktree: { info, state: 'setting-up' }, setup: { phase: 'confirm', source: 'file', output: '', startedAt: 0 } })).toContain(
      'your answer',
    );
    expect(worktreeHold({ worktree: { info, state: 'setting-up' }, setup: { phase: 'failed', source: 'settings', output: '', startedAt: 0 } })).toContain(
      'failed',
    );
    expect(worktreeHold({ worktree: { info, state: 'ready' }, setup: { phase: 'done', source: 'settings', output: '', startedAt: 0 } })).toBeUndefined();
    expect(worktreeHold({ worktree: { info, state: 'missing' } })).toContain('missing');
  });
});
