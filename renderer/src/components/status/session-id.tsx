// The Claude session id (what `claude --resume` takes), shortened, with a copy button.
import { useCopy } from '../../lib/copy';
import { shortId } from './status-format';

export function SessionIdItem({ id }: { id: string | undefined }) {
  const [copied, copy] = useCopy();
  if (!id) {
    return (
      <span className="sb-item sb-session" title="Claude Code gives the session its id when the first message is sent">
        <span className="sb-key">session</span> –
      </span>
    );
  }
  return (
    <span className="sb-item sb-session" title={`Session ${id} (claude --resume ${id})`}>
      <span className="sb-key">session</span>
      <span className="mono sb-session-id">{shortId(id)}</span>
      <button type="button" className="sb-copy" aria-label="Copy session id" onClick={() => copy(id)}>
        {copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Copy failed' : 'Copy'}
      </button>
      <span className="visually-hidden" role="status">
        {copied === 'copied' ? 'Session id copied' : copied === 'failed' ? 'Could not copy the session id' : ''}
      </span>
    </span>
  );
}
