// The Changes panel's own store, one entry per session: whether the panel is open, the file
// list as git last listed it, the diffs fetched so far (file by file, as they are looked at),
// the person's review comments, and the undos of reverts made while the panel is open. Kept
// apart from the main store so streaming sessions never re-render the panel. Pure updates only;
// the calls to the host live in changes-actions.ts.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { ChangedFile, Changes, DiffScope, FileDiff, GitStatus } from '../../../../shared/git';
import type { AppError } from '../../../../shared/result';

export interface DiffEntry {
  diff?: FileDiff;
  error?: AppError;
  loading: boolean;
  /** The list entry the diff was made for: a different entry means the file changed since. */
  signature: string;
}

export interface ReviewDraft {
  id: string;
  path: string;
  /** `old`: the lines are on the base side (removed lines). */
  side: 'old' | 'new';
  startLine: number;
  endLine: number;
  text: string;
}

export interface UndoEntry {
  token: string;
  label: string;
}

/** What happened last, said once under the panel's header (a commit's hook output, a refusal). */
export interface PanelNotice {
  tone: 'ok' | 'error';
  text: string;
  detail?: string;
}

export interface PanelState {
  open: boolean;
  changes?: Changes;
  listError?: AppError;
  listing: boolean;
  selected?: string;
  scope: DiffScope;
  /** By `diffKey(scope, path)`. */
  diffs: Record<string, DiffEntry>;
  /** Large diffs the person chose to see. */
  expanded: Record<string, true>;
  comments: ReviewDraft[];
  undo: UndoEntry[];
  notice?: PanelNotice;
  /** A session in a shared folder (no pushed glance): its git:status once, null when not in a repository. */
  probe?: GitStatus | null;
}

export type Layout = 'unified' | 'split';

export interface ChangesState {
  panels: Record<string, PanelState>;
  layout: Layout;
  setLayout(layout: Layout): void;
  update(id: string, f: (p: PanelState) => Partial<PanelState>): void;
  forget(id: string): void;
}

export const emptyPanel: PanelState = { open: false, listing: false, scope: 'base', diffs: {}, expanded: {}, comments: [], undo: [] };

export function diffKey(scope: DiffScope, path: string): string {
  return `${scope}\u0000${path}`;
}

/**
 * Names one state of a listed file: a diff made for another state is stale. A list without
 * line counts (the first, quick one) names the state without them: `#?` after the flags.
 */
export function signatureOf(f: ChangedFile, counted = true): string {
  const flags = [f.kind, f.oldPath ?? '', f.committed, f.staged, f.unstaged, f.untracked].join('|');
  return `${flags}#${counted ? [f.added, f.removed, f.binary].join('|') : '?'}`;
}

/** The same state of a file, where a signature without counts matches any counts. */
export function sameState(a: string, b: string): boolean {
  if (a === b) return true;
  if (!a.endsWith('#?') && !b.endsWith('#?')) return false;
  return a.slice(0, a.lastIndexOf('#')) === b.slice(0, b.lastIndexOf('#'));
}

const LAYOUT_KEY = 'clide.changesLayout';

function storedLayout(): Layout {
  try {
    return globalThis.localStorage?.getItem(LAYOUT_KEY) === 'split' ? 'split' : 'unified';
  } catch {
    return 'unified';
  }
}

export function createChangesStore() {
  return createStore<ChangesState>()((set) => ({
    panels: {},
    layout: storedLayout(),
    setLayout: (layout) => {
      try {
        globalThis.localStorage?.setItem(LAYOUT_KEY, layout);
      } catch {
        // No storage (private mode): the choice lasts for this window only.
      }
      set({ layout });
    },
    update: (id, f) =>
      set((s) => {
        const before = s.panels[id] ?? emptyPanel;
        return { panels: { ...s.panels, [id]: { ...before, ...f(before) } } };
      }),
    forget: (id) =>
      set((s) => {
        if (!s.panels[id]) return {};
        const { [id]: _gone, ...rest } = s.panels;
        return { panels: rest };
      }),
  }));
}

export const changesStore = createChangesStore();

export function useChanges<T>(selector: (s: ChangesState) => T): T {
  return useStore(changesStore, selector);
}

export function usePanel<T>(id: string, pick: (p: PanelState) => T): T {
  return useStore(changesStore, (s) => pick(s.panels[id] ?? emptyPanel));
}

export function panelOf(id: string): PanelState {
  return changesStore.getState().panels[id] ?? emptyPanel;
}
