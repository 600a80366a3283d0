// What waits for the person across every tab: the inbox's entries, and the signals that may
// raise a notification (a new prompt, a finished turn). Plain functions over store state.
import { DIALOG_PROMPT } from '../../../shared/dialogs';
import type { PermissionRequest, TaskPatch, TurnResult } from '../../../shared/events';
import { ELICITATION_PROMPT } from '../../../shared/mcp';
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
  | { kind: 'failed'; sessionId: string; message: string }
  /** A background task ended on its own (done or failed). */
  | { kind: 'task-ended'; sessionId: string; task: TaskPatch };

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

/**
 * Background tasks that ended on their own in one pushed batch (done or failed: one stopped by
 * the person or by Claude is no news), with what the window knows of each. Only work that ran in
 * the background and that Claude started itself counts: a foreground command ends inside the turn
 * the person already waits on, and a subagent's own commands are its business.
 */
export function taskEndSignals(batch: readonly AppEvent[], sessions: Readonly<Record<string, SessionView>>): AttentionSignal[] {
  const out: AttentionSignal[] = [];
  for (const e of batch) {
    if (e.type !== 'session-events') continue;
    // What earlier events of the same batch said (a short task may start and end in one batch).
    const seen = new Map<string, TaskPatch>();
    for (const ev of e.events) {
      if (ev.kind !== 'task') continue;
      const id = ev.task.taskId;
      const task: TaskPatch = { ...sessions[e.id]?.tasks?.[id], ...seen.get(id), ...definedOnly(ev.task), taskId: id };
      seen.set(id, task);
      if (ev.phase !== 'ended' || (task.status !== 'completed' && task.status !== 'failed')) continue;
      if (task.backgrounded === true && !task.hidden && !task.parentTaskId) out.push({ kind: 'task-ended', sessionId: e.id, task });
    }
  }
  return out;
}

function definedOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;
}
