// Permission mode: Default, Accept edits, Plan, Bypass permissions (after a confirmation that
// says what it means). The control shows the mode the CLI confirmed; while a change is on its
// way it says so next to it, and a refusal is explained in place.
import { useState } from 'react';
import { permissionModeLabel } from '../../lib/format';
import { useSessionField } from '../../store/hooks';
import { lazyPart } from '../../lib/lazy-part';
import { LazyView } from '../common/lazy-view';
import { Menu, type MenuItem } from './menu';
import { clearError, requestBypass, requestMode, useControl } from './mode-requests';

const describe: Record<string, string> = {
  default: 'Claude asks before edits and commands',
  acceptEdits: 'Claude edits files without asking; commands still ask',
  plan: 'Claude explores and plans, and changes nothing until you approve the plan',
  bypassPermissions: 'Claude runs every tool without asking',
};

/** The confirmation before Bypass permissions: a part loaded when it is first asked for. */
const bypassConfirm = lazyPart('the Bypass permissions confirmation', () => import('./bypass-confirm'));

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
      <LazyView part={bypassConfirm} when={confirming}>
        {(m) => <m.BypassConfirm onTurnOn={() => void requestBypass(sessionId)} onClose={() => setConfirming(false)} />}
      </LazyView>
    </div>
  );
}
