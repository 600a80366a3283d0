// How the Changes panel groups and names the files a session changed: conflicts first, then
// what is not committed yet (staged, unstaged, untracked), then what is only in commits on
// the branch. Each file appears once; where its change sits is said beside it. Pure.
import type { ChangedFile } from '../../../../shared/git';

export type SectionId = 'conflicts' | 'pending' | 'committed';

export interface FileSection {
  id: SectionId;
  title: string;
  files: ChangedFile[];
}

export type ListRow = { kind: 'section'; key: string; section: FileSection } | { kind: 'file'; key: string; file: ChangedFile };

export function sectionOf(f: ChangedFile): SectionId {
  if (f.kind === 'conflicted') return 'conflicts';
  return f.staged || f.unstaged || f.untracked ? 'pending' : 'committed';
}

export function sectionsOf(files: readonly ChangedFile[], branch?: string): FileSection[] {
  const by: Record<SectionId, ChangedFile[]> = { conflicts: [], pending: [], committed: [] };
  for (const f of files) by[sectionOf(f)].push(f);
  const out: FileSection[] = [];
  if (by.conflicts.length) out.push({ id: 'conflicts', title: 'Conflicts', files: by.conflicts });
  if (by.pending.length) out.push({ id: 'pending', title: 'Not committed', files: by.pending });
  if (by.committed.length) out.push({ id: 'committed', title: branch ? `Committed on ${branch}` : 'Committed', files: by.committed });
  return out;
}

/** The flat rows of a virtualised list: a heading row before each section's files. */
export function listRows(sections: readonly FileSection[]): ListRow[] {
  return sections.flatMap((s): ListRow[] => [
    { kind: 'section', key: `s:${s.id}`, section: s },
    ...s.files.map((file): ListRow => ({ kind: 'file', key: `f:${file.path}`, file })),
  ]);
}

const KIND_LETTER: Record<ChangedFile['kind'], [string, string]> = {
  added: ['A', 'added'],
  modified: ['M', 'modified'],
  deleted: ['D', 'deleted'],
  renamed: ['R', 'renamed'],
  copied: ['C', 'copied'],
  'type-changed': ['T', 'type changed'],
  untracked: ['U', 'new, untracked'],
  conflicted: ['!', 'conflicted'],
};

export function kindOf(f: ChangedFile): { letter: string; word: string } {
  const [letter, word] = KIND_LETTER[f.kind];
  return { letter, word };
}

/** Where the file's change sits, in words: "staged", "staged and unstaged", "committed, unstaged". */
export function whereOf(f: ChangedFile): string {
  const parts: string[] = [];
  if (f.committed) parts.push('committed');
  if (f.staged) parts.push('staged');
  if (f.unstaged) parts.push('unstaged');
  if (f.untracked) parts.push('untracked');
  return parts.join(', ');
}

/** "src/app/" and "main.ts" of "src/app/main.ts". */
export function splitPath(p: string): { dir: string; name: string } {
  const cut = p.lastIndexOf('/');
  return cut < 0 ? { dir: '', name: p } : { dir: p.slice(0, cut + 1), name: p.slice(cut + 1) };
}
