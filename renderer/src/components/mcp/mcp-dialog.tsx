// The MCP panel of the shown session: every configured server with its state, why it failed,
// where it is configured, its tools; Reconnect, and Disable/Enable (Claude Code remembers a
// disabled server for the folder). Opened from the composer's toolbar, the palette and the
// status bar. The list is asked for when the panel opens and after every change; what the
// host pushes (info.mcp) keeps it current while it is open.
import { useEffect, useId, useState } from 'react';
import { isClideOwn, type McpChange, type McpServerStatus } from '../../../../shared/mcp';
import type { AppError } from '../../../../shared/result';
import { formatClock } from '../../lib/format';
import { useSessionField } from '../../store/hooks';
import { useClide } from '../../store/store';
import { VisibleText } from '../common/visible-text';
import { Modal } from '../common/modal';
import { change, refresh } from './mcp-calls';
import { origin, stateTone, stateWord } from './mcp-words';
import './mcp.css';

export function McpDialog() {
  const sessionId = useClide((s) => (s.dialog === 'mcp' ? s.activeId : undefined));
  const openDialog = useClide((s) => s.openDialog);
  if (!sessionId) return null;
  return <McpPanel key={sessionId} sessionId={sessionId} onClose={() => openDialog(undefined)} />;
}

function McpPanel({ sessionId, onClose }: { sessionId: string; onClose(): void }) {
  const mcp = useSessionField(sessionId, (v) => v.info.mcp, undefined);
  const live = useSessionField(sessionId, (v) => v.status === 'ready' || v.status === 'working' || v.status === 'waiting', false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<AppError | undefined>();
  const titleId = useId();

  const reload = async () => {
    setLoading(true);
    setError(await refresh(sessionId));
    setLoading(false);
  };
  // Asked when the panel opens (and when the session comes up while it is open).
  useEffect(() => {
    if (!live) return;
    let gone = false;
    void refresh(sessionId).then((e) => {
      if (!gone) setError(e);
    });
    return () => {
      gone = true;
    };
  }, [live, sessionId]);

  const servers = mcp?.servers ?? [];
  return (
    <Modal labelledBy={titleId} onClose={onClose} className="mcp-dialog">
      <h2 id={titleId} className="modal-title">
        MCP servers
        <span className="modal-key">{servers.length}</span>
      </h2>
      <p className="panel-intro muted">
        Tools Claude can use from other programs, as this session’s Claude Code sees them.
        {mcp && ` Checked at ${formatClock(mcp.at)}.`}
      </p>
      {!live && <p className="modal-error">The session is not running, so its servers cannot be asked about or changed.</p>}
      {live && servers.length === 0 && <p className="muted">{loading || !mcp ? 'Asking Claude Code…' : 'No MCP servers are configured for this folder.'}</p>}
      <ul className="panel-list" aria-label="MCP servers">
        {servers.map((s) => (
          <ServerRow key={s.name} sessionId={sessionId} server={s} live={live} />
        ))}
      </ul>
      {error && (
        <p className="modal-error" role="alert">
          {error.message}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="btn" disabled={!live || loading} onClick={() => void reload()}>
          {loading ? 'Checking…' : 'Check again'}
        </button>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Done
        </button>
      </div>
    </Modal>
  );
}

function ServerRow({ sessionId, server: s, live }: { sessionId: string; server: McpServerStatus; live: boolean }) {
  const [busy, setBusy] = useState<McpChange['action'] | undefined>();
  const [error, setError] = useState<AppError | undefined>();
  const own = isClideOwn(s);
  const disabled = s.status === 'disabled';
  const act = async (action: McpChange['action']) => {
    setBusy(action);
    setError(undefined);
    setError(await change(sessionId, { action, server: s.name }));
    setBusy(undefined);
  };
  const tools = s.tools ?? [];
  const nameId = useId();
  return (
    <li className="panel-card mcp-server" aria-labelledby={nameId} data-status={s.status}>
      <div className="mcp-server-head">
        <span id={nameId} className="mcp-server-name">
          <VisibleText text={s.name} />
        </span>
        <span className={`state-badge tone-${stateTone(s.status)}`}>{busy ? busyWord(busy) : stateWord(s.status)}</span>
        <span className="mcp-origin muted">{origin(s)}</span>
        <span className="mcp-spacer" />
        {!own && !disabled && (
          <button type="button" className="btn btn-small" disabled={!live || busy !== undefined} onClick={() => void act('reconnect')}>
            Reconnect
          </button>
        )}
        {!own && (
          <button type="button" className="btn btn-small" disabled={!live || busy !== undefined} onClick={() => void act(disabled ? 'enable' : 'disable')}>
            {disabled ? 'Enable' : 'Disable'}
          </button>
        )}
      </div>
      {s.serverName && (
        <div className="mcp-server-info muted">
          <VisibleText text={`${s.serverName}${s.serverVersion ? ` ${s.serverVersion}` : ''}`} />
        </div>
      )}
      {s.error && (
        <div className="mcp-server-error">
          <VisibleText text={s.error} />
        </div>
      )}
      {s.status === 'needs-auth' && (
        <div className="mcp-server-error">This server needs you to sign in: do that from Claude Code in a terminal (/mcp), then Reconnect here.</div>
      )}
      {tools.length > 0 && (
        <details className="mcp-tools">
          <summary>
            {tools.length} {tools.length === 1 ? 'tool' : 'tools'}
          </summary>
          <ul>
            {tools.map((t) => (
              <li key={t} className="mono">
                <VisibleText text={t} />
              </li>
            ))}
          </ul>
        </details>
      )}
      {error && (
        <div className="mcp-server-error" role="alert">
          {error.message}
        </div>
      )}
    </li>
  );
}

function busyWord(action: McpChange['action']): string {
  return action === 'reconnect' ? 'Reconnecting…' : action === 'enable' ? 'Enabling…' : 'Disabling…';
}
