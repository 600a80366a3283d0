// Small actions over the transcript: find (Ctrl/Cmd+F) and export to Markdown.
import { useState } from 'react';
import { formatClock } from '../../lib/format';
import { keyLabel } from '../../lib/shortcuts';
import { lazyPart } from '../../lib/lazy-part';
import { clideStore, useClide } from '../../store/store';
import { openFind, useFind } from '../find/find-store';
import { ChangesButton } from '../worktree/git-glance';
import { filesUiPart } from '../files/files-ui';
import { LazyView } from '../common/lazy-view';

/** Save text as a file through a Blob URL (the browser host downloads it; Electron offers a save dialog). */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/markdown;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The download has its own copy by the time the URL is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The Markdown writer (it reads every kind of tool result): loaded when first needed, or before. */
const exporter = lazyPart('the transcript export', () => import('../../lib/transcript/transcript-export'));

export async function exportTranscript(sessionId: string): Promise<boolean> {
  // Usually loaded in the background long before anyone exports.
  const { exportFileName, transcriptToMarkdown } = exporter.loaded() ?? (await exporter.load());
  const v = clideStore.getState().sessions[sessionId];
  if (!v) return false;
  const now = Date.now();
  download(exportFileName(v, now), transcriptToMarkdown(v, { now, formatTime: formatClock }));
  return true;
}

export function TranscriptToolbar({ sessionId }: { sessionId: string }) {
  const empty = useClide((s) => (s.sessions[sessionId]?.items.length ?? 0) === 0);
  const findOpen = useFind((s) => s.open && s.sessionId === sessionId);
  const [failed, setFailed] = useState<string | undefined>();
  if (empty) {
    return (
      <div className="transcript-toolbar" role="toolbar" aria-label="Transcript actions">
        <ChangesButton sessionId={sessionId} />
        <LazyView part={filesUiPart}>{(m) => <m.FilesButton sessionId={sessionId} />}</LazyView>
      </div>
    );
  }
  return (
    <div className="transcript-toolbar" role="toolbar" aria-label="Transcript actions">
      <ChangesButton sessionId={sessionId} />
      <LazyView part={filesUiPart}>{(m) => <m.FilesButton sessionId={sessionId} />}</LazyView>
      {!findOpen && (
        <button type="button" className="toolbar-button" onClick={() => openFind(sessionId)} title={`Find in transcript (${keyLabel('F')})`}>
          Find
        </button>
      )}
      <button
        type="button"
        className="toolbar-button"
        title="Save the transcript as a Markdown file"
        onClick={() => {
          exportTranscript(sessionId).then(
            (done) => setFailed(done ? undefined : 'This session is no longer open.'),
            (err: unknown) => setFailed(`The export failed: ${err instanceof Error ? err.message : String(err)}`),
          );
        }}
      >
        Export
      </button>
      {failed && (
        <span className="toolbar-error" role="alert">
          {failed}
        </span>
      )}
    </div>
  );
}
