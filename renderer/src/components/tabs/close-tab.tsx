// Closing a tab ends its session. While Claude works (or waits for an answer) that would stop
// the turn, so the person is asked first; an idle tab closes at once.
import { useCallback } from 'react';
import { useActions } from '../../actions-context';
import { lazyPart } from '../../lib/lazy-part';
import { isTurnRunning } from '../../store/selectors';
import { clideStore, useClide } from '../../store/store';
import { LazyView } from '../common/lazy-view';

/** Whether closing this session now would interrupt Claude. */
export function closingInterrupts(sessionId: string): boolean {
  const v = clideStore.getState().sessions[sessionId];
  return Boolean(v && (isTurnRunning(v) || v.pending.length > 0 || v.status === 'starting'));
}

export function useRequestClose(): (sessionId: string) => void {
  const actions = useActions();
  return useCallback(
    (sessionId: string) => {
      if (closingInterrupts(sessionId)) clideStore.getState().askToClose(sessionId);
      else void actions.close(sessionId);
    },
    [actions],
  );
}

// The confirmation is a part loaded when it is first needed (closing a tab while Claude works).
const confirmDialog = lazyPart('the close confirmation', () => import('./close-confirm-dialog'));

export function CloseConfirm() {
  const sessionId = useClide((s) => s.confirmClose);
  const askToClose = useClide((s) => s.askToClose);
  if (!sessionId) return null;
  return <LazyView part={confirmDialog}>{(m) => <m.CloseConfirmDialog key={sessionId} sessionId={sessionId} onDone={() => askToClose(undefined)} />}</LazyView>;
}
