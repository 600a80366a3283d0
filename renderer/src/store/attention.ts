// What waits for the person across every tab: the inbox's entries, and the signals that may
// raise a notification (a new prompt, a finished turn). Plain functions over store state.
import { DIALOG_PROMPT, ELICITATION_PROMPT } from '../../../shared/prompt-tools';
import type { PermissionRequest, TurnResult } from '../../../shared/events';
import type { AppEvent } from '../../../shared/ipc';
import type { SessionView } from '../../../shared/transcript';

/** `input`: an MCP server asks for input; `dialog`: Claude Code asks a question of its own. */
export type AttentionKind = 'permission' | 'question' | 'plan' | 'input' | 'dialog';

export function attentionKind(request: Pick<PermissionRequest, 'toolName'>): AttentionKind {
  if (request.toolName === 'AskUserQuestion') return 'question';
  if (request.toolName === 'ExitPlanMode') return 'plan';
  if (request.toolName === ELICITATION_PROMPT) return 'input';
  if (request.toolName === DIALOG_PROMPT) return 'dialog';
  return 'permission';
}

export interface InboxEntry {
  sessionId: string;
  request: PermissionRequest;
  kind: AttentionKind;
}

/** Every pending prompt, question and plan approval, in tab order, oldest first within a tab. */
export function inboxEntries(sessions: Record<string, SessionView>, order: readonly string[]): InboxEntry[] {
  const out: InboxEntry[] = [];
  for (const id of order) {
    const v = sessions[id];
    if (!v) continue;
    for (const request of v.pending) out.push({ sessionId: id, request, kind: attentionKind(request) });
  }
  return out;
}

export function pendingCount(sessions: Record<string, SessionView>): number {
  let n = 0;
  for (const v of Object.values(sessions)) n += v.pending.length;
  return n;
}

export type AttentionSignal =
  | { kind: 'needs-you'; sessionId: string; request: PermissionRequest }
  | { kind: 'finished'; sessionId: string; result: TurnResult }
  | { kind: 'failed'; sessionId: string; message: string };

/**
 * What in one pushed batch calls for the person: a prompt, a turn that ended (not one they
 * stopped themselves), a session that failed. Pushed batches carry only live events (a
 * reconnect's snapshot does not come this way), so a prompt is news once; callers that see
 * the same batch twice dedupe by request id.
 */
export function attentionSignals(batch: readonly AppEvent[]): AttentionSignal[] {
  const out: AttentionSignal[] = [];
  for (const e of batch) {
    if (e.type !== 'session-events') continue;
    for (const ev of e.events) {
      if (ev.kind === 'permission') out.push({ kind: 'needs-you', sessionId: e.id, request: ev.request });
      else if (ev.kind === 'result' && !ev.result.interrupted) out.push({ kind: 'finished', sessionId: e.id, result: ev.result });
      else if (ev.kind === 'failure') out.push({ kind: 'failed', sessionId: e.id, message: ev.error.message });
    }
  }
  return out;
}
