// Tells a session when its worktree may have changed, without polling: file system watchers,
// debounced. An idle tree costs nothing (no timer, no git process).
//
// Node's recursive fs.watch on Linux (Node 20) puts a watch on every file of the tree, ignored
// folders like node_modules included, so on Linux clide watches folders one by one instead: the
// folders git knows (those holding tracked files, and untracked ones not ignored), a bounded
// number of them, adding new folders as they appear unless git ignores them. Elsewhere (macOS,
// Windows) one recursive watch is native and cheap. Either way the git dirs are watched for
// HEAD, the index, refs and merge or rebase state.
import fs from 'node:fs';
import path from 'node:path';
import { nulFields, type GitRunner } from './runner';

export interface WatchTarget {
  /** The working tree. */
  cwd: string;
  /** Its own git dir (HEAD, index) and the repository's common one (refs, packed-refs). */
  gitDir: string;
  commonDir: string;
  /** Another checkout's git dir whose merge state matters (where a merge back runs). */
  otherGitDirs?: string[];
}

export interface TreeWatcherOptions {
  target: WatchTarget;
  git: GitRunner;
  onChange: () => void;
  /** Quiet time before onChange; changes keep coming: at most `maxWaitMs` apart. */
  debounceMs?: number;
  maxWaitMs?: number;
  maxDirs?: number;
  recursive?: boolean;
  log?: (m: string) => void;
}

/** git's own files whose change can change the glance. */
const GIT_NAMES = new Set(['HEAD', 'index', 'packed-refs', 'MERGE_HEAD', 'REBASE_HEAD', 'CHERRY_PICK_HEAD', 'rebase-merge', 'rebase-apply', 'ORIG_HEAD']);

export class TreeWatcher {
  readonly target: WatchTarget;
  private readonly opts: TreeWatcherOptions;
  private readonly watchers = new Map<string, fs.FSWatcher>();
  private readonly pendingDirs = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private firstAt = 0;
  private closed = false;
  private limited = false;
  /** Folders of the tree watched (tests; the bench). */
  get watchedDirs(): number {
    return this.watchers.size;
  }

  constructor(opts: TreeWatcherOptions) {
    this.opts = opts;
    this.target = opts.target;
  }

  async start(): Promise<void> {
    const { cwd, gitDir, commonDir, otherGitDirs = [] } = this.target;
    for (const dir of new Set([gitDir, commonDir, ...otherGitDirs])) this.watchDir(dir, (name) => GIT_NAMES.has(name));
    for (const dir of refDirs(path.join(commonDir, 'refs', 'heads'))) this.watchDir(dir, (name) => !name.endsWith('.lock'));
    const recursive = this.opts.recursive ?? process.platform !== 'linux';
    if (recursive) {
      this.watchDir(cwd, (name) => !isGitPath(name), true);
      return;
    }
    const dirs = await this.treeDirs();
    if (this.closed) return;
    for (const d of dirs) this.watchTreeDir(d);
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
  }

  /** The folders git knows: of tracked files, and untracked ones not ignored (shallow first). */
  private async treeDirs(): Promise<string[]> {
    const { cwd } = this.target;
    const git = (args: string[]) => this.opts.git.run(args, { cwd, readOnly: true }).then(nulFields);
    const [tracked, untracked] = await Promise.all([git(['ls-files', '-z']), git(['ls-files', '-z', '-o', '--exclude-standard', '--directory'])]);
    const dirs = new Set<string>(['']);
    for (const f of tracked) addParents(dirs, path.posix.dirname(f));
    for (const f of untracked) addParents(dirs, f.endsWith('/') ? f.slice(0, -1) : path.posix.dirname(f));
    // An untracked folder is listed once, collapsed: what lies under it is the session's too.
    for (const f of untracked)
      if (f.endsWith('/')) for (const d of walk(path.join(cwd, f), this.maxDirs)) dirs.add(path.relative(cwd, d).split(path.sep).join('/'));
    return [...dirs].sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : 1)).map((d) => path.join(cwd, d));
  }

  private get maxDirs(): number {
    return this.opts.maxDirs ?? 4000;
  }

  private watchTreeDir(dir: string): void {
    if (this.watchers.size >= this.maxDirs) {
      if (!this.limited)
        this.opts.log?.(`watching the first ${this.maxDirs} folders of ${this.target.cwd}; changes deeper down show on the next change above them`);
      this.limited = true;
      return;
    }
    this.watchDir(
      dir,
      (name) => name !== '.git',
      false,
      (name) => this.maybeNewDir(path.join(dir, name)),
    );
  }

  private watchDir(dir: string, accept: (name: string) => boolean, recursive = false, also?: (name: string) => void): void {
    if (this.closed || this.watchers.has(dir)) return;
    let w: fs.FSWatcher;
    try {
      w = fs.watch(dir, { recursive, persistent: false }, (_event, name) => {
        const n = name?.toString() ?? '';
        if (n && !accept(n)) return;
        also?.(n);
        this.changed();
      });
    } catch {
      return; // gone already (a folder deleted between listing and watching)
    }
    // A watched folder that is deleted ends its watcher; its parent's watcher reports the deletion.
    w.on('error', () => {
      w.close();
      if (this.watchers.get(dir) === w) this.watchers.delete(dir);
    });
    this.watchers.set(dir, w);
  }

  private maybeNewDir(abs: string): void {
    if (!abs || this.watchers.has(abs)) return;
    try {
      if (!fs.statSync(abs).isDirectory()) return;
    } catch {
      const w = this.watchers.get(abs);
      w?.close();
      this.watchers.delete(abs);
      return;
    }
    this.pendingDirs.add(abs);
  }

  private changed(): void {
    if (this.closed) return;
    const now = Date.now();
    if (!this.timer) this.firstAt = now;
    if (this.timer) clearTimeout(this.timer);
    const wait = Math.min(this.opts.debounceMs ?? 300, Math.max(0, this.firstAt + (this.opts.maxWaitMs ?? 2000) - now));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.fire();
    }, wait);
  }

  private async fire(): Promise<void> {
    if (this.closed) return;
    const fresh = [...this.pendingDirs];
    this.pendingDirs.clear();
    if (fresh.length > 0) await this.watchNewDirs(fresh);
    if (!this.closed) this.opts.onChange();
  }

  /** New folders in the tree get a watch too, unless git ignores them (node_modules appearing). */
  private async watchNewDirs(dirs: string[]): Promise<void> {
    const { cwd } = this.target;
    const rel = dirs.map((d) => path.relative(cwd, d).split(path.sep).join('/'));
    let ignored = new Set<string>();
    try {
      // check-ignore refuses --literal-pathspecs; names on stdin are not pathspecs anyway.
      const out = await this.opts.git.run(['check-ignore', '-z', '--stdin'], {
        cwd,
        readOnly: true,
        globs: true,
        input: `${rel.join('\0')}\0`,
        okCodes: [0, 1],
      });
      ignored = new Set(nulFields(out));
    } catch {
      // Without the answer, watch them: a few watches too many beats a missed change.
    }
    for (let i = 0; i < dirs.length; i++) {
      if (ignored.has(rel[i]!)) continue;
      for (const d of walk(dirs[i]!, this.maxDirs - this.watchers.size)) this.watchTreeDir(d);
    }
  }
}

function isGitPath(name: string): boolean {
  return name === '.git' || name.startsWith(`.git${path.sep}`) || name.startsWith('.git/');
}

function addParents(dirs: Set<string>, d: string): void {
  for (let cur = d; cur && cur !== '.' && !dirs.has(cur); cur = path.posix.dirname(cur)) dirs.add(cur);
}

function depth(d: string): number {
  return d === '' ? 0 : d.split('/').length;
}

/** A folder and the folders below it, breadth first, at most `max`. */
function walk(root: string, max: number): string[] {
  const out: string[] = [];
  const queue = [root];
  while (queue.length > 0 && out.length < max) {
    const d = queue.shift()!;
    out.push(d);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) if (e.isDirectory() && e.name !== '.git') queue.push(path.join(d, e.name));
  }
  return out;
}

/** refs/heads and its sub-folders (branch names with `/`). */
function refDirs(root: string): string[] {
  return fs.existsSync(root) ? walk(root, 500) : [];
}
