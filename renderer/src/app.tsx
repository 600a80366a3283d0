import { memo } from 'react';
import { Composer } from './components/composer/composer';
import { HistoryButton, HistoryPanel, useHistory } from './components/history/history-button';
import { ConnectionBanner, LoadError, NoSessions, PartFailureBanner, Splash } from './components/screens/simple-screens';
import { StatusBar } from './components/status/status-bar';
import { TeamButton } from './components/team/team-button';
import { Panes } from './components/split/panes';
import { TabStrip } from './components/tabs/tab-strip';
import { panelId, tabId } from './components/tabs/tab-ids';
import { NotFoundSettings, useWorkspaceChrome, WorkspaceOverlays } from './components/tabs/workspace-chrome';
import { Transcript } from './components/transcript/transcript';
import { usePanel } from './components/changes/changes-store';
import { changesPanelPart as changesPanel } from './components/changes/changes-parts';
import { LazyView } from './components/common/lazy-view';
import { lazyPart } from './lib/lazy-part';
import { useAside } from './components/aside/aside-store';
import { useSessionField } from './store/hooks';
import { useClide } from './store/store';
import { Announcer } from './components/screens/announcer';
import { filesUiPart } from './components/files/files-ui';
import { isRunKey, isTerminalKey } from './components/terminal/terminal-keys';
import { useEarlyShortcuts, type EarlyShortcut } from './lib/early-shortcuts';
import { isShortcut } from './lib/shortcuts';

// Panels are parts loaded when they first open (or in the background before): the first screen
// needs none of them.
const teamPanel = lazyPart('the Team panel', () => import('./components/team/team-panel'));
const asidePanel = lazyPart('the Ask aside panel', () => import('./components/aside/aside-panel'));
// The terminal's and the Files panel's first-screen pieces (a button, a shortcut, a slot) come
// just after the first screen: they are not needed to read or send, and the first screen's JS
// has a budget (R12-JS).
const terminalUi = lazyPart('the terminal', () => import('./components/terminal/terminal-slot'), { soon: true });
/** Their keys are the first screen's: one pressed before its part has arrived is handed to it. */
const EARLY_SHORTCUTS: EarlyShortcut[] = [
  { part: terminalUi, matches: (e) => isTerminalKey(e) || isRunKey(e) },
  { part: filesUiPart, matches: (e) => isShortcut(e, 'p') },
];
// Screens for a window that cannot show its sessions: not the first screen most people see.
const accessScreen = lazyPart('the access screen', () => import('./components/screens/access-screen'), { soon: true });
const notFound = lazyPart('the Claude Code not found screen', () => import('./components/screens/not-found'), { soon: true });
// Parts that read their state when they load and show only when there is something to say:
// the desktop app's notices (folders it could not open, updates) and a remote host's questions.
const desktopNotices = lazyPart('the desktop notices', () => import('./components/desktop/desktop-notices'), { soon: true });
const remotePrompts = lazyPart('the remote host questions', () => import('./components/remote/remote-prompts'), { soon: true });
// A worktree session's setup, its missing worktree, or tabs that share one folder.
const worktreeBanner = lazyPart('the worktree banner', () => import('./components/worktree/worktree-banner'));
const trustCard = lazyPart('the folder trust question', () => import('./components/trust/trust-card'));
// Banners of a session in trouble: it failed, or it stopped answering.
const failureBanner = lazyPart('the failure banner', () => import('./components/screens/failure-banner'));
const livenessBanner = lazyPart('the not-responding banner', () => import('./components/screens/liveness-banner'));
// Shown only when a usage limit stopped a turn.
const limitBanner = lazyPart('the usage limit banner', () => import('./components/limits/limit-banner'));

export function App() {
  const load = useClide((s) => s.load);
  const found = useClide((s) => s.environment?.claude.found);
  if (load.phase === 'loading') return <Splash />;
  if (load.phase === 'error') {
    const error = load.error;
    if (error.kind !== 'unauthorized') return <LoadError error={error} />;
    return <LazyView part={accessScreen}>{(m) => <m.AccessScreen error={error} />}</LazyView>;
  }
  if (found === false) {
    return (
      <>
        <LazyView part={notFound}>{(m) => <m.NotFoundScreen />}</LazyView>
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
  useEarlyShortcuts(EARLY_SHORTCUTS);
  return (
    <div className="app">
      {/* Landmarks a screen reader can jump between: the bar (banner) with the tab strip
          (navigation), the shown session (main) with its transcript and composer (regions),
          the Team panel (complementary) and the status bar (contentinfo). */}
      <header className="top-bar">
        <HistoryButton />
        <TabStrip />
        <TeamButton />
      </header>
      <Announcer />
      <ConnectionBanner />
      <PartFailureBanner />
      <LazyView part={desktopNotices}>{(m) => <m.DesktopNotices />}</LazyView>
      <WorkspaceOverlays />
      <LazyView part={remotePrompts}>{(m) => <m.RemotePrompts />}</LazyView>
      <HistoryPanel />
      <LazyView part={filesUiPart}>{(m) => <m.QuickOpenSlot />}</LazyView>
      <LazyView part={terminalUi}>{(m) => <m.TerminalShortcut />}</LazyView>
      <div className="team-row">
        <main className="sessions">{activeId ? <Panes render={(id) => <SessionPane sessionId={id} />} /> : <NoSessions />}</main>
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
    <div className="session" role="tabpanel" id={panelId(sessionId)} aria-labelledby={tabId(sessionId)}>
      <div className="session-main">
        <Transcript sessionId={sessionId} />
        <div className="session-bottom">
          <FailureBanner sessionId={sessionId} />
          <LivenessBanner sessionId={sessionId} />
          <LimitBanner sessionId={sessionId} />
          <TrustCard sessionId={sessionId} />
          <WorktreeBanner sessionId={sessionId} />
          <Composer sessionId={sessionId} />
        </div>
        <TerminalPanel sessionId={sessionId} />
      </div>
      <AsidePanel sessionId={sessionId} />
      <ChangesPanel sessionId={sessionId} />
      <LazyView part={filesUiPart}>{(m) => <m.FilesSlot sessionId={sessionId} />}</LazyView>
    </div>
  );
});

function TeamPanel() {
  const open = useClide((s) => s.teamOpen);
  return (
    <LazyView part={teamPanel} when={open}>
      {(m) => <m.TeamPanel />}
    </LazyView>
  );
}

function ChangesPanel({ sessionId }: { sessionId: string }) {
  const open = usePanel(sessionId, (p) => p.open);
  return (
    <LazyView part={changesPanel} when={open}>
      {(m) => <m.ChangesPanel sessionId={sessionId} />}
    </LazyView>
  );
}

function TerminalPanel({ sessionId }: { sessionId: string }) {
  return <LazyView part={terminalUi}>{(m) => <m.TerminalSlot sessionId={sessionId} />}</LazyView>;
}

function AsidePanel({ sessionId }: { sessionId: string }) {
  const open = useAside((s) => s.open[sessionId] === true);
  return (
    <LazyView part={asidePanel} when={open}>
      {(m) => <m.AsidePanel sessionId={sessionId} />}
    </LazyView>
  );
}

function LimitBanner({ sessionId }: { sessionId: string }) {
  const stopped = useSessionField(sessionId, (v) => v.limitStop !== undefined, false);
  return (
    <LazyView part={limitBanner} when={stopped}>
      {(m) => <m.LimitBanner sessionId={sessionId} />}
    </LazyView>
  );
}

function FailureBanner({ sessionId }: { sessionId: string }) {
  const failed = useSessionField(sessionId, (v) => v.status === 'failed' && v.failure !== undefined, false);
  return (
    <LazyView part={failureBanner} when={failed}>
      {(m) => <m.FailureBanner sessionId={sessionId} />}
    </LazyView>
  );
}

function LivenessBanner({ sessionId }: { sessionId: string }) {
  const troubled = useSessionField(sessionId, (v) => v.liveness !== undefined, false);
  return (
    <LazyView part={livenessBanner} when={troubled}>
      {(m) => <m.LivenessBanner sessionId={sessionId} />}
    </LazyView>
  );
}

function TrustCard({ sessionId }: { sessionId: string }) {
  const shown = useSessionField(sessionId, (v) => v.info.trust?.state === 'asking' || v.info.trust?.state === 'restricted', false);
  return (
    <LazyView part={trustCard} when={shown}>
      {(m) => <m.TrustCard sessionId={sessionId} />}
    </LazyView>
  );
}

function WorktreeBanner({ sessionId }: { sessionId: string }) {
  const shown = useSessionField(sessionId, (v) => v.worktree !== undefined || v.setup !== undefined || v.sharedTree !== undefined, false);
  return (
    <LazyView part={worktreeBanner} when={shown}>
      {(m) => <m.WorktreeBanner sessionId={sessionId} />}
    </LazyView>
  );
}
