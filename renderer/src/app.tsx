import { memo } from 'react';
import { Composer } from './components/composer/composer';
import { HistoryButton, HistoryPanel, useHistory } from './components/history/history-panel';
import { AccessScreen } from './components/screens/access-screen';
import { FailureBanner } from './components/screens/failure-banner';
import { LivenessBanner } from './components/screens/liveness-banner';
import { NotFoundScreen } from './components/screens/not-found';
import { ConnectionBanner, LoadError, NoSessions, Splash } from './components/screens/simple-screens';
import { StatusBar } from './components/status/status-bar';
import { TeamButton } from './components/team/team-button';
import { TeamPanel } from './components/team/team-panel';
import { Panes } from './components/split/panes';
import { TabStrip } from './components/tabs/tab-strip';
import { panelId, tabId } from './components/tabs/tab-ids';
import { NotFoundSettings, useWorkspaceChrome, WorkspaceOverlays } from './components/tabs/workspace-chrome';
import { Transcript } from './components/transcript/transcript';
import { ChangesPanel } from './components/changes/changes-panel';
import { AsidePanel } from './components/aside/aside-panel';
import { LimitBanner } from './components/limits/limit-banner';
import { WorktreeBanner } from './components/worktree/worktree-banner';
import { RemotePrompts } from './components/remote/remote-prompts';
import { useClide } from './store/store';

export function App() {
  const load = useClide((s) => s.load);
  const found = useClide((s) => s.environment?.claude.found);
  if (load.phase === 'loading') return <Splash />;
  if (load.phase === 'error') return load.error.kind === 'unauthorized' ? <AccessScreen error={load.error} /> : <LoadError error={load.error} />;
  if (found === false) {
    return (
      <>
        <NotFoundScreen />
        <NotFoundSettings />
      </>
    );
  }
  return <Workspace />;
}

function Workspace() {
  const activeId = useClide((s) => (s.activeId && s.sessions[s.activeId] ? s.activeId : undefined));
  const split = useClide((s) => s.split !== undefined);
  useWorkspaceChrome();
  useHistory();
  return (
    <div className="app">
      <div className="top-bar">
        <HistoryButton />
        <TabStrip />
        <TeamButton />
      </div>
      <ConnectionBanner />
      <WorkspaceOverlays />
      <RemotePrompts />
      <HistoryPanel />
      <div className="team-row">
        {activeId ? <Panes render={(id) => <SessionPane sessionId={id} />} /> : <NoSessions />}
        <TeamPanel />
      </div>
      {/* In a split, each pane has its own status line. */}
      {activeId && !split && <StatusBar sessionId={activeId} />}
    </div>
  );
}

// Memoised: a tab switch re-renders the workspace, and the kept panes must not all re-render
// with it (each reads what it needs from the store).
const SessionPane = memo(function SessionPane({ sessionId }: { sessionId: string }) {
  return (
    <main className="session" role="tabpanel" id={panelId(sessionId)} aria-labelledby={tabId(sessionId)}>
      <div className="session-main">
        <Transcript sessionId={sessionId} />
        <div className="session-bottom">
          <FailureBanner sessionId={sessionId} />
          <LivenessBanner sessionId={sessionId} />
          <LimitBanner sessionId={sessionId} />
          <WorktreeBanner sessionId={sessionId} />
          <Composer sessionId={sessionId} />
        </div>
      </div>
      <AsidePanel sessionId={sessionId} />
      <ChangesPanel sessionId={sessionId} />
    </main>
  );
});
