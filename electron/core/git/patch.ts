// Pure handling of unified patches as `git diff` prints them: split one diff of many files into
// files, a file into hunks (each with a digest naming its exact text), and one hunk back into a
// patch `git apply` takes, for reverting, staging or unstaging a single hunk.
import { createHash } from 'node:crypto';
import type { Hunk } from '../../../shared/git';

export interface PatchFile {
  path: string;
  oldPath?: string;
  /** Everything before the first hunk: `diff --git`, index, mode, rename and ---/+++ lines. */
  header: string;
  /** The hunks as text (empty for a binary file or a pure rename). */
  body: string;
  binary: boolean;
  /** header + body. */
  text: string;
}

/** Split the output of one `git diff` into its files. */
export function splitPatch(patch: string): PatchFile[] {
  const out: PatchFile[] = [];
  const starts: number[] = [];
  if (patch.startsWith('diff --git ')) starts.push(0);
  for (let at = patch.indexOf('\ndiff --git '); at >= 0; at = patch.indexOf('\ndiff --git ', at + 1)) starts.push(at + 1);
  for (let k = 0; k < starts.length; k++) {
    const text = patch.slice(starts[k], starts[k + 1] ?? patch.length);
    const hunkAt = text.startsWith('@@') ? 0 : text.indexOf('\n@@');
    const header = hunkAt < 0 ? text : text.slice(0, hunkAt + 1);
    const body = hunkAt < 0 ? '' : text.slice(hunkAt + 1);
    out.push({ ...namesOf(header), header, body, binary: /\nBinary files .* differ\n|\nGIT binary patch\n/.test(`\n${header}`), text });
  }
  return out;
}

/** The file's names from its header: rename/copy lines, else ---/+++ lines, else the diff line. */
function namesOf(header: string): { path: string; oldPath?: string } {
  const lines = header.split('\n');
  const field = (prefix: string) => {
    const l = lines.find((x) => x.startsWith(prefix));
    return l === undefined ? undefined : unquote(l.slice(prefix.length));
  };
  const renamedTo = field('rename to ') ?? field('copy to ');
  const renamedFrom = field('rename from ') ?? field('copy from ');
  if (renamedTo !== undefined) return { path: renamedTo, oldPath: renamedFrom };
  const plus = field('+++ ');
  const minus = field('--- ');
  if (plus !== undefined && plus !== '/dev/null') return { path: stripPrefix(plus) };
  if (minus !== undefined && minus !== '/dev/null') return { path: stripPrefix(minus) };
  // A binary or mode-only change has no ---/+++: `diff --git a/P b/P` with the same P twice.
  const first = lines[0]!.slice('diff --git '.length);
  if (first.startsWith('"')) {
    const end = quotedEnd(first);
    return { path: stripPrefix(unquote(first.slice(end + 2))) };
  }
  const half = (first.length - 1) / 2;
  return { path: stripPrefix(first.slice(half + 1)) };
}

function stripPrefix(p: string): string {
  return p.replace(/^[ab]\//, '');
}

function quotedEnd(s: string): number {
  for (let i = 1; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === '"') return i;
  }
  return s.length - 1;
}

const ESCAPES: Record<string, number> = { n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, '"': 34, '\\': 92 };

/** git's C-style quoting of unusual names ("a/\303\251t\303\251.txt"), undone to UTF-8 text. */
export function unquote(s: string): string {
  const t = s.replace(/\t$/, '');
  if (!t.startsWith('"') || !t.endsWith('"')) return t;
  const bytes: number[] = [];
  for (let i = 1; i < t.length - 1; i++) {
    const c = t[i]!;
    if (c !== '\\') {
      bytes.push(...Buffer.from(c, 'utf8'));
      continue;
    }
    const n = t[++i]!;
    if (/[0-7]/.test(n)) {
      bytes.push(parseInt(t.slice(i, i + 3), 8));
      i += 2;
    } else bytes.push(ESCAPES[n] ?? n.charCodeAt(0));
  }
  return Buffer.from(bytes).toString('utf8');
}

interface HunkText extends Hunk {
  text: string;
}

/** The hunks of one file's patch, with the exact text of each. */
export function hunksOf(file: PatchFile): HunkText[] {
  const out: HunkText[] = [];
  const body = file.body;
  let at = 0;
  while (at < body.length) {
    let next = body.indexOf('\n@@', at);
    next = next < 0 ? body.length : next + 1;
    const text = body.slice(at, next);
    const header = text.slice(0, text.indexOf('\n') < 0 ? text.length : text.indexOf('\n'));
    const m = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(header);
    if (m) {
      out.push({
        index: out.length,
        header,
        oldStart: Number(m[1]),
        oldLines: m[2] === undefined ? 1 : Number(m[2]),
        newStart: Number(m[3]),
        newLines: m[4] === undefined ? 1 : Number(m[4]),
        digest: createHash('sha1').update(file.path).update('\0').update(text).digest('hex').slice(0, 20),
        text,
      });
    }
    at = next;
  }
  return out;
}

/**
 * A patch of one hunk for `git apply`. `asEdit`: describe it as an edit of `path` in place (a
 * hunk of a renamed file must not rename the file back when it is reverted).
 */
export function hunkPatch(file: PatchFile, hunk: HunkText, asEdit: boolean): string {
  const body = hunk.text.endsWith('\n') ? hunk.text : `${hunk.text}\n`;
  if (!asEdit) return file.header + body;
  const [a, b] = [quotePath(`a/${file.path}`), quotePath(`b/${file.path}`)];
  return `diff --git ${a} ${b}\n--- ${a}\n+++ ${b}\n${body}`;
}

function quotePath(p: string): string {
  const unusual = [...p].some((c) => c === '"' || c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || /\s/.test(c));
  return unusual
    ? `"${p
        .replace(/[\\"]/g, (c) => `\\${c}`)
        .replace(/\n/g, '\\n')
        .replace(/\t/g, '\\t')}"`
    : p;
}

/** Lines in a patch (for the "large" flag and the figures). */
export function lineCount(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
