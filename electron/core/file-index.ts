// Files of a session's working directory for @ mentions, with a fuzzy match.
//
// Why clide indexes the folder itself: the CLI's `file_suggestions` control request (2.1.332)
// only completes a path prefix here ("src/l" finds src/lib/, "rout" finds nothing), which is
// not the fuzzy search people expect from an editor. The walk is bounded (entries, depth and
// time), skips what is almost never meant (dependencies, VCS data, build output, and what the
// folder's .gitignore files exclude, read with git's own rules) and is cached per folder for a
// few seconds, so typing costs one walk, not one per keystroke.
import fs from 'node:fs/promises';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';

export interface FileEntry {
  /** Relative to the root, `/`-separated; folders end with `/`. */
  path: string;
  folder: boolean;
}

export interface FileList {
  entries: FileEntry[];
  truncated: boolean;
}

export interface FileIndexOptions {
  maxEntries?: number;
  maxDepth?: number;
  /** Give up walking after this long (a network drive, a huge tree). */
  budgetMs?: number;
  ttlMs?: number;
  now?: () => number;
}

/** Folders never worth suggesting: dependencies, VCS data, caches, build output. */
export const SKIPPED_DIRS = new Set([
  '.git',
  '.hg',
  '.svn',
  'node_modules',
  'bower_components',
  '.pnpm-store',
  '.yarn',
  'dist',
  'build',
  'out',
  'target',
  'coverage',
  '.next',
  '.nuxt',
  '.svelte-kit',
  '.turbo',
  '.cache',
  '.parcel-cache',
  '.gradle',
  '.idea',
  '.vs',
  '__pycache__',
  '.pytest_cache',
  '.mypy_cache',
  '.tox',
  '.venv',
  'venv',
  '.terraform',
]);
const SKIPPED_FILES = new Set(['.DS_Store', 'Thumbs.db']);

/** One folder's .gitignore: its patterns apply to paths below `base` (`''` or `dir/`). */
interface GitIgnore {
  base: string;
  rules: Ignore;
}

/**
 * Whether the .gitignore files above a path exclude it (`rel` ends with `/` for a folder). As
 * in git, a deeper file decides over a shallower one, and a `!pattern` there takes a path back.
 */
function gitIgnored(ignores: readonly GitIgnore[], rel: string): boolean {
  let ignored = false;
  for (const { base, rules } of ignores) {
    if (!rel.startsWith(base)) continue;
    const r = rules.test(rel.slice(base.length));
    if (r.ignored) ignored = true;
    else if (r.unignored) ignored = false;
  }
  return ignored;
}

async function readGitIgnore(dir: string, base: string): Promise<GitIgnore | undefined> {
  try {
    return { base, rules: ignore().add(await fs.readFile(path.join(dir, '.gitignore'), 'utf8')) };
  } catch {
    return undefined; // unreadable: the fixed list alone
  }
}

export class FileIndex {
  private readonly cache = new Map<string, { at: number; list: Promise<FileList> }>();
  private readonly now: () => number;

  constructor(private readonly opts: FileIndexOptions = {}) {
    this.now = opts.now ?? Date.now;
  }

  list(root: string): Promise<FileList> {
    const ttl = this.opts.ttlMs ?? 10_000;
    const hit = this.cache.get(root);
    if (hit && this.now() - hit.at < ttl) return hit.list;
    const list = walk(root, this.opts);
    this.cache.set(root, { at: this.now(), list });
    // A failed walk is not cached: the folder may be back a moment later.
    list.catch(() => this.cache.delete(root));
    if (this.cache.size > 32) this.cache.delete(this.cache.keys().next().value!);
    return list;
  }
}

async function walk(root: string, opts: FileIndexOptions): Promise<FileList> {
  const maxEntries = opts.maxEntries ?? 30_000;
  const maxDepth = opts.maxDepth ?? 16;
  const deadline = Date.now() + (opts.budgetMs ?? 1500);
  const entries: FileEntry[] = [];
  let truncated = false;
  // Breadth first, so a cut-off keeps the shallow files people mention most.
  let level: Array<{ abs: string; rel: string; ignores: readonly GitIgnore[] }> = [{ abs: root, rel: '', ignores: [] }];
  for (let depth = 0; level.length > 0 && depth <= maxDepth; depth++) {
    const next: typeof level = [];
    for (const dir of level) {
      if (entries.length >= maxEntries || Date.now() > deadline) {
        truncated = true;
        break;
      }
      let items: import('node:fs').Dirent[];
      try {
        items = await fs.readdir(dir.abs, { withFileTypes: true });
      } catch (err) {
        if (depth === 0) throw err;
        continue; // unreadable subfolder: skip it
      }
      items.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const own = items.some((i) => i.name === '.gitignore' && !i.isDirectory()) ? await readGitIgnore(dir.abs, dir.rel) : undefined;
      const ignores = own ? [...dir.ignores, own] : dir.ignores;
      for (const item of items) {
        const name = item.name;
        const rel = dir.rel + name;
        if (item.isDirectory()) {
          if (SKIPPED_DIRS.has(name) || gitIgnored(ignores, `${rel}/`)) continue;
          entries.push({ path: `${rel}/`, folder: true });
          next.push({ abs: path.join(dir.abs, name), rel: `${rel}/`, ignores });
        } else if (item.isFile() || item.isSymbolicLink()) {
          if (SKIPPED_FILES.has(name) || gitIgnored(ignores, rel)) continue;
          entries.push({ path: rel, folder: false });
        }
        if (entries.length >= maxEntries) {
          truncated = true;
          break;
        }
      }
    }
    if (truncated) break;
    level = next;
  }
  return { entries, truncated };
}

/**
 * Score how well `query` matches `candidate` as an ordered subsequence (case-insensitive), or
 * undefined when it does not. Matches in the last path segment, at word starts and in a run
 * score higher; shorter paths win ties.
 */
export function fuzzyScore(candidate: string, query: string): number | undefined {
  if (!query) return 0;
  const c = candidate.toLowerCase();
  const q = query.toLowerCase();
  const trimmed = candidate.endsWith('/') ? candidate.slice(0, -1) : candidate;
  const baseStart = trimmed.lastIndexOf('/') + 1;
  // A straight substring in the file name is the best match there is.
  const inBase = c.indexOf(q, baseStart);
  if (inBase >= 0) return 1000 - (inBase === baseStart ? 0 : 50) - candidate.length;
  const sub = c.indexOf(q);
  if (sub >= 0) return 700 - candidate.length;
  let score = 0;
  let from = 0;
  let prev = -2;
  for (const ch of q) {
    const at = c.indexOf(ch, from);
    if (at < 0) return undefined;
    const startOfWord = at === 0 || '/-_. '.includes(c[at - 1]!) || (candidate[at] !== c[at] && candidate[at - 1] === c[at - 1]);
    score += at === prev + 1 ? 8 : startOfWord ? 6 : 1;
    if (at >= baseStart) score += 2;
    prev = at;
    from = at + 1;
  }
  return score * 4 - candidate.length;
}

export function rankFiles(entries: readonly FileEntry[], query: string, limit = 50): FileEntry[] {
  const q = query.replace(/^\.\//, '');
  if (!q) {
    // No query yet: the top of the folder, folders first.
    return entries
      .filter((e) => !e.path.slice(0, -1).includes('/'))
      .sort((a, b) => Number(b.folder) - Number(a.folder) || a.path.localeCompare(b.path))
      .slice(0, limit);
  }
  const scored: Array<{ e: FileEntry; s: number }> = [];
  for (const e of entries) {
    const s = fuzzyScore(e.path, q);
    if (s !== undefined) scored.push({ e, s });
  }
  scored.sort((a, b) => b.s - a.s || a.e.path.length - b.e.path.length || a.e.path.localeCompare(b.e.path));
  return scored.slice(0, limit).map((x) => x.e);
}
