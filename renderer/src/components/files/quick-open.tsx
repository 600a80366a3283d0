// Quick open (Ctrl/Cmd+P): type part of a path, pick a file, it opens in the Files panel. The
// matching runs in the core over the folder's cached listing, so each key asks once and the
// answer is back long before the next.
import { useEffect, useRef, useState } from 'react';
import { findFiles } from '../../api/files';
import { Modal } from '../common/modal';
import { openFile, openFiles } from './files-actions';
import { filesStore } from './files-store';
import './files.css';

export function QuickOpen({ sessionId }: { sessionId: string }) {
  const [query, setQuery] = useState('');
  const [paths, setPaths] = useState<string[]>([]);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string>();
  const [active, setActive] = useState(0);
  const asked = useRef(0);

  useEffect(() => {
    const n = ++asked.current;
    void findFiles(sessionId, query, 50).then((r) => {
      if (n !== asked.current) return; // a newer query is on its way
      if (!r.ok) return setError(r.error.message);
      setError(undefined);
      setPaths(r.value.paths);
      setTotal(r.value.total);
      setActive(0);
    });
  }, [sessionId, query]);

  const close = () => filesStore.getState().setQuickOpen(undefined);
  const choose = (path: string | undefined) => {
    if (!path) return;
    close();
    if (!filesStore.getState().panels[sessionId]?.open) openFiles(sessionId);
    openFile(sessionId, path);
  };
  const optionId = (i: number) => `quick-open-${i}`;

  return (
    <Modal labelledBy="quick-open-title" onClose={close} className="quick-open">
      <h2 id="quick-open-title" className="visually-hidden">
        Open a file
      </h2>
      <input
        data-autofocus
        className="quick-open-input"
        type="text"
        role="combobox"
        aria-expanded="true"
        aria-controls="quick-open-list"
        aria-activedescendant={paths.length > 0 ? optionId(active) : undefined}
        aria-label="File name or path"
        placeholder="Open a file by name…"
        value={query}
        spellCheck={false}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, paths.length - 1));
          else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
          else if (e.key === 'Enter') choose(paths[active]);
          else return;
          e.preventDefault();
        }}
      />
      {error && (
        <p className="files-error" role="alert">
          {error}
        </p>
      )}
      <ul id="quick-open-list" role="listbox" aria-label="Matching files" className="quick-open-list">
        {paths.map((p, i) => {
          const cut = p.lastIndexOf('/') + 1;
          return (
            <li key={p} id={optionId(i)} role="option" aria-selected={i === active} onMouseDown={(e) => e.preventDefault()} onClick={() => choose(p)}>
              <span className="quick-open-name">{p.slice(cut)}</span>
              <span className="quick-open-dir">{p.slice(0, cut)}</span>
            </li>
          );
        })}
      </ul>
      <p className="quick-open-count" role="status">
        {query && (total === 0 ? 'No file matches.' : `${total} ${total === 1 ? 'file matches' : 'files match'}`)}
      </p>
    </Modal>
  );
}
