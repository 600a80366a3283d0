// Answers to the prompts that are not tool calls (an MCP server's input request, a dialog), the
// answer each kind of prompt gets when the person presses Stop, and the line the transcript
// keeps of how an input request ended.
import type { DialogAnswer } from '../../shared/dialogs';
import type { PermissionOutcome, PermissionRequest, SessionEvent } from '../../shared/events';
import type { PromptAnswer } from '../../shared/ipc';
import type { ElicitationAnswer } from '../../shared/mcp';
import { contentProblem } from '../../shared/mcp-form';
import { ClideError } from '../../shared/result';
import type { Connection } from './protocol/connection';
import { DENIED_BY_STOP } from './session-options';

/** Send the answer; how the prompt ended. Throws (and sends nothing) when the answer does not fit the prompt. */
export function answerPrompt(conn: Connection, req: PermissionRequest, answer: PromptAnswer): PermissionOutcome {
  return 'input' in answer ? answerElicitation(conn, req, answer.input) : answerDialog(conn, req, answer.dialog);
}

const gone = () => new ClideError({ kind: 'invalid-input', message: 'That prompt is no longer waiting for an answer.' });

function answerElicitation(conn: Connection, req: PermissionRequest, answer: ElicitationAnswer): PermissionOutcome {
  const elicitation = req.elicitation;
  if (!elicitation) throw new ClideError({ kind: 'invalid-input', message: 'That prompt is not a request for input.' });
  if (answer.action === 'accept') {
    if (elicitation.mode === 'url' && answer.content && Object.keys(answer.content).length > 0) {
      throw new ClideError({ kind: 'invalid-input', message: 'A request to open a page takes no form content.' });
    }
    const problem = elicitation.mode === 'form' ? contentProblem(elicitation.fields, answer.content ?? {}) : undefined;
    if (problem) throw new ClideError({ kind: 'invalid-input', message: problem });
  }
  if (!conn.answerElicitation(req.requestId, answer)) throw gone();
  return answer.action === 'accept' ? 'allowed' : answer.action === 'decline' ? 'denied' : 'cancelled';
}

function answerDialog(conn: Connection, req: PermissionRequest, answer: DialogAnswer): PermissionOutcome {
  if (!req.dialog) throw new ClideError({ kind: 'invalid-input', message: 'That prompt is not a dialog.' });
  let answered: boolean;
  try {
    answered = conn.answerDialog(req.requestId, answer);
  } catch (err) {
    throw new ClideError({ kind: 'invalid-input', message: (err as Error).message });
  }
  if (!answered) throw gone();
  return answer.answer === 'choice' ? 'allowed' : 'cancelled';
}

/** Stop was pressed: answer the prompt as stopped. False if it was no longer waiting. */
export function answerStopped(conn: Connection, req: PermissionRequest): boolean {
  if (req.elicitation) return conn.answerElicitation(req.requestId, { action: 'cancel' });
  if (req.dialog) return conn.answerDialog(req.requestId, { answer: 'cancel' });
  return conn.answerPermission(req.requestId, { behavior: 'deny', message: DENIED_BY_STOP, interrupt: true });
}

/**
 * The transcript's record of an input request once it closed. None for a permission prompt (its
 * tool card says) or a dialog (Claude Code reports what followed, e.g. model_refusal_fallback).
 */
export function closedNotice(req: PermissionRequest, outcome: PermissionOutcome, id: string, at: number): SessionEvent | undefined {
  const e = req.elicitation;
  if (e) {
    const asked = e.mode === 'url' ? `${e.server} asked you to open a page` : `${e.server} asked for input`;
    const how = {
      allowed: e.mode === 'url' ? 'you went ahead' : 'you sent it',
      denied: 'you declined',
      cancelled: 'you cancelled',
      withdrawn: 'the request was withdrawn before an answer (it timed out, or the turn stopped)',
    }[outcome];
    return { kind: 'notice', id, level: 'info', code: 'mcp-input', text: `${asked}: ${how}.`, at };
  }
  return undefined;
}
