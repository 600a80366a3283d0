// Small pieces of Session that need none of its state.
import type { SessionEvent } from '../../shared/events';
import { ClideError } from '../../shared/result';
import type { Phase } from './lifecycle';
import type { Connection } from './protocol/connection';

/** The error a command gets when the lifecycle does not allow it now. */
export function refused(reason: 'not-running' | 'busy', phase: Phase, resumable: boolean): ClideError {
  if (reason === 'busy') {
    return new ClideError(
      phase === 'stopping'
        ? { kind: 'session-busy', message: 'Claude is still stopping the current turn.', hint: 'Send again once it has stopped.' }
        : { kind: 'session-busy', message: 'The session is still running.', hint: 'Close it or wait for it to end first.' },
    );
  }
  return new ClideError({
    kind: 'not-running',
    message: phase === 'closing' || phase === 'terminating' ? 'This session is shutting down.' : 'This session has ended.',
    hint: resumable ? 'Resume it to continue the conversation.' : 'Start a new session.',
  });
}

/**
 * The CLI repeats a tool's output in its structured result (Bash `stdout`, for one): two equal
 * strings of up to many megabytes, parsed separately. Point the copy at the content so a session
 * keeps one of them (a long session must not hold every large output twice). Equal lengths are compared first, so unequal
 * strings cost nothing.
 */
export function shareRepeatedOutput(e: Extract<SessionEvent, { kind: 'tool-result' }>): void {
  const s = e.structured;
  if (!s || typeof s !== 'object' || Array.isArray(s) || e.content.length < 1024) return;
  const o = s as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (typeof v === 'string' && v.length === e.content.length && v === e.content) o[k] = e.content;
  }
}

export async function exitedWithin(conn: Connection, ms: number): Promise<boolean> {
  if (!conn.transport.running) return true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const result = await Promise.race([conn.transport.waitForExit().then(() => true as const), timeout]);
  if (timer) clearTimeout(timer);
  return result;
}
