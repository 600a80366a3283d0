// The folder's tree: folders open in place (their entries asked for when first opened), files
// open in the editor; git's marks beside each file, and a dot on folders that hold one.
import { memo } from 'react';
import type { FileEntry, FileMark } from '../../../../shared/files';
import { openFile, toggleFolder } from './files-actions';
import { useFiles } from './files-store';

const MARK_LETTER: Record<FileMark, string> = {
  modified: 'M',
  added: 'A',
  untracked: 'U',
  renamed: 'R',
  conflicted: '!',
  'type-changed': 'T',
  copied: 'C',
};

const nameOf = (e: FileEntry) => {
  const inner = e.folder ? e.path.slice(0, -1) : e.path;
  return inner.slice(inner.lastIndexOf('/') + 1);
};

export const FileTree = memo(function FileTree({ sessionId, dir, depth, marked }: { sessionId: string; dir: string; depth: number; marked: Set<string> }) {
  const entries = useFiles(sessionId, (p) => p.folders[dir]);
  const expanded = useFiles(sessionId, (p) => p.expanded);
  const marks = useFiles(sessionId, (p) => p.marks);
  const selected = useFiles(sessionId, (p) => p.file?.path);
  if (!entries) return depth > 0 ? <div className="files-tree-loading">Loading…</div> : null;
  if (entries.length === 0 && depth === 0) return <p className="files-empty">This folder is empty.</p>;
  return (
    <ul className="files-tree-list">
      {entries.map((e) => {
        const pad = { paddingInlineStart: `${0.5 + depth * 0.9}rem` };
        if (e.folder) {
          const open = expanded[e.path] === true;
          return (
            <li key={e.path}>
              <button type="button" className="files-row is-folder" style={pad} aria-expanded={open} onClick={() => toggleFolder(sessionId, e.path)}>
                <span className="files-caret" aria-hidden="true">
                  {open ? '▾' : '▸'}
                </span>
                <span className="files-name">{nameOf(e)}</span>
                {marked.has(e.path) && <span className="files-folder-mark" title="Holds changed files" aria-label="holds changed files" />}
              </button>
              {open && <FileTree sessionId={sessionId} dir={e.path} depth={depth + 1} marked={marked} />}
            </li>
          );
        }
        const mark = marks[e.path];
        return (
          <li key={e.path}>
            <button
              type="button"
              className="files-row"
              style={pad}
              aria-current={selected === e.path ? 'true' : undefined}
              onClick={() => openFile(sessionId, e.path)}
              title={e.path}
            >
              <span className="files-caret" aria-hidden="true" />
              <span className="files-name">{nameOf(e)}</span>
              {mark && (
                <span className={`files-mark is-${mark}`} title={mark} aria-label={mark}>
                  {MARK_LETTER[mark]}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
});
