// Pure parsers for git's machine-readable output: `status --porcelain=v2 -z --branch`,
// `diff --raw --numstat -z` and `worktree list --porcelain`. No I/O; tested on real output.

export interface StatusEntry {
  path: string;
  /** The path before a rename or copy (index side). */
  origPath?: string;
  /** Index and working tree state letters ('.' for unchanged), as in `git status --porcelain=v2`. */
  x: string;
  y: string;
  kind: 'changed' | 'renamed' | 'unmerged' | 'untracked';
}

export interface StatusReport {
  /** undefined before the first commit. */
  head?: string;
  /** undefined when detached. */
  branch?: string;
  upstream?: string;
  ahead?: number;
  behind?: number;
  entries: StatusEntry[];
}

/** `git status --porcelain=v2 -z --branch [--untracked-files=all]`, split on NUL. */
export function parseStatusV2(fields: readonly string[]): StatusReport {
  const report: StatusReport = { entries: [] };
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    if (f.startsWith('# ')) {
      const [, key, ...rest] = f.split(' ');
      const value = rest.join(' ');
      if (key === 'branch.oid' && value !== '(initial)') report.head = value;
      else if (key === 'branch.head' && value !== '(detached)') report.branch = value;
      else if (key === 'branch.upstream') report.upstream = value;
      else if (key === 'branch.ab') {
        const m = /^\+(\d+) -(\d+)$/.exec(value);
        if (m) [report.ahead, report.behind] = [Number(m[1]), Number(m[2])];
      }
    } else if (f.startsWith('1 ')) {
      const parts = splitN(f, 9);
      report.entries.push({ path: parts[8]!, x: parts[1]![0]!, y: parts[1]![1]!, kind: 'changed' });
    } else if (f.startsWith('2 ')) {
      const parts = splitN(f, 10);
      // The original path is the next NUL-separated field.
      report.entries.push({ path: parts[9]!, origPath: fields[++i], x: parts[1]![0]!, y: parts[1]![1]!, kind: 'renamed' });
    } else if (f.startsWith('u ')) {
      const parts = splitN(f, 11);
      report.entries.push({ path: parts[10]!, x: parts[1]![0]!, y: parts[1]![1]!, kind: 'unmerged' });
    } else if (f.startsWith('? ')) {
      report.entries.push({ path: f.slice(2), x: '?', y: '?', kind: 'untracked' });
    }
  }
  return report;
}

export interface DiffEntry {
  path: string;
  oldPath?: string;
  /** A, M, D, R, C, T, U (the raw status letter). */
  status: string;
  /** undefined for a binary file. */
  added?: number;
  removed?: number;
  binary: boolean;
}

/**
 * `git diff --raw [--numstat] -z [-M]`: first one raw record per file (`:modes shas status`, then
 * one path, or two for a rename or copy), then one numstat record per file in the same order
 * (`added<TAB>removed<TAB>path`, or `added<TAB>removed<TAB>` then the two paths).
 */
export function parseRawNumstat(fields: readonly string[]): DiffEntry[] {
  const entries: DiffEntry[] = [];
  let i = 0;
  while (i < fields.length && fields[i]!.startsWith(':')) {
    const meta = fields[i++]!.split(' ');
    const status = meta[4]?.[0] ?? 'M';
    if (status === 'R' || status === 'C') {
      const oldPath = fields[i++]!;
      entries.push({ path: fields[i++]!, oldPath, status, binary: false });
    } else {
      entries.push({ path: fields[i++]!, status, binary: false });
    }
  }
  for (const entry of entries) {
    const f = fields[i++];
    if (f === undefined) break;
    const [a, r, path] = f.split('\t');
    if (path === '') i += 2; // a rename: the two paths follow
    if (a === '-' && r === '-') entry.binary = true;
    else {
      entry.added = Number(a);
      entry.removed = Number(r);
    }
  }
  return entries;
}

export interface WorktreeEntry {
  path: string;
  head?: string;
  /** refs/heads/... stripped; undefined when detached or bare. */
  branch?: string;
  bare: boolean;
  detached: boolean;
  prunable: boolean;
}

/** `git worktree list --porcelain`: blocks of `key value` lines separated by a blank line. */
export function parseWorktreeList(out: string): WorktreeEntry[] {
  const entries: WorktreeEntry[] = [];
  let cur: WorktreeEntry | undefined;
  for (const line of out.split('\n')) {
    if (line.startsWith('worktree ')) {
      cur = { path: line.slice('worktree '.length), bare: false, detached: false, prunable: false };
      entries.push(cur);
    } else if (!cur) continue;
    else if (line.startsWith('HEAD ')) cur.head = line.slice(5);
    else if (line.startsWith('branch ')) cur.branch = line.slice(7).replace(/^refs\/heads\//, '');
    else if (line === 'bare') cur.bare = true;
    else if (line === 'detached') cur.detached = true;
    else if (line.startsWith('prunable')) cur.prunable = true;
  }
  return entries;
}

/** Split on the first n-1 spaces (the last field is a path that may hold spaces). */
function splitN(s: string, n: number): string[] {
  const out: string[] = [];
  let start = 0;
  for (let k = 0; k < n - 1; k++) {
    const sp = s.indexOf(' ', start);
    if (sp < 0) break;
    out.push(s.slice(start, sp));
    start = sp + 1;
  }
  out.push(s.slice(start));
  return out;
}

/** `git --version` -> [major, minor, patch], or undefined when unparseable. */
export function parseGitVersion(out: string): [number, number, number] | undefined {
  const m = /git version (\d+)\.(\d+)(?:\.(\d+))?/.exec(out);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)] : undefined;
}
