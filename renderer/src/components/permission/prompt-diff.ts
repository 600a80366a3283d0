// The line diff a permission prompt shows for an edit: every line, nothing elided (the prompt
// must show exactly what will change). Kept small and local so the transcript's richer diff
// component can replace the rendering without touching this contract.
import { commonEnds } from '../../lib/tools/line-diff';

export interface PromptDiffLine {
  kind: 'same' | 'add' | 'del';
  text: string;
}

/** Above this many cells the LCS table costs too much; the diff is then "all out, all in". */
const MAX_CELLS = 4_000_000;

export function diffLines(before: string, after: string): PromptDiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  // Common head and tail first: most edits touch a few lines in the middle.
  const { head, tail } = commonEnds(a, b);
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const out: PromptDiffLine[] = a.slice(0, head).map((text) => ({ kind: 'same', text }));
  out.push(...middle(midA, midB));
  out.push(...a.slice(a.length - tail).map((text) => ({ kind: 'same' as const, text })));
  return out;
}

function middle(a: string[], b: string[]): PromptDiffLine[] {
  if (a.length === 0) return b.map((text) => ({ kind: 'add', text }));
  if (b.length === 0) return a.map((text) => ({ kind: 'del', text }));
  if (a.length * b.length > MAX_CELLS) {
    return [...a.map((text) => ({ kind: 'del' as const, text })), ...b.map((text) => ({ kind: 'add' as const, text }))];
  }
  // lcs[i][j]: longest common subsequence of a[i..] and b[j..].
  const w = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * w);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * w + j] = a[i] === b[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
    }
  }
  const out: PromptDiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ kind: 'same', text: a[i]! });
      i++;
      j++;
    } else if (lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!) out.push({ kind: 'del', text: a[i++]! });
    else out.push({ kind: 'add', text: b[j++]! });
  }
  while (i < a.length) out.push({ kind: 'del', text: a[i++]! });
  while (j < b.length) out.push({ kind: 'add', text: b[j++]! });
  return out;
}

export function diffStats(lines: readonly PromptDiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const l of lines) {
    if (l.kind === 'add') added++;
    else if (l.kind === 'del') removed++;
  }
  return { added, removed };
}
