// The Files panel's service: a session's folder (its worktree for an isolated session) as a
// tree with git's marks, quick open over its files, and the editor's reads and saves. The
// listing is the one @-mentions use (file-index.ts: .gitignore respected), with room for
// 100,000 files; git's marks are the Changes panel's own listing (git/changes.ts), so the two
// always agree. Every path is checked by its real path (safe-path.ts) before it is touched.
import fs from 'node:fs/promises';
import path from 'node:path';
import { MAX_FIND_RESULTS, type EditorId, type FileContent, type FileEntry, type FileMark, type FileVersion, type SaveResult } from '../../../shared/files';
import { ClideError } from '../../../shared/result';
import { FileIndex, type FileList } from '../file-index';
import { listChanges, type Tree } from '../git/changes';
import type { RunGit } from '../git/runner';
import { checkedFile, folderPath } from './safe-path';
import { prepare, search, type Candidates } from './fuzzy';
import { checkVersion, readContent, saveText } from './file-io';
import { findEditors, openIn } from './editors';

export interface FilesDeps {
  /** The session's folder, and its remote host when it runs on one. */
  tab(id: string): { cwd: string; remote?: string };
  /** The git tree the Changes panel lists for the session (throws not-a-repository outside one). */
  tree(id: string): Promise<Tree>;
  runIn(cwd: string): RunGit;
  env(): NodeJS.ProcessEnv;
}

/** What a listing is turned into once: each folder's entries, and quick open's candidates. */
interface Derived {
  children: Map<string, FileEntry[]>;
  candidates: Candidates;
}

export class FilesService {
  // A second index beside the @-mention one: the tree needs far more entries and fresher lists.
  private readonly index = new FileIndex({ maxEntries: 200_000, maxDepth: 40, budgetMs: 20_000, ttlMs: 4_000 });
  private readonly derived = new WeakMap<FileList, Derived>();
  /** The last finished listing of each folder, answered while a fresher one is walked. */
  private readonly last = new Map<string, FileList>();

  constructor(private readonly deps: FilesDeps) {}

  /** The session's folder; refused for a session on a remote host (its files are there). */
  private root(id: string): string {
    const t = this.deps.tab(id);
    if (t.remote) {
      throw new ClideError({ kind: 'invalid-input', message: `This session runs on ${t.remote}: the Files panel shows only local folders for now.` });
    }
    return path.resolve(t.cwd);
  }

  /** The folder's listing: the cached one at once when a fresher walk is still under way. */
  private async listing(root: string): Promise<FileList> {
    const walk = this.index.list(root).then((l) => {
      this.last.set(root, l);
      if (this.last.size > 32) this.last.delete(this.last.keys().next().value!);
      return l;
    });
    const stale = this.last.get(root);
    if (!stale) return walk;
    walk.catch(() => undefined);
    return Promise.race([walk, new Promise<FileList>((r) => setImmediate(() => r(stale)))]);
  }

  private derive(list: FileList): Derived {
    let d = this.derived.get(list);
    if (d) return d;
    const children = new Map<string, FileEntry[]>();
    const files: string[] = [];
    for (const e of list.entries) {
      const inner = e.folder ? e.path.slice(0, -1) : e.path;
      const dir = inner.slice(0, inner.lastIndexOf('/') + 1);
      let kids = children.get(dir);
      if (!kids) children.set(dir, (kids = []));
      kids.push(e);
      if (!e.folder) files.push(e.path);
    }
    for (const kids of children.values()) kids.sort((a, b) => Number(b.folder) - Number(a.folder) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    d = { children, candidates: prepare(files) };
    this.derived.set(list, d);
    return d;
  }

  async list(id: string, dir: string): Promise<{ root: string; entries: FileEntry[]; truncated: boolean }> {
    const root = this.root(id);
    const d = folderPath(dir);
    const list = await this.listing(root);
    return { root, entries: this.derive(list).children.get(d) ?? [], truncated: list.truncated };
  }

  async find(id: string, query: string, limit = 50): Promise<{ paths: string[]; total: number; truncated: boolean }> {
    const list = await this.listing(this.root(id));
    const found = search(this.derive(list).candidates, query, Math.min(limit, MAX_FIND_RESULTS));
    return { ...found, truncated: list.truncated };
  }

  /** git's marks, relative to the session's folder (which may be below the checkout's top). */
  async marks(id: string): Promise<{ repo: boolean; marks: Array<{ path: string; mark: FileMark }> }> {
    const root = this.root(id);
    let tree: Tree;
    try {
      tree = await this.deps.tree(id);
    } catch (err) {
      if (err instanceof ClideError && err.info.kind === 'not-a-repository') return { repo: false, marks: [] };
      throw err;
    }
    const changes = await listChanges(this.deps.runIn(tree.cwd), tree, { counts: false });
    const [realRoot, realTop] = await Promise.all([fs.realpath(root), fs.realpath(tree.cwd)]);
    const below = path.relative(realTop, realRoot).split(path.sep).join('/');
    const prefix = below ? `${below}/` : '';
    const marks: Array<{ path: string; mark: FileMark }> = [];
    for (const f of changes.files) {
      if (f.kind === 'deleted' || !f.path.startsWith(prefix)) continue;
      marks.push({ path: f.path.slice(prefix.length), mark: f.kind });
    }
    return { repo: true, marks };
  }

  async read(id: string, p: string): Promise<FileContent> {
    return readContent(await checkedFile(this.root(id), p));
  }

  async check(id: string, p: string, version: FileVersion) {
    return checkVersion(await checkedFile(this.root(id), p), version);
  }

  async write(id: string, p: string, text: string, base: FileVersion): Promise<SaveResult> {
    return saveText(await checkedFile(this.root(id), p), text, base);
  }

  editors(): { editors: Array<{ id: EditorId; label: string }> } {
    return { editors: findEditors(this.deps.env()).map(({ id, label }) => ({ id, label })) };
  }

  async openIn(id: string, p: string | undefined, editor: EditorId): Promise<Record<string, never>> {
    const root = this.root(id);
    await openIn(editor, p === undefined ? root : await checkedFile(root, p), this.deps.env());
    return {};
  }
}
