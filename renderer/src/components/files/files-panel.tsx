// The Files panel beside the transcript: the session's folder as a tree with git's marks, and
// the file opened from it in an editor. A part loaded when the panel first opens; the editor
// (CodeMirror) is a part of its own, loaded when a file first opens.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { EditorId } from '../../../../shared/files';
import { listEditors, openInEditor } from '../../api/files';
import { formatBytes } from '../../lib/format';
import { lazyPart, useLazyPart } from '../../lib/lazy-part';
import { keyLabel } from '../../lib/shortcuts';
import { useClide } from '../../store/store';
import { useSessionField } from '../../store/hooks';
import type { EditorHandle } from './code-editor';
import { FileTree } from './file-tree';
import { answerUnsaved, checkDisk, closeFile, closeFiles, keepMine, mentionInComposer, refresh, reload, save, setDirty } from './files-actions';
import { markedFolders, useFiles, type OpenFile } from './files-store';
import './files.css';

const editorPart = lazyPart('the file editor', () => import('./code-editor'));

/** How often an open file is compared with the disk (Claude may be editing it). */
const CHECK_MS = 2000;

export function FilesPanel({ sessionId }: { sessionId: string }) {
  const root = useFiles(sessionId, (p) => p.root);
  const listError = useFiles(sessionId, (p) => p.listError);
  const truncated = useFiles(sessionId, (p) => p.truncated);
  const marks = useFiles(sessionId, (p) => p.marks);
  const file = useFiles(sessionId, (p) => p.file);
  const asking = useFiles(sessionId, (p) => p.asking);
  const remote = useSessionField(sessionId, (v) => v.info.location, undefined);
  const web = useClide((s) => s.environment?.host === 'web');
  const marked = useMemo(() => markedFolders(marks), [marks]);

  // The tree and its marks follow what git and Claude do: a new glance, or a turn that ended.
  const glanceAt = useSessionField(sessionId, (v) => v.gitStatus?.at, undefined);
  const busy = useSessionField(sessionId, (v) => v.status === 'working', false);
  useEffect(() => {
    if (!busy) void refresh(sessionId);
  }, [sessionId, glanceAt, busy]);

  return (
    <aside className="files-panel" aria-labelledby={`files-title-${sessionId}`}>
      <header className="files-head">
        <h2 id={`files-title-${sessionId}`}>Files</h2>
        <span className="files-root" title={root}>
          {root}
        </span>
        {!remote && <OpenIn sessionId={sessionId} web={web} label="Open folder in" />}
        <button type="button" className="toolbar-button" onClick={() => closeFiles(sessionId)} title="Close the Files panel">
          Close
        </button>
      </header>
      {asking && <UnsavedQuestion sessionId={sessionId} what={asking.what} />}
      {remote ? (
        <p className="files-empty">This session runs on {remote}. The Files panel shows folders on this computer only, for now.</p>
      ) : (
        <div className="files-body">
          <nav className="files-tree" aria-label="Folder">
            {listError ? <p className="files-error">{listError.message}</p> : <FileTree sessionId={sessionId} dir="" depth={0} marked={marked} />}
            {truncated && <p className="files-note">The folder has more files than are listed.</p>}
          </nav>
          <section className="files-view" aria-label={file ? `File ${file.path}` : 'No file open'}>
            {file ? (
              <FileView sessionId={sessionId} file={file} web={web} />
            ) : (
              <p className="files-empty">Choose a file, or press {keyLabel('P')} to find one.</p>
            )}
          </section>
        </div>
      )}
    </aside>
  );
}

function UnsavedQuestion({ sessionId, what }: { sessionId: string; what: string }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="files-notice is-warn" role="alertdialog" aria-labelledby={`files-ask-${sessionId}`}>
      <span id={`files-ask-${sessionId}`}>The file has unsaved changes. Discard them to {what}?</span>
      <button type="button" className="toolbar-button" ref={ref} onClick={() => answerUnsaved(sessionId, false)}>
        Keep editing
      </button>
      <button type="button" className="toolbar-button is-danger" onClick={() => answerUnsaved(sessionId, true)}>
        Discard changes
      </button>
    </div>
  );
}

function FileView({ sessionId, file, web }: { sessionId: string; file: OpenFile; web: boolean }) {
  const content = file.content;
  const editable = content?.kind === 'text';
  const Editor = useLazyPart(editorPart, editable);
  const [handle, setHandle] = useState<EditorHandle | undefined>();

  // Claude (or anything) may change the file while it is open: look now and then, and on return.
  useEffect(() => {
    const look = () => void checkDisk(sessionId);
    const timer = setInterval(look, CHECK_MS);
    window.addEventListener('focus', look);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', look);
    };
  }, [sessionId, file.path]);

  const canSave = content?.kind === 'text' && !content.readOnly;
  return (
    <>
      <div className="files-file-head">
        <span className="files-path" title={file.path}>
          {file.path}
          {file.dirty && <span className="files-dirty"> (unsaved)</span>}
        </span>
        {canSave && (
          <button
            type="button"
            className="toolbar-button"
            disabled={!handle || file.saving}
            onClick={() => handle && void save(sessionId, handle.text())}
            title={`Save (${keyLabel('S')})`}
          >
            {file.saving ? 'Saving…' : 'Save'}
          </button>
        )}
        {editable && handle && (
          <>
            <button type="button" className="toolbar-button" onClick={() => handle.goToLine()} title={`Go to line (${keyLabel('Alt+G')})`}>
              Go to line
            </button>
            <button
              type="button"
              className="toolbar-button"
              title="Mention the selected lines in the message box (@path#L5-10)"
              onClick={() => {
                const { from, to } = handle.selectedLines();
                mentionInComposer(sessionId, file.path, from, to);
              }}
            >
              Mention lines
            </button>
          </>
        )}
        <OpenIn sessionId={sessionId} web={web} label="Open in" path={file.path} />
        <button type="button" className="toolbar-button" onClick={() => closeFile(sessionId)} title="Close this file">
          Close file
        </button>
      </div>
      <DiskNotices sessionId={sessionId} file={file} />
      {file.saveError && (
        <p className="files-notice is-error" role="alert">
          Not saved: {file.saveError.message}
        </p>
      )}
      {file.saved !== undefined && !file.dirty && !file.notice && (
        <p className="files-saved" role="status">
          Saved.
        </p>
      )}
      {file.error ? (
        <p className="files-error">{file.error.message}</p>
      ) : !content ? (
        <p className="files-empty">Opening…</p>
      ) : content.kind === 'image' ? (
        <div className="files-image">
          <img src={content.dataUrl} alt={file.path} />
          <p className="files-note">{formatBytes(content.size)}</p>
        </div>
      ) : content.kind === 'binary' ? (
        <p className="files-empty">A binary file ({formatBytes(content.size)}): not shown here. Open it in another editor.</p>
      ) : content.kind === 'too-large' ? (
        <p className="files-empty">Too large to show here ({formatBytes(content.size)}). Open it in another editor.</p>
      ) : (
        <>
          {content.readOnly && <p className="files-note">Read-only here: a large file, or one that is not UTF-8 text.</p>}
          {Editor ? (
            <Editor.CodeEditor
              key={`${file.path}:${file.revision}:${content.version.hash}`}
              path={file.path}
              text={content.text}
              readOnly={content.readOnly}
              onDirty={(d) => setDirty(sessionId, d)}
              onSave={(t) => void save(sessionId, t)}
              onReady={setHandle}
            />
          ) : (
            <p className="files-empty">Opening the editor…</p>
          )}
        </>
      )}
    </>
  );
}

function DiskNotices({ sessionId, file }: { sessionId: string; file: OpenFile }) {
  const n = file.notice;
  if (!n) return null;
  if (n.kind === 'reloaded') {
    return (
      <p className="files-notice" role="status">
        The file changed on disk and was read again.
      </p>
    );
  }
  const what =
    n.kind === 'conflict'
      ? n.missing
        ? 'Not saved: the file was deleted since you opened it.'
        : 'Not saved: the file changed on disk (or Claude edited it) since you opened it.'
      : n.missing
        ? 'The file was deleted on disk.'
        : 'The file changed on disk (or Claude edited it) while you were editing.';
  return (
    <div className="files-notice is-warn" role="alert">
      <span>{what}</span>
      {!n.missing && (
        <button type="button" className="toolbar-button" onClick={() => reload(sessionId)}>
          Reload (drop my changes)
        </button>
      )}
      <button type="button" className="toolbar-button" onClick={() => keepMine(sessionId)} title="Keep your text; the next save writes it over the file">
        Keep my text
      </button>
    </div>
  );
}

function OpenIn({ sessionId, web, label, path }: { sessionId: string; web: boolean; label: string; path?: string }) {
  const [editors, setEditors] = useState<Array<{ id: EditorId; label: string }>>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    void listEditors().then((r) => live && setEditors(r.ok ? r.value.editors : []));
    return () => void (live = false);
  }, []);
  if (!editors || editors.length === 0) return null;
  const where = web ? ' (on the computer clide runs on)' : '';
  return (
    <>
      <select
        className="files-open-in"
        aria-label={`${label}${where}`}
        title={`${label}${where}`}
        value=""
        onChange={(e) => {
          const id = e.target.value as EditorId;
          setError(undefined);
          void openInEditor(sessionId, id, path).then((r) => !r.ok && setError(r.error.message));
        }}
      >
        <option value="">{label}…</option>
        {editors.map((e) => (
          <option key={e.id} value={e.id}>
            {e.label}
          </option>
        ))}
      </select>
      {error && (
        <span className="files-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
