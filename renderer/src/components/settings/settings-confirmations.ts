// Which settings changes ask first (the core's rule, electron/core/confirmed-handlers.ts): turning
// Bypass on as the default, choosing a claude executable, setting a repository's setup or run command.
// Turning any of them off or emptying it asks nothing.
import { confirmValue, type ConfirmAction } from '../../../../shared/confirm-actions';
import type { Settings, SettingsPatch } from '../../../../shared/settings';
import { folderName } from '../../lib/format';

export interface PendingConfirmation {
  field: keyof SettingsPatch;
  patch: SettingsPatch;
  what: ConfirmAction;
  value: string;
  title: string;
  text: string;
  confirmLabel: string;
}

export function needsConfirmation(settings: Settings, field: keyof SettingsPatch, patch: SettingsPatch): PendingConfirmation | undefined {
  if (patch.defaultPermissionMode === 'bypassPermissions' && settings.defaultPermissionMode !== 'bypassPermissions') {
    return {
      field,
      patch,
      what: 'default-bypass',
      value: confirmValue.defaultBypass(),
      title: 'Bypass permissions for every new session?',
      text: 'Claude will edit files, run commands and use the network without asking you first, in every session you start from now on. Use it only where a mistake cannot hurt.',
      confirmLabel: 'Make bypass the default',
    };
  }
  const claudePath = patch.claudePath?.trim();
  if (claudePath && claudePath !== settings.claudePath) {
    return {
      field,
      patch,
      what: 'claude-path',
      value: confirmValue.claudePath(claudePath),
      title: `Run ${claudePath} as Claude Code?`,
      text: 'clide will start this program, as you, for every session. Choose it only if you know it is the claude executable.',
      confirmLabel: 'Use this program',
    };
  }
  const repo = patch.repository;
  const command = repo?.setupCommand?.trim();
  if (repo && command && command !== settings.repositories[repo.root]?.setupCommand?.trim()) {
    return {
      field,
      patch,
      what: 'setup-command',
      value: confirmValue.setupCommand(repo.root, command),
      title: `Run this in every new worktree of ${folderName(repo.root)}?`,
      text: `${command} (it runs as you, in the new worktree, before Claude starts).`,
      confirmLabel: 'Save the setup command',
    };
  }
  const run = repo?.runCommand?.trim();
  if (repo && run && run !== settings.repositories[repo.root]?.runCommand?.trim()) {
    return {
      field,
      patch,
      what: 'run-command',
      value: confirmValue.runCommand(repo.root, run),
      title: `Run this when you press Run in ${folderName(repo.root)}?`,
      text: `${run} (it runs as you, in the session’s folder, in a terminal tab of its own).`,
      confirmLabel: 'Save the run command',
    };
  }
  return undefined;
}
