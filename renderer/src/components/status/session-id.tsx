// The Claude session id (what `claude --resume` takes), shortened, with a copy button.
import { useEffect, useState } from 'react';
import { shortId } from './status-format';

export function SessionIdItem({ id }: { id: string | undefined }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | undefined>();
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(undefined), 1600);
    return () => clearTimeout(t);
  }, [copied]);
  if (!id) {
    return (
      <span className="sb-item sb-session" title="Claude Code gives the session its id when the first message is sent">
        <span className="sb-key">session</span> –
      </span>
    );
  }
  const copy = async () => {
    setCopied((await copyText(id)) ? 'yes' : 'failed');
  };
  return (
    <span className="sb-item sb-session" title={`Session ${id} (claude --resume ${id})`}>
      <span className="sb-key">session</span>
      <span className="mono sb-session-id">{shortId(id)}</span>
      <button type="button" className="sb-copy" aria-label="Copy session id" onClick={() => void copy()}>
        {copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Copy failed' : 'Copy'}
      </button>
      <span className="visually-hidden" role="status">
        {copied === 'yes' ? 'Session id copied' : copied === 'failed' ? 'Could not copy the session id' : ''}
      </span>
    </span>
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Without clipboard permission (a plain-http page, an old browser): the old way.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      return document.execCommand('copy');
    } finally {
      area.remove();
    }
  }
}
