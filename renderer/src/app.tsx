import { Composer } from './components/composer/composer';
import { FailureBanner } from './components/screens/failure-banner';
import { NotFoundScreen } from './components/screens/not-found';
import { ConnectionBanner, LoadError, NoSessions, Splash } from './components/screens/simple-screens';
import { StatusBar } from './components/status/status-bar';
import { panelId, tabId, TabStrip } from './components/tabs/tab-strip';
import { useWorkspaceChrome, WorkspaceOverlays } from './components/tabs/workspace-chrome';
import { Transcript } from './components/transcript/transcript';
import { useClide } from './store/store';

export function App() {
  const load = useClide((s) => s.load);
  const found = useClide((s) => s.environment?.claude.found);
  if (load.phase === 'loading') return <Splash />;
  if (load.phase === 'error') return <LoadError error={load.error} />;
  if (found === false) return <NotFoundScreen />;
  return <Workspace />;
}

function Workspace() {
  const activeId = useClide((s) => (s.activeId && s.sessions[s.activeId] ? s.activeId : undefined));
  useWorkspaceChrome();
  return (
    <div className="app">
      <TabStrip />
      <ConnectionBanner />
      <WorkspaceOverlays />
      {activeId ? <SessionPane key={activeId} sessionId={activeId} /> : <NoSessions />}
      {activeId && <StatusBar sessionId={activeId} />}
    </div>
  );
}

function SessionPane({ sessionId }: { sessionId: string }) {
  return (
    <main className="session" role="tabpanel" id={panelId(sessionId)} aria-labelledby={tabId(sessionId)}>
      <Transcript sessionId={sessionId} />
      <div className="session-bottom">
        <FailureBanner sessionId={sessionId} />
        <Composer sessionId={sessionId} />
      </div>
    </main>
  );
}
