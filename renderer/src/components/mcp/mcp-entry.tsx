// The ways into the MCP panel besides the palette: an item on the status bar, which also
// carries the badge for servers that failed or need signing in, and a button on the toolbar
// under the message box.
import { useEffect } from 'react';
import { isClideOwn, needsAttention } from '../../../../shared/mcp-health';
import { useSessionField } from '../../store/hooks';
import { useClide } from '../../store/store';
import { askOnce } from './mcp-calls';
import './mcp.css';

function useMcpSummary(sessionId: string) {
  const servers = useSessionField(sessionId, (v) => v.info.mcp?.servers, undefined);
  const live = useSessionField(sessionId, (v) => v.status === 'ready' || v.status === 'working' || v.status === 'waiting', false);
  // The person's servers: the one clide runs for itself (the team tools) is in the panel only.
  const theirs = (servers ?? []).filter((s) => !isClideOwn(s));
  return { count: theirs.length, troubled: theirs.filter(needsAttention), live, known: servers !== undefined };
}

/** Status bar: "MCP 2" (the person's servers), and "1 failed" in the warning colour when one needs the person. */
export function McpStatusItem({ sessionId }: { sessionId: string }) {
  const openDialog = useClide((s) => s.openDialog);
  const { count, troubled, live, known } = useMcpSummary(sessionId);
  // Before the first prompt Claude Code has said nothing about its servers: ask once.
  useEffect(() => {
    if (live && !known) askOnce(sessionId);
  }, [live, known, sessionId]);
  if (count === 0) return null;
  const failed = troubled.filter((s) => s.status === 'failed').length;
  const auth = troubled.length - failed;
  const note = [failed > 0 ? `${failed} failed` : '', auth > 0 ? `${auth} needs sign-in` : ''].filter(Boolean).join(', ');
  const names = troubled.map((s) => s.name).join(', ');
  return (
    <button
      type="button"
      className={`sb-item sb-button sb-mcp${note ? ' is-warning' : ''}`}
      title={note ? `MCP servers: ${note} (${names}). Open the MCP panel.` : 'MCP servers: open the MCP panel'}
      onClick={() => openDialog('mcp')}
    >
      MCP {count}
      {note && (
        <span className="mcp-badge" aria-label={`MCP servers: ${note}`}>
          ⚠ {note}
        </span>
      )}
    </button>
  );
}

/** The toolbar under the message box: "MCP" opens the panel. */
export function McpButton({ sessionId }: { sessionId: string }) {
  const openDialog = useClide((s) => s.openDialog);
  const { troubled } = useMcpSummary(sessionId);
  return (
    <button
      type="button"
      className="pick-trigger ctl-mcp"
      title="MCP servers: state, tools, reconnect, disable"
      onClick={() => openDialog('mcp')}
      data-attention={troubled.length > 0 || undefined}
    >
      MCP{troubled.length > 0 && <span className="mcp-dot" aria-label={`${troubled.length} need attention`} />}
    </button>
  );
}
