// Permission mode: Default, Accept edits, Plan, Bypass permissions (after a confirmation that
// says what it means). The control shows the mode the CLI confirmed; while a change is on its
// way it says so next to it, and a refusal is explained in place.
import { useState } from 'react';
import { permissionModeLabel } from '../../lib/format';
import { useSessionField } from '../../store/hooks';
import { Menu, type MenuItem } from './menu';
import { clearError, requestMode, useControl } from './mode-requests';

const describe: Record<string, string> = {
  default: 'Claude asks before edits and commands',
  acceptEdits: 'Claude edits files without asking; commands still ask',
  plan: 'Claude explores and plans, and changes nothing until you approve the plan',
  bypassPermissions: 'Claude runs every tool without asking',
};

export function ModePicker({ sessionId, disabled }: { sessionId: string; disabled: boolean }) {
  const mode = useSessionField(sessionId, (v) => v.info.permissionMode, undefined);
  const bypassAvailable = useSessionField(sessionId, (v) => v.info.bypassAvailable, undefined);
  const bypassWhyNot = useSessionField(sessionId, (v) => v.info.bypassUnavailableReason, undefined);
  const state = useControl(sessionId, 'mode');
  const [confirming, setConfirming] = useState(false);

  const items: MenuItem[] = ['default', 'acceptEdits', 'plan', 'bypassPermissions'].map((m) => ({
    value: m,
    label: permissionModeLabel(m),
    description: m === 'bypassPermissions' && bypassAvailable === false ? (bypassWhyNot ?? 'Not available in this session.') : describe[m],
    disabled: m === 'bypassPermissions' && bypassAvailable === false,
    note: m === 'bypassPermissions' && bypassAvailable !== false ? 'asks you to confirm' : undefined,
  }));
  if (mode && !items.some((i) => i.value === mode)) items.push({ value: mode, label: permissionModeLabel(mode), disabled: true });

  const pick = (value: string) => {
    clearError(sessionId, 'mode');
    if (value === mode) return;
    if (value === 'bypassPermissions') setConfirming(true);
    else void requestMode(sessionId, value);
  };

  return (
    <div className="ctl-control" data-mode={mode}>
      <Menu
        name="Permission mode"
        items={items}
        current={mode}
        disabled={disabled || state.asking !== undefined}
        title="Permission mode (Shift+Tab in the message box cycles Default, Accept edits and Plan)"
        onPick={pick}
      >
        <span className={`mode-dot mode-${mode ?? 'default'}`} aria-hidden="true" />
        {permissionModeLabel(mode)}
      </Menu>
      {state.asking !== undefined && (
        <span className="ctl-pending" role="status">
          switching to {permissionModeLabel(state.asking)}…
        </span>
      )}
      {state.error && (
        <span className="ctl-error" role="alert">
          {state.error.message}
        </span>
      )}
      {confirming && (
        <div className="bypass-confirm" role="alertdialog" aria-label="Turn on Bypass permissions?" aria-describedby="bypass-confirm-text">
          <p id="bypass-confirm-text">
            <strong>Bypass permissions?</strong> Claude will edit files, run commands and use the network without asking you first, for the rest of this session
            or until you change the mode. Use it only where a mistake cannot hurt (a sandbox, a throwaway checkout).
          </p>
          <div className="bypass-actions">
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => {
                setConfirming(false);
                void requestMode(sessionId, 'bypassPermissions');
              }}
            >
              Turn on bypass
            </button>
            <button type="button" className="btn" autoFocus onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
