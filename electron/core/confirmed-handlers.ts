// The channels whose change needs the person's confirmation (shared/confirm.ts): each handler
// is wrapped to spend the call's `confirm` nonce first, for exactly the action and value it
// changes, and refuses the call without one. Everything else passes through unchanged.
import { confirmValue, type ConfirmAction } from '../../shared/confirm';
import type { Handlers } from '../../shared/ipc';
import { ClideError } from '../../shared/result';
import type { SettingsPatch } from '../../shared/settings';
import { Confirmations } from './confirmations';
import type { SessionHost } from './host';

export function confirmedHandlers(host: SessionHost, handlers: Omit<Handlers, 'confirm:begin'>, confirmations = new Confirmations()): Handlers {
  return {
    ...handlers,
    'confirm:begin': (i) => ({ nonce: confirmations.begin(i.what, i.value) }),
    'session:setPermissionMode': (i, ...rest) => {
      if (i.mode === 'bypassPermissions') confirmations.take('bypass-permissions', confirmValue.bypass(i.id), i.confirm);
      return handlers['session:setPermissionMode'](i, ...rest);
    },
    'worktree:confirmSetup': (i, ...rest) => {
      if (i.run) confirmations.take('run-setup', confirmValue.runSetup(i.id, i.hash), i.confirm);
      return handlers['worktree:confirmSetup'](i, ...rest);
    },
    // A committed .clide/run not yet allowed in this content: its nonce is spent only then (run-command.ts).
    'terminal:run': (i) =>
      host.runs.run(
        i.id,
        { cols: i.cols, rows: i.rows },
        i.confirm === undefined ? undefined : (hash) => confirmations.take('run-file', confirmValue.runFile(i.id, hash), i.confirm),
      ),
    'settings:update': (i, ...rest) => {
      const { confirm, ...patch } = i;
      const guarded =
        patch.defaultPermissionMode === 'bypassPermissions' ||
        !!patch.claudePath?.trim() ||
        !!patch.repository?.setupCommand?.trim() ||
        !!patch.repository?.runCommand?.trim();
      const needed = guarded ? settingsConfirmations(host.workspace.settings.get(), patch) : [];
      if (needed.length > 1) {
        throw new ClideError({
          kind: 'invalid-input',
          message: 'Change one confirmed setting at a time (Bypass as the default, a setup or run command, the claude executable).',
        });
      }
      const [one] = needed;
      if (one) confirmations.take(one.what, one.value, confirm);
      return handlers['settings:update'](patch, ...rest);
    },
  };
}

/** What in a settings change needs a confirmation: turning something on or changing it, never turning it off. */
function settingsConfirmations(
  current: ReturnType<SessionHost['workspace']['settings']['get']>,
  patch: SettingsPatch,
): Array<{ what: ConfirmAction; value: string }> {
  const out: Array<{ what: ConfirmAction; value: string }> = [];
  if (patch.defaultPermissionMode === 'bypassPermissions' && current.defaultPermissionMode !== 'bypassPermissions') {
    out.push({ what: 'default-bypass', value: confirmValue.defaultBypass() });
  }
  const claudePath = patch.claudePath?.trim();
  if (claudePath && claudePath !== current.claudePath) out.push({ what: 'claude-path', value: confirmValue.claudePath(claudePath) });
  const repo = patch.repository;
  const command = repo?.setupCommand?.trim();
  if (repo && command && command !== current.repositories[repo.root]?.setupCommand?.trim()) {
    out.push({ what: 'setup-command', value: confirmValue.setupCommand(repo.root, command) });
  }
  const run = repo?.runCommand?.trim();
  if (repo && run && run !== current.repositories[repo.root]?.runCommand?.trim()) {
    out.push({ what: 'run-command', value: confirmValue.runCommand(repo.root, run) });
  }
  return out;
}
