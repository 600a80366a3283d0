// Changing the working tree from the Changes panel: revert a file or one hunk (to the base, in
// the working tree: what the session changed is taken back, its commits stay), with an undo
// kept in memory; stage and unstage a file or hunk; commit with the repository's own hooks.
//
// Every edit runs as one exclusive step on its repository, and a hunk is named by its digest:
// a hunk that changed since the panel showed it is refused, never applied to the wrong lines.
// A path whose folders lead out of the tree through a symbolic link is refused before any of it.
import { randomUUID } from 'node:crypto';
import type { DiffScope } from '../../../shared/git';
import { ClideError } from '../../../shared/result';
import { EMPTY_TREE, headAndCompare, headOf, rawPatches, type DiffRequest, type Tree } from './changes';
import { digestOf, readIndexEntry, readWorkFile, sizeOf, writeIndexEntry, writeWorkFile, type WorkFile } from './file-state';
import { hunkPatch, hunksOf, splitPatch } from './patch';
import { realFilesIn, realRepoPaths, repoPath } from './paths';
import { parseStatusV2 } from './porcelain';
import { nulFields, text, type GitRunner, type RunGit } from './runner';

export interface HunkRef {
  index: number;
  digest: string;
}

interface Kept {
  path: string;
  before: WorkFile;
  /** Index entries before; undefined when the edit left the index alone. */
  indexBefore?: string;
  /** What the edit left, to tell whether anything changed the file since. */
  after: string;
}

interface UndoEntry {
  cwd: string;
  files: Kept[];
  bytes: number;
}

const MAX_UNDO = 50;
const MAX_UNDO_BYTES = 128 * 1024 * 1024;

/** Undo tokens of one host, oldest dropped first past the limits. */
export class UndoStore {
  private readonly entries = new Map<string, UndoEntry>();
  private bytes = 0;

  put(entry: UndoEntry): string {
    const token = randomUUID();
    this.entries.set(token, entry);
    this.bytes += entry.bytes;
    for (const [t, e] of this.entries) {
      if (this.entries.size <= MAX_UNDO && this.bytes <= MAX_UNDO_BYTES) break;
      if (t === token) break;
      this.entries.delete(t);
      this.bytes -= e.bytes;
    }
    return token;
  }

  take(token: string, cwd: string): UndoEntry {
    const e = this.entries.get(token);
    if (!e || e.cwd !== cwd)
      throw new ClideError({
        kind: 'invalid-input',
        message: 'That undo is no longer available.',
        hint: 'Undo works while the Changes panel that made the change is open.',
      });
    return e;
  }

  drop(token: string): void {
    const e = this.entries.get(token);
    if (!e) return;
    this.entries.delete(token);
    this.bytes -= e.bytes;
  }

  /** A session's tree is gone (archived, closed): its undos with it. */
  forget(cwd: string): void {
    for (const [t, e] of this.entries) if (e.cwd === cwd) this.drop(t);
  }
}

export class TreeEdits {
  constructor(
    private readonly git: GitRunner,
    private readonly undo: UndoStore,
  ) {}

  /** Revert a whole file to the base (working tree and index), or one hunk of it (working tree only). */
  async revert(tree: Tree, p: string, hunk?: HunkRef, scope: 'base' | 'unstaged' = 'base'): Promise<{ undo: string; files: string[] }> {
    const file = (await realRepoPaths(tree.cwd, [p]))[0]!;
    return this.git.exclusive(tree.cwd, async (run) => {
      const req = await this.describe(run, tree, file);
      if (hunk) {
        const patch = await this.hunk(run, tree, req, scope, hunk);
        const before = await readWorkFile(tree.cwd, file);
        await run(['apply', '-R', '--whitespace=nowarn', '-'], { input: patch });
        return this.kept(tree, [{ path: file, before }]);
      }
      const paths = req.oldPath ? [file, req.oldPath] : [file];
      await realFilesIn(tree.cwd, paths);
      const saved = [];
      for (const q of paths) saved.push({ path: q, before: await readWorkFile(tree.cwd, q), indexBefore: await readIndexEntry(run, q) });
      const base = await baseCommit(run, tree);
      for (const q of paths) {
        const atBase = base !== EMPTY_TREE && (await run(['cat-file', '-e', `${base}:${q}`], { readOnly: true, okCodes: [0, 1, 128] })).code === 0;
        if (atBase) await run(['checkout', base, '--', q]);
        else {
          await run(['update-index', '--force-remove', '--', q]);
          await writeWorkFile(tree.cwd, q, { kind: 'absent' });
        }
      }
      return this.kept(tree, saved);
    });
  }

  /** Put back what a revert changed, if nothing has touched those files since. */
  async undoRevert(tree: Tree, token: string): Promise<{ files: string[] }> {
    const entry = this.undo.take(token, tree.cwd);
    return this.git.exclusive(tree.cwd, async (run) => {
      // A folder may have become a link out of the tree since the revert: checked before any file is read or written.
      await realFilesIn(
        tree.cwd,
        entry.files.map((k) => k.path),
      );
      for (const k of entry.files) {
        if (digestOf(await readWorkFile(tree.cwd, k.path)) !== k.after) {
          throw new ClideError({ kind: 'invalid-input', message: `${k.path} changed after the revert, so it was not undone.`, hint: 'Nothing was changed.' });
        }
      }
      for (const k of entry.files) {
        await writeWorkFile(tree.cwd, k.path, k.before);
        if (k.indexBefore !== undefined) await writeIndexEntry(run, k.path, k.indexBefore);
      }
      this.undo.drop(token);
      return { files: entry.files.map((k) => k.path) };
    });
  }

  /** Stage a file (its deletion or rename too), or one hunk of its unstaged changes. */
  async stage(tree: Tree, p: string, hunk?: HunkRef): Promise<void> {
    const file = (await realRepoPaths(tree.cwd, [p]))[0]!;
    return this.git.exclusive(tree.cwd, async (run) => {
      if (hunk) {
        const patch = await this.hunk(run, tree, { path: file }, 'unstaged', hunk);
        await run(['apply', '--cached', '--whitespace=nowarn', '-'], { input: patch });
        return;
      }
      const req = await this.describe(run, tree, file);
      const paths = [file];
      if (req.oldPath) await realFilesIn(tree.cwd, [req.oldPath]);
      if (req.oldPath && text(await run(['ls-files', '-z', '--', req.oldPath], { readOnly: true }))) paths.push(req.oldPath);
      await run(['add', '-A', '--', ...paths]);
    });
  }

  /** Take a file (or one hunk of its staged changes) out of the index; the working tree keeps it. */
  async unstage(tree: Tree, p: string, hunk?: HunkRef): Promise<void> {
    const file = (await realRepoPaths(tree.cwd, [p]))[0]!;
    return this.git.exclusive(tree.cwd, async (run) => {
      if (hunk) {
        const patch = await this.hunk(run, tree, { path: file }, 'staged', hunk);
        await run(['apply', '--cached', '-R', '--whitespace=nowarn', '-'], { input: patch });
        return;
      }
      if (await headOf(run)) await run(['reset', '-q', 'HEAD', '--', file], { okCodes: [0, 1] });
      else await run(['update-index', '--force-remove', '--', file]);
    });
  }

  /** Commit what is staged (everything with `all`), running the repository's hooks; their output comes back. */
  async commit(tree: Tree, message: string, all = false): Promise<{ commit: string; output: string }> {
    return this.git.exclusive(tree.cwd, async (run) => {
      if (all) await run(['add', '-A']);
      const out = await run(['commit', '-F', '-'], { input: message, okCodes: [0, 1], timeoutMs: 10 * 60_000 });
      const printed = `${text(out)}${out.stderr}`.trim();
      if (out.code !== 0) {
        const nothing = /nothing (added )?to commit|no changes added to commit/.test(printed);
        throw new ClideError({
          kind: 'git-failed',
          message: nothing ? 'Nothing is staged to commit.' : 'The commit was refused (a hook or git said no).',
          hint: nothing ? 'Stage files first, or commit all changes.' : undefined,
          detail: printed || undefined,
          exitCode: out.code,
        });
      }
      return { commit: text(await run(['rev-parse', 'HEAD'], { readOnly: true })).trim(), output: printed };
    });
  }

  /** How a path differs from the base: renamed from where, untracked or not. */
  private async describe(run: RunGit, tree: Tree, file: string): Promise<DiffRequest> {
    const status = parseStatusV2(nulFields(await run(['status', '--porcelain=v2', '-z', '--untracked-files=all', '--', file], { readOnly: true })));
    if (status.entries.some((e) => e.kind === 'untracked' && e.path === file)) return { path: file, untracked: true };
    const base = await baseCommit(run, tree);
    const raw = nulFields(await run(['diff', '--raw', '-z', '-M', '--no-ext-diff', base], { readOnly: true }));
    for (let i = 0; i < raw.length; i++) {
      const status = raw[i]!.startsWith(':') ? raw[i]!.split(' ')[4]?.[0] : undefined;
      if ((status === 'R' || status === 'C') && raw[i + 2] === file) return { path: file, oldPath: repoPath(raw[i + 1]!) };
    }
    return { path: file };
  }

  /** The single-hunk patch of a hunk as last shown (refused if it is not there any more). */
  private async hunk(run: RunGit, tree: Tree, req: DiffRequest, scope: DiffScope, ref: HunkRef): Promise<string> {
    const patches = await rawPatches(run, tree, [req], scope);
    const [file] = splitPatch(patches.get(req.path)?.text ?? '');
    const hunk = file ? hunksOf(file)[ref.index] : undefined;
    if (!file || !hunk || hunk.digest !== ref.digest) {
      throw new ClideError({
        kind: 'invalid-input',
        message: `That change in ${req.path} is not there any more (the file changed since it was shown).`,
        hint: 'Look at the file again.',
      });
    }
    return hunkPatch(file, hunk, file.oldPath !== undefined);
  }

  private async kept(tree: Tree, saved: Array<Omit<Kept, 'after'>>): Promise<{ undo: string; files: string[] }> {
    const files = [];
    for (const s of saved) files.push({ ...s, after: digestOf(await readWorkFile(tree.cwd, s.path)) });
    const bytes = files.reduce((n, f) => n + sizeOf(f.before), 0);
    return { undo: this.undo.put({ cwd: tree.cwd, files, bytes }), files: files.map((f) => f.path) };
  }
}

async function baseCommit(run: RunGit, tree: Tree): Promise<string> {
  return (await headAndCompare(run, tree)).commit;
}
