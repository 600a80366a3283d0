// The "App" part of an MCP tool card whose tool declares a UI (MCP Apps): untrusted HTML and
// scripts from the MCP server, so nothing runs until the person presses "Show app" (remembered
// for that server for the rest of the session in this window). The card says what the app
// cannot do, offers the links it asks to open, and says when it put text in the message box.
import { useEffect, useMemo, useState } from 'react';
import { appForTool, type McpAppResource } from '../../../../shared/mcp';
import type { AppError } from '../../../../shared/result';
import type { ToolState } from '../../../../shared/transcript';
import { makeVisible } from '../../../../shared/visible-chars';
import { focusComposer } from '../../lib/focus';
import { mcpName } from '../../lib/tools/tool-results';
import { clideStore, useClide } from '../../store/store';
import { VisibleText } from '../common/visible-text';
import { AppFrame } from './app-frame';
import { readApp, refreshOnce, showApps, useAppsShown } from './app-store';

export interface ToolAppProps {
  sessionId: string;
  tool: { id: string; name: string; input: Record<string, unknown> };
  state: ToolState;
}

/** Nothing for a tool without an app; else the Show app button, or the running app. */
export function ToolApp({ sessionId, tool, state }: ToolAppProps) {
  const names = useMemo(() => mcpName(tool.name), [tool.name]);
  const app = useClide((s) => (names ? appForTool(s.sessions[sessionId]?.info.mcp?.servers, names.server, names.tool) : undefined));
  const shown = useAppsShown(sessionId, names?.server ?? '');
  // The call shows the server has the tool; a state that does not list it yet (asked while the
  // server was still starting) is stale, so ask again once rather than miss the tool's app.
  const stale = useClide((s) => {
    if (!names) return false;
    const server = s.sessions[sessionId]?.info.mcp?.servers.find((x) => x.name === names.server);
    return !server?.tools?.includes(names.tool);
  });
  useEffect(() => {
    if (stale && names) refreshOnce(sessionId, names.server);
  }, [stale, sessionId, names]);
  if (!names || !app) return null;
  return (
    <div className="mcp-app" role="group" aria-label={`App: ${makeVisible(names.tool)}`}>
      {shown ? (
        <ShownApp sessionId={sessionId} server={names.server} toolName={names.tool} uri={app.resourceUri} tool={tool} state={state} />
      ) : (
        <div className="mcp-app-bar">
          <span className="mcp-app-note">
            <VisibleText text={names.server} /> has its own view of this tool: a page from the server, run in a sandbox.
          </span>
          <button type="button" className="btn btn-small" onClick={() => showApps(sessionId, names.server, true)}>
            Show app
          </button>
        </div>
      )}
    </div>
  );
}

type Load = { state: 'loading' } | { state: 'ready'; page: McpAppResource } | { state: 'failed'; error: AppError };

function ShownApp({
  sessionId,
  server,
  toolName,
  uri,
  tool,
  state,
}: { sessionId: string; server: string; toolName: string; uri: string } & Pick<ToolAppProps, 'tool' | 'state'>) {
  const [attempt, setAttempt] = useState(0);
  // What the read of this attempt gave; until it answers, the app is loading.
  const [answered, setAnswered] = useState<{ attempt: number; load: Load } | undefined>();
  const load: Load = answered?.attempt === attempt ? answered.load : { state: 'loading' };
  const [link, setLink] = useState<string | undefined>();
  const [suggested, setSuggested] = useState(false);
  useEffect(() => {
    let live = true;
    void readApp(sessionId, server, uri).then((r) => {
      if (live) setAnswered({ attempt, load: r.ok ? { state: 'ready', page: r.value } : { state: 'failed', error: r.error } });
    });
    return () => {
      live = false;
    };
  }, [sessionId, server, uri, attempt]);

  const suggest = (text: string) => {
    const s = clideStore.getState();
    const draft = s.drafts[sessionId] ?? '';
    s.setDraft(sessionId, draft.trim() ? `${draft}\n\n${text}` : text);
    setSuggested(true);
    focusComposer();
  };

  return (
    <>
      <div className="mcp-app-bar">
        <span className="mcp-app-note">
          App from <VisibleText text={server} />: it runs in a sandbox, with no network access and no access to clide.
        </span>
        <button type="button" className="btn btn-small" onClick={() => showApps(sessionId, server, false)}>
          Hide app
        </button>
      </div>
      {load.state === 'loading' && <p className="mcp-app-status">Loading the app…</p>}
      {load.state === 'failed' && (
        <div className="mcp-app-status is-error" role="alert">
          <span>
            The app could not be loaded: {load.error.message}
            {load.error.hint ? ` ${load.error.hint}` : ''}
          </span>
          <button type="button" className="btn btn-small" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </button>
        </div>
      )}
      {load.state === 'ready' && (
        <>
          {load.page.requestedDomains && (
            <p className="mcp-app-status">
              It asks to reach <VisibleText text={load.page.requestedDomains.join(', ')} />; clide blocks that, so parts of it may not work.
            </p>
          )}
          <AppFrame html={load.page.html} toolName={toolName} input={tool.input} result={state.result} onLink={setLink} onMessage={suggest} />
        </>
      )}
      {link && (
        <div className="mcp-app-bar" role="status">
          <span className="mcp-app-note">
            The app asks to open <VisibleText text={link} />
          </span>
          <a className="btn btn-small" href={link} target="_blank" rel="noopener noreferrer" onClick={() => setLink(undefined)}>
            Open link
          </a>
          <button type="button" className="btn btn-small" onClick={() => setLink(undefined)}>
            Dismiss
          </button>
        </div>
      )}
      {suggested && (
        <p className="mcp-app-status" role="status">
          The app put a message in the message box; send it if you want to.
        </p>
      )}
    </>
  );
}
