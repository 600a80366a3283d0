// Everything the window does around the sessions, wired once from the app's layout: tab keys,
// the theme, settings from the host, notifications and screen reader announcements, the window
// title's "needs you" count, and the window-level dialogs.
import { useEffect } from 'react';
import { useActions } from '../../actions-context';
import { getApi } from '../../api';
import { pendingCount } from '../../store/attention';
import { clideStore, useClide } from '../../store/store';
import { lazyPart } from '../../lib/lazy-part';
import { LazyView } from '../common/lazy-view';
import { usePaletteShortcut } from '../palette/palette-shortcut';
import { useBackgroundShortcut } from '../tasks/foreground-bar';
import { useTheme } from '../settings/use-theme';
import { CloseConfirm } from './close-tab';
import { useTabShortcuts } from './use-tab-shortcuts';
import { useChangesShortcut } from '../worktree/git-glance';
import { useAsideShortcut } from '../aside/aside-actions';
import { useJumpToPrompt } from '../inbox/use-jump-to-prompt';
import { startUpdateSync } from '../desktop/desktop-store';
import '../../styles/workspace.css';

// The dialogs are parts loaded on demand: the first screen needs none of them.
const newSession = lazyPart('the new-session dialog', () => import('../new-session/new-session-dialog'));
const settingsDialog = lazyPart('the settings dialog', () => import('../settings/settings-dialog'));
const palette = lazyPart('the command palette', () => import('../palette/command-palette'));
const mcpDialog = lazyPart('the MCP panel', () => import('../mcp/mcp-dialog'));
const rulesDialog = lazyPart('the Rules and hooks panel', () => import('../rules/rules-dialog'));
const tasksDialog = lazyPart('the Tasks panel', () => import('../tasks/tasks-panel'));
const usageDialog = lazyPart('the Usage view', () => import('../usage/usage-dialog'));
const notifier = lazyPart('notifications', () => import('../../lib/notify'));
const announcer = lazyPart('announcements', () => import('../../lib/announce-feed'));

export function useWorkspaceChrome(): void {
  const actions = useActions();
  useTabShortcuts();
  usePaletteShortcut();
  useChangesShortcut();
  useAsideShortcut();
  useBackgroundShortcut();
  useJumpToPrompt();
  useTheme();

  useEffect(() => {
    void actions.loadSettings();
  }, [actions]);

  // The update state is followed from the start; its notice is a part that loads later.
  useEffect(() => startUpdateSync(getApi()), []);

  useEffect(() => {
    // Loaded after the first screen's files (notifications are for a window out of view, which
    // a window that is opening is not).
    let stop: (() => void) | undefined;
    let gone = false;
    notifier
      .load()
      .then((m) => {
        if (gone) return;
        const offNotes = m.startNotifier({ api: getApi(), store: clideStore, focusWindow: () => void actions.focusWindow() });
        const offAsking = m.askPermissionOnFirstGesture(clideStore);
        stop = () => {
          offNotes();
          offAsking();
        };
      })
      .catch(() => undefined);
    let stopAnnouncing: (() => void) | undefined;
    announcer
      .load()
      .then((m) => {
        if (!gone) stopAnnouncing = m.startAnnouncer({ api: getApi(), store: clideStore });
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      stop?.();
      stopAnnouncing?.();
    };
  }, [actions]);

  // "(2) clide": a browser tab shows at a glance that something waits.
  const waiting = useClide((s) => pendingCount(s.sessions));
  useEffect(() => {
    document.title = waiting > 0 ? `(${waiting}) clide` : 'clide';
  }, [waiting]);
}

export function WorkspaceOverlays() {
  const dialog = useClide((s) => s.dialog);
  return (
    <>
      <SettingsWarning />
      <LazyView part={newSession} when={dialog === 'new-session'}>
        {(m) => <m.NewSessionDialog />}
      </LazyView>
      <SettingsDialog />
      <LazyView part={palette} when={dialog === 'palette'}>
        {(m) => <m.CommandPalette />}
      </LazyView>
      <LazyView part={mcpDialog} when={dialog === 'mcp'}>
        {(m) => <m.McpDialog />}
      </LazyView>
      <LazyView part={rulesDialog} when={dialog === 'rules'}>
        {(m) => <m.RulesDialog />}
      </LazyView>
      <LazyView part={tasksDialog} when={dialog === 'tasks'}>
        {(m) => <m.TasksDialog />}
      </LazyView>
      <LazyView part={usageDialog} when={dialog === 'usage'}>
        {(m) => <m.UsageDialog />}
      </LazyView>
      <CloseConfirm />
    </>
  );
}

function SettingsDialog() {
  const open = useClide((s) => s.dialog === 'settings');
  return (
    <LazyView part={settingsDialog} when={open}>
      {(m) => <m.SettingsDialog />}
    </LazyView>
  );
}

function SettingsWarning() {
  const warning = useClide((s) => s.settingsWarning);
  const dismiss = useClide((s) => s.dismissSettingsWarning);
  if (!warning) return null;
  return (
    <div className="settings-warning" role="status">
      <span>Settings: {warning}</span>
      <button type="button" className="btn btn-small" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}

/**
 * On the "Claude Code was not found" screen: a way to Settings, where the executable can be
 * chosen (or a wrong choice cleared), which that screen itself does not offer.
 */
export function NotFoundSettings() {
  useTheme();
  const openDialog = useClide((s) => s.openDialog);
  return (
    <>
      <button type="button" className="btn not-found-settings" onClick={() => openDialog('settings')}>
        <span aria-hidden="true">⚙</span> Choose the executable in Settings
      </button>
      <SettingsDialog />
    </>
  );
}
