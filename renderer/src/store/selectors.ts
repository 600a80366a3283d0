// Plain selector functions over the store's state.
import { contextPercent, type SessionView } from '../../../shared/transcript';

export type TabState = 'working' | 'needs-you' | 'error' | 'ended' | 'starting' | 'parked' | 'idle';

export function tabState(view: SessionView): TabState {
  if (view.status === 'failed') return 'error';
  if (view.pending.length > 0 || view.status === 'waiting') return 'needs-you';
  if (view.status === 'working') return 'working';
  if (view.status === 'ended') return 'ended';
  if (view.status === 'starting') return 'starting';
  if (view.status === 'parked') return 'parked';
  // A tab whose process has not started looks idle: it takes a message like any other.
  return 'idle';
}

/** A turn is running (Stop is offered) while Claude works or waits on a prompt. */
export function isTurnRunning(view: Pick<SessionView, 'status'>): boolean {
  return view.status === 'working' || view.status === 'waiting';
}

/** The session can take a message now (its process is alive or about to be). */
export function canSend(view: Pick<SessionView, 'status'>): boolean {
  return view.status !== 'ended' && view.status !== 'failed';
}

export interface ContextUsage {
  tokens: number | undefined;
  window: number | undefined;
  percent: number | undefined;
}

export function contextUsage(view: SessionView): ContextUsage {
  return { tokens: view.contextTokens, window: view.contextWindow, percent: contextPercent(view) };
}

export function cliVersionMismatch(view: SessionView): boolean {
  const { cliVersion, testedCliVersion } = view.info;
  return Boolean(cliVersion && testedCliVersion && cliVersion !== testedCliVersion);
}
