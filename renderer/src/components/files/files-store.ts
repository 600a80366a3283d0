// The Files panel's own store, one entry per session: whether the panel is open, the folders
// opened in its tree and their entries, git's marks, the file in the editor (what was read,
// whether the person's text differs, what the disk did meanwhile), and quick open. Kept apart
// from the main store so a streaming session never re-renders the panel; the calls to the host
// live in files-actions.ts.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { FileContent, FileEntry, FileMark, FileVersion } from '../../../../shared/files';
import type { AppError } from '../../../../shared/result';

/** What the disk did to the open file that the person should hear about. */
export type DiskNotice =
  /** Changed on disk (or by Claude) while the person has unsaved text. */
  | { kind: 'changed'; version?: FileVersion; missing?: boolean }
  /** A save was refused: the file is no longer what was read. */
  | { kind: 'conflict'; version?: FileVersion; missing?: boolean }
  /** Reloaded by itself (nothing unsaved was there to lose). */
  | { kind: 'reloaded' };

export interface OpenFile {
  path: string;
  content?: FileContent;
  error?: AppError;
  /** The version a save is checked against (what was read, or what the person chose to keep over). */
  base?: FileVersion;
  dirty: boolean;
  /** Bumped when the editor must take the content again (a reload). */
  revision: number;
  notice?: DiskNotice;
  saving: boolean;
  saveError?: AppError;
  /** Said once after a save. */
  saved?: number;
}

export interface FilesPanel {
  open: boolean;
  root?: string;
  /** Entries by folder ('' the top), as last listed. */
  folders: Record<string, FileEntry[]>;
  expanded: Record<string, true>;
  truncated: boolean;
  listError?: AppError;
  marks: Record<string, FileMark>;
  file?: OpenFile;
  /** An action waiting for the person's answer about unsaved text. */
  asking?: { what: string; then: () => void };
}

export interface FilesState {
  panels: Record<string, FilesPanel>;
  quickOpen?: string;
  update(id: string, f: (p: FilesPanel) => Partial<FilesPanel>): void;
  updateFile(id: string, f: (file: OpenFile) => Partial<OpenFile>): void;
  setQuickOpen(id: string | undefined): void;
  forget(id: string): void;
}

export const emptyPanel = (): FilesPanel => ({ open: false, folders: {}, expanded: {}, truncated: false, marks: {} });

export const filesStore = createStore<FilesState>()((set) => ({
  panels: {},
  update: (id, f) =>
    set((s) => {
      const p = s.panels[id] ?? emptyPanel();
      return { panels: { ...s.panels, [id]: { ...p, ...f(p) } } };
    }),
  updateFile: (id, f) =>
    set((s) => {
      const p = s.panels[id];
      if (!p?.file) return {};
      return { panels: { ...s.panels, [id]: { ...p, file: { ...p.file, ...f(p.file) } } } };
    }),
  setQuickOpen: (quickOpen) => set({ quickOpen }),
  forget: (id) =>
    set((s) => {
      const { [id]: _gone, ...panels } = s.panels;
      return { panels, quickOpen: s.quickOpen === id ? undefined : s.quickOpen };
    }),
}));

const NONE = emptyPanel();

export function useFiles<T>(id: string, pick: (p: FilesPanel) => T): T {
  return useStore(filesStore, (s) => pick(s.panels[id] ?? NONE));
}

export function useQuickOpen(): string | undefined {
  return useStore(filesStore, (s) => s.quickOpen);
}

/** The folders above a path that hold a mark, for the tree to show where changes are. */
export function markedFolders(marks: Record<string, FileMark>): Set<string> {
  const out = new Set<string>();
  for (const p of Object.keys(marks)) {
    for (let at = p.indexOf('/'); at >= 0; at = p.indexOf('/', at + 1)) out.add(p.slice(0, at + 1));
  }
  return out;
}
