// Everything the window does around the sessions, wired once from the app's layout: tab keys,
// the theme, settings from the host, notifications and screen reader announcements, the window
// title's "needs you" count, and the window-level dialogs.
import { useEffect } from 'react';
import { useActions } from '../../actions-context';
import { getApi } from '../../api';
import { askPermissionOnFirstGesture, startNotifier } from '../../lib/notify';
import { startAnnouncer } from '../../lib/announce';
import { pendingCount } from '../../store/attention';
import { clideStore, useClide } from '../../store/store';
import { NewSessionDialog } from '../new-session/new-session-dialog';
import { CommandPalette, usePaletteShortcut } from '../palette/command-palette';
import { McpDialog } from '../mcp/mcp-dialog';
import { RulesDialog } from '../rules/rules-dialog';
import { useBackgroundShortcut } from '../tasks/foreground-bar';
import { TasksDialog } from '../tasks/tasks-panel';
import { SettingsDialog } from '../settings/settings-dialog';
import { useTheme } from '../settings/use-theme';
import { CloseConfirm } from './close-tab';
import { useTabShortcuts } from './use-tab-shortcuts';
import { useChangesShortcut } from '../worktree/git-glance';
import { useAsideShortcut } from '../aside/aside-actions';
import { useJumpToPrompt } from '../inbox/use-jump-to-prompt';
import '../../styles/workspace.css';

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

  useEffect(() => {
    const stop = startNotifier({ api: getApi(), store: clideStore, focusWindow: () => void actions.focusWindow() });
    const stopAsking = askPermissionOnFirstGesture(clideStore);
    const stopAnnouncing = startAnnouncer({ api: getApi(), store: clideStore });
    return () => {
      stop();
      stopAsking();
      stopAnnouncing();
    };
  }, [actions]);

  // "(2) clide": a browser tab shows at a glance that something waits.
  const waiting = useClide((s) => pendingCount(s.sessions));
  useEffect(() => {
    document.title = waiting > 0 ? `(${waiting}) clide` : 'clide';
  }, [waiting]);
}

export function WorkspaceOverlays() {
  return (
    <>
      <SettingsWarning />
      <NewSessionDialog />
      <SettingsDialog />
      <CommandPalette />
      <McpDialog />
      <RulesDialog />
      <TasksDialog />
      <CloseConfirm />
    </>
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
