// What a session changed: every file that differs from its base (committed on the branch,
// staged, unstaged, untracked) with line counts, renames and binary files named as such; the
// tab's cheap glance; and per-file diffs (unified patch text with its hunks).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ChangedFile, Changes, DiffScope, FileDiff, GitStatus } from '../../../shared/git';
import { hunksOf, lineCount, splitPatch } from './patch';
import { realRepoPaths, repoPath } from './paths';
import { parseRawNumstat, parseStatusV2, type DiffEntry, type StatusReport } from './porcelain';
import { nulFields, text, type RunGit } from './runner';

/** git's id of the empty tree: the base of a repository without commits. */
export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/** A working tree and what its changes are measured against. */
export interface Tree {
  cwd: string;
  /** The worktree's base; absent for a session in a shared folder (then: HEAD). */
  base?: { name: string; commit: string };
}

interface Base {
  /** What the person reads: the base branch, or HEAD. */
  label: string;
  /** The commit the files are compared with. */
  commit: string;
  head?: string;
  status: StatusReport;
}

const DIFF_FLAGS = ['--no-color', '--no-ext-diff', '--no-textconv', '--src-prefix=a/', '--dst-prefix=b/'];

async function mergeBase(run: RunGit, ref: string): Promise<string | undefined> {
  const mb = await run(['merge-base', ref, 'HEAD'], { readOnly: true, okCodes: [0, 1, 128] });
  return mb.code === 0 ? text(mb).trim() : undefined;
}

/**
 * HEAD, and the commit changes are measured from: the merge base of HEAD and the worktree's base
 * (its branch, else the commit it started from), HEAD without a base, the empty tree before any
 * commit. The usual merge base is asked for beside HEAD rather than after it: one git process
 * less on the way to the panel's first answer (without commits that merge base just fails).
 * Neither the base branch nor its old commit known any more: measured against HEAD.
 */
export async function headAndCompare(run: RunGit, tree: Tree): Promise<{ head?: string; commit: string }> {
  const [head, first] = await Promise.all([headOf(run), tree.base ? mergeBase(run, tree.base.name) : undefined]);
  if (!head) return { head, commit: EMPTY_TREE };
  if (!tree.base) return { head, commit: head };
  return { head, commit: first ?? (await mergeBase(run, tree.base.commit)) ?? head };
}

export async function headOf(run: RunGit): Promise<string | undefined> {
  const head = await run(['rev-parse', '-q', '--verify', 'HEAD'], { readOnly: true, okCodes: [0, 1, 128] });
  return head.code === 0 ? text(head).trim() : undefined;
}

async function baseOf(run: RunGit, tree: Tree): Promise<Base> {
  // Readers side by side (the runner lets readers share the repository).
  const [out, { head, commit }] = await Promise.all([
    run(['status', '--porcelain=v2', '-z', '--branch', '--untracked-files=all'], { readOnly: true }),
    headAndCompare(run, tree),
  ]);
  return { label: tree.base?.name ?? 'HEAD', commit, head, status: parseStatusV2(nulFields(out)) };
}

async function diffEntries(run: RunGit, commit: string, numstat: boolean): Promise<DiffEntry[]> {
  const args = ['diff', '--raw', ...(numstat ? ['--numstat'] : []), '-z', '-M', '--no-ext-diff', commit];
  return parseRawNumstat(nulFields(await run(args, { readOnly: true })));
}

/** The tab's glance: four cheap commands, no file contents read. */
export async function statusOf(run: RunGit, tree: Tree, now = Date.now()): Promise<GitStatus> {
  const b = await baseOf(run, tree);
  const tracked = await diffEntries(run, b.commit, false);
  const untracked = b.status.entries.filter((e) => e.kind === 'untracked').length;
  let ahead = b.status.ahead ?? 0;
  let behind = b.status.behind ?? 0;
  if (tree.base && b.head) {
    const ref = (await refExists(run, tree.base.name)) ? tree.base.name : tree.base.commit;
    const counts = text(await run(['rev-list', '--left-right', '--count', `${ref}...HEAD`], { readOnly: true }))
      .trim()
      .split(/\s+/);
    [behind, ahead] = [Number(counts[0] ?? 0), Number(counts[1] ?? 0)];
  }
  return {
    branch: b.status.branch,
    head: b.head ?? '',
    base: tree.base ? b.label : (b.status.upstream ?? 'HEAD'),
    filesChanged: tracked.length + untracked,
    ahead,
    behind,
    uncommitted: b.status.entries.length > 0,
    conflicted: b.status.entries.filter((e) => e.kind === 'unmerged').length,
    at: now,
  };
}

async function refExists(run: RunGit, ref: string): Promise<boolean> {
  return (await run(['rev-parse', '-q', '--verify', `${ref}^{commit}`], { readOnly: true, okCodes: [0, 1, 128] })).code === 0;
}

const KIND: Record<string, ChangedFile['kind']> = { A: 'added', M: 'modified', D: 'deleted', R: 'renamed', C: 'copied', T: 'type-changed', U: 'conflicted' };

/**
 * Every file that differs from the base, sorted by path. Without `counts` the +/− line counts
 * are left out (zero, and `counted: false`): finding them diffs every file's content, as heavy
 * as the rest of the listing several times over, so the panel shows the list first and asks
 * again with counts beside the first file's diff.
 */
export async function listChanges(run: RunGit, tree: Tree, opts: { counts?: boolean } = {}): Promise<Changes> {
  const counts = opts.counts !== false;
  const b = await baseOf(run, tree);
  const [tracked, committedNames] = await Promise.all([
    diffEntries(run, b.commit, counts),
    b.head && b.head !== b.commit
      ? run(['diff', '--name-only', '--no-renames', '-z', b.commit, 'HEAD'], { readOnly: true }).then(nulFields)
      : Promise.resolve([]),
  ]);
  const committed = new Set(committedNames);
  const byPath = new Map(b.status.entries.map((e) => [e.path, e]));
  const files: ChangedFile[] = tracked.map((d) => {
    const s = byPath.get(d.path);
    return {
      path: d.path,
      oldPath: d.oldPath,
      kind: s?.kind === 'unmerged' ? 'conflicted' : (KIND[d.status] ?? 'modified'),
      added: d.added ?? 0,
      removed: d.removed ?? 0,
      binary: d.binary,
      committed: committed.has(d.path) || (d.oldPath !== undefined && committed.has(d.oldPath)),
      staged: s !== undefined && s.kind !== 'untracked' && s.x !== '.',
      unstaged: s !== undefined && s.kind !== 'untracked' && s.y !== '.',
      untracked: false,
    };
  });
  const untracked = b.status.entries.filter((e) => e.kind === 'untracked');
  const counted = counts ? await mapLimited(untracked, 16, (e) => countLines(path.join(tree.cwd, e.path))) : [];
  untracked.forEach((e, i) => {
    const c = counted[i] ?? { lines: 0, binary: false };
    files.push({
      path: e.path,
      kind: 'untracked',
      added: c.lines,
      removed: 0,
      binary: c.binary,
      committed: false,
      staged: false,
      unstaged: false,
      untracked: true,
    });
  });
  files.sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
  const totals = { files: files.length, added: 0, removed: 0 };
  for (const f of files) {
    totals.added += f.added;
    totals.removed += f.removed;
  }
  return { base: b.label, baseCommit: b.commit, head: b.head ?? '', files, totals, ...(counts ? {} : { counted: false as const }) };
}

const SNIFF = 8000;

/** Lines of an untracked file, and whether git would call it binary (a NUL in its first 8000 bytes). */
async function countLines(file: string): Promise<{ lines: number; binary: boolean }> {
  try {
    const st = await fs.lstat(file);
    if (st.isSymbolicLink()) return { lines: 1, binary: false };
    if (!st.isFile()) return { lines: 0, binary: false };
    const buf = await fs.readFile(file);
    if (buf.subarray(0, SNIFF).includes(0)) return { lines: 0, binary: true };
    let n = 0;
    for (let i = buf.indexOf(10); i >= 0; i = buf.indexOf(10, i + 1)) n++;
    if (buf.length > 0 && buf[buf.length - 1] !== 10) n++;
    return { lines: n, binary: false };
  } catch {
    return { lines: 0, binary: false }; // gone since git listed it
  }
}

async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** A patch this long is shown collapsed; past PANEL_BYTES it is cut unless asked for in full. */
export const LARGE_LINES = 2000;
export const LARGE_BYTES = 256 * 1024;
const PANEL_BYTES = 1024 * 1024;
const FULL_BYTES = 32 * 1024 * 1024;

export interface DiffRequest {
  path: string;
  oldPath?: string;
  untracked?: boolean;
}

/**
 * The raw patch of some files in one scope (one git command for the tracked ones). Every path is
 * checked on the disk first: one whose folders lead out of the tree through a symbolic link is
 * refused, so no diff reads a file there (an untracked file's diff is its whole content).
 */
export async function rawPatches(
  run: RunGit,
  tree: Tree,
  files: readonly DiffRequest[],
  scope: DiffScope,
  /** `compare`: for scope `base`, the commit to diff against (found from the tree when absent). */
  { maxBytes = FULL_BYTES, compare }: { maxBytes?: number; compare?: string } = {},
): Promise<Map<string, { text: string; truncated: boolean }>> {
  const out = new Map<string, { text: string; truncated: boolean }>();
  await realRepoPaths(
    tree.cwd,
    files.flatMap((f) => (f.oldPath ? [f.oldPath, f.path] : [f.path])),
  );
  const tracked = files.filter((f) => !f.untracked);
  if (tracked.length > 0) {
    const paths = tracked.flatMap((f) => (f.oldPath ? [repoPath(f.oldPath), repoPath(f.path)] : [repoPath(f.path)]));
    const args =
      scope === 'base'
        ? ['diff', ...DIFF_FLAGS, '-M', compare ?? (await headAndCompare(run, tree)).commit, '--', ...paths]
        : ['diff', ...DIFF_FLAGS, '--no-renames', ...(scope === 'staged' ? ['--cached'] : []), '--', ...paths];
    const res = await run(args, { readOnly: true, maxBytes, truncate: true });
    for (const f of splitPatch(text(res))) out.set(f.path, { text: f.text, truncated: res.truncated });
  }
  // Untracked files differ from the base as a whole file; they have no staged or unstaged diff.
  if (scope !== 'staged') {
    for (const f of files.filter((x) => x.untracked)) {
      const res = await run(['diff', ...DIFF_FLAGS, '--no-index', '--', '/dev/null', repoPath(f.path)], {
        readOnly: true,
        okCodes: [0, 1],
        maxBytes,
        truncate: true,
      });
      const [file] = splitPatch(text(res));
      if (file) out.set(f.path, { text: file.text, truncated: res.truncated });
    }
  }
  return out;
}

/**
 * Per-file diffs for the panel: patch text (cut at the panel's size unless `full`), hunks, flags.
 * `compare`: for scope `base`, the commit the listing compared with (else found again).
 */
export async function diffFiles(
  run: RunGit,
  tree: Tree,
  files: readonly DiffRequest[],
  scope: DiffScope,
  { full = false, compare }: { full?: boolean; compare?: string } = {},
): Promise<FileDiff[]> {
  const patches = await rawPatches(run, tree, files, scope, { compare });
  return files.map((req) => {
    const raw = patches.get(req.path);
    if (!raw) return { path: req.path, oldPath: req.oldPath, scope, binary: false, patch: '', hunks: [], lines: 0, large: false, truncated: false };
    const [file] = splitPatch(raw.text);
    const lines = lineCount(raw.text);
    const large = lines > LARGE_LINES || raw.text.length > LARGE_BYTES;
    const cut = !full && raw.text.length > PANEL_BYTES;
    const hunks = file ? hunksOf(file).map(({ text: _t, ...h }) => h) : [];
    return {
      path: req.path,
      oldPath: file?.oldPath ?? req.oldPath,
      scope,
      binary: file?.binary ?? false,
      patch: cut ? raw.text.slice(0, PANEL_BYTES) : raw.text,
      hunks,
      lines,
      large,
      truncated: cut || raw.truncated,
    };
  });
}
