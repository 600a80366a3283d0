// The Changes panel's reading of a patch, held against what real git prints: hunks with line
// numbers (the same hunks, in the same order, as the core's edits name), word marks on the
// lines a change rewrote, and side-by-side rows.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { hunksOf, splitPatch } from '../../../electron/core/git/patch';
import { hunkMarks, hunksOfPatch, splitRows, wordMarks } from '../../../renderer/src/components/changes/patch-lines';
import { lines, tempRepos } from '../../support/git-repo';

const repos = tempRepos();

function gitDiff(cwd: string, env: NodeJS.ProcessEnv, ...args: string[]): string {
  return execFileSync('git', ['diff', '--no-color', '--no-ext-diff', ...args], { cwd, env, encoding: 'utf8' });
}

describe('hunksOfPatch', () => {
  it('reads a real git patch: the same hunks as the core, with old and new line numbers', () => {
    const repo = repos({ files: { 'a.txt': lines(40) } });
    repo.write('a.txt', lines(40).replace('line 3\n', 'line three\n').replace('line 30\n', 'line 30\nnew after 30\n').replace('line 38\n', ''));
    const patch = gitDiff(repo.root, repo.env, '--', 'a.txt');
    const hunks = hunksOfPatch(patch);
    const core = hunksOf(splitPatch(patch)[0]!);
    expect(hunks.map((h) => h.header)).toEqual(core.map((h) => h.header));
    expect(hunks.map((h) => h.index)).toEqual([0, 1, 2]);
    expect(hunks.map((h) => h.range)).toEqual(['@@ -1,6 +1,6 @@', '@@ -28,6 +28,7 @@', '@@ -35,6 +36,5 @@']);
    const first = hunks[0]!;
    expect(first).toMatchObject({ oldStart: 1, newStart: 1, oldLines: 6, newLines: 6 });
    expect(first.lines.find((l) => l.kind === 'del')).toEqual({ kind: 'del', text: 'line 3', oldNo: 3 });
    expect(first.lines.find((l) => l.kind === 'add')).toEqual({ kind: 'add', text: 'line three', newNo: 3 });
    expect(hunks[1]!.lines.find((l) => l.kind === 'add')).toEqual({ kind: 'add', text: 'new after 30', newNo: 31 });
    expect(hunks[2]!.lines.find((l) => l.kind === 'del')).toEqual({ kind: 'del', text: 'line 38', oldNo: 38 });
  });

  it('keeps the section heading apart, reads one-line hunks and the no-newline note', () => {
    const repo = repos({ files: { 'f.js': 'function main() {\n  a();\n  b();\n  c();\n  d();\n}\nlast' } });
    repo.write('f.js', 'function main() {\n  a();\n  b();\n  c();\n  d();\n}\nlast changed');
    const hunks = hunksOfPatch(gitDiff(repo.root, repo.env, '--', 'f.js'));
    expect(hunks).toHaveLength(1);
    expect(hunks[0]!.range).toMatch(/^@@ -\d+,\d+ \+\d+,\d+ @@$/);
    expect(hunks[0]!.section).toBe('function main() {');
    expect(hunks[0]!.lines.filter((l) => l.kind === 'note').map((l) => l.text)).toEqual(['No newline at end of file', 'No newline at end of file']);
    expect(hunksOfPatch('@@ -1 +1 @@\n-a\n+b\n')[0]).toMatchObject({ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1 });
  });

  it('has no hunks for a binary file and stops at a cut last line', () => {
    const repo = repos({ files: { 'x.bin': '\0one' } });
    repo.write('x.bin', Buffer.from([0, 1, 2, 3]));
    expect(hunksOfPatch(gitDiff(repo.root, repo.env, '--', 'x.bin'))).toEqual([]);
    const cut = hunksOfPatch('@@ -1,3 +1,3 @@\n a\n-b\n+c\nd-cut-in-the-mid');
    expect(cut[0]!.lines.map((l) => l.text)).toEqual(['a', 'b', 'c']);
  });
});

describe('word marks', () => {
  it('marks only the words a rewrite changed, on both sides', () => {
    const m = wordMarks('const total = price * count;', 'const total = price * quantity + tax;');
    expect(m).toBeDefined();
    const pick = (text: string, marks: ReadonlyArray<readonly [number, number]>) => marks.map(([a, b]) => text.slice(a, b));
    expect(pick('const total = price * count;', m!.old)).toEqual(['count']);
    expect(pick('const total = price * quantity + tax;', m!.new)).toEqual(['quantity + tax']);
  });

  it('leaves unrelated lines, identical lines and huge lines unmarked', () => {
    expect(wordMarks('import fs from "node:fs";', 'return 42;')).toBeUndefined();
    expect(wordMarks('same', 'same')).toBeUndefined();
    expect(wordMarks('x'.repeat(2000), `${'x'.repeat(1999)}y`)).toBeUndefined();
  });

  it('pairs the k-th removed line with the k-th added one of each run', () => {
    const hunk = hunksOfPatch('@@ -1,4 +1,4 @@\n keep\n-let a = 1;\n-let b = 2;\n+let a = 10;\n+let b = 20;\n+extra line\n')[0]!;
    const marks = hunkMarks(hunk.lines);
    expect([...marks.keys()].sort()).toEqual([1, 2, 3, 4]);
    expect(marks.get(1)).toEqual([[8, 9]]);
    expect(marks.get(3)).toEqual([[8, 10]]);
  });
});

describe('splitRows', () => {
  it('puts removed lines beside the added lines that replaced them, context on both sides', () => {
    const hunk = hunksOfPatch('@@ -1,4 +1,4 @@\n keep\n-old 1\n-old 2\n+new 1\n end\n')[0]!;
    const rows = splitRows(hunk.lines).map((r) => [r.left?.line.text ?? null, r.right?.line.text ?? null]);
    expect(rows).toEqual([
      ['keep', 'keep'],
      ['old 1', 'new 1'],
      ['old 2', null],
      ['end', 'end'],
    ]);
  });
});
