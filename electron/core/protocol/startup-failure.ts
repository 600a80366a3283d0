// Why Claude Code refused to start (result.startup_failure_reason, on the zeroed
// error_during_execution result a stream-json run writes before it exits), as an error that
// says what to do. Without it the person saw "Claude exited with code 1 while starting" and a
// hint to resume, which fails the same way. Reasons clide has no words for keep the CLI's own
// message (errors[]). The CLI writes this result for every reason only when the host sets
// CLAUDE_CODE_STARTUP_FAILURE_RESULTS (connection.ts PROTOCOL_ENV does).
import type { AppError } from '../../../shared/result';

export interface StartupFailure {
  error: AppError;
  /** Whether resuming the conversation can work once the person has done what the hint says. */
  resumable: boolean;
}

interface Known {
  kind: AppError['kind'];
  message: string;
  hint: string;
  resumable: boolean;
}

const KNOWN = new Map<string, Known>([
  [
    'resume_target_not_found',
    {
      kind: 'session-not-found',
      message: 'Claude Code found no conversation to resume for this session.',
      hint: 'Its transcript may have been deleted or moved, or its folder cannot be read right now (a home folder not mounted yet). Start a new session, or resume this one from History once its folder is back.',
      resumable: false,
    },
  ],
  [
    'consumer_terms_review_in_terminal',
    {
      kind: 'unauthorized',
      message: 'Claude Code needs you to review the updated Consumer Terms before it starts.',
      hint: 'Run claude in a terminal once and answer there, then try again.',
      resumable: true,
    },
  ],
  [
    'consumer_terms_accept_on_web',
    {
      kind: 'unauthorized',
      message: 'Your account has not accepted the updated Consumer Terms, so Claude Code cannot start.',
      hint: 'Accept them on claude.ai (the address is in the details below), then try again.',
      resumable: true,
    },
  ],
  [
    'org_signin_ended',
    {
      kind: 'unauthorized',
      message: 'Your organization’s sign-in has ended, and Claude Code removed it.',
      hint: 'Sign in again (run claude in a terminal and use /login), to that organization or, where this computer’s settings allow it, to your own account; then try again. Do not log out first: that deletes your own login, saved MCP logins and plugin secrets.',
      resumable: true,
    },
  ],
]);

/** The failure a result reports, or undefined for a result that is not a startup failure. */
export function startupFailure(reason: unknown, errors: readonly string[] | undefined): StartupFailure | undefined {
  if (typeof reason !== 'string' || !reason) return undefined;
  const said = errors?.filter((e) => e.trim()).join('\n') || undefined;
  const known = KNOWN.get(reason);
  if (!known) {
    return {
      error: {
        kind: 'process-exit',
        message: said ? `Claude Code refused to start: ${said}` : `Claude Code refused to start (${reason}).`,
        hint: 'Fix what it says, then try again.',
        detail: reason,
      },
      resumable: true,
    };
  }
  const { resumable, ...error } = known;
  return { error: { ...error, detail: said }, resumable };
}
