// Results and errors that cross IPC intact, so the UI can say what happened and what to do.
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

export const errorKinds = [
  'cli-not-found',
  'cli-not-executable',
  'cwd-missing',
  'spawn-failed',
  'process-exit',
  'not-running',
  'decode',
  'control-timeout',
  'control-error',
  'session-not-found',
  'session-busy',
  'invalid-input',
  'unauthorized',
  /** git is not installed (or not on PATH). */
  'git-missing',
  /** A git command failed; `detail` carries its stderr. */
  'git-failed',
  'git-timeout',
  'not-a-repository',
  /** The session's worktree folder is gone (deleted outside clide). */
  'worktree-missing',
  /** ssh could not reach or log in to a remote host (electron/core/remote). */
  'connection-failed',
  /** The connection to a remote host dropped while a session ran there. */
  'connection-lost',
  /** ssh does not know the remote host's key yet; nothing was accepted. */
  'host-key-unknown',
  /** The remote host's key is not the one known_hosts has: refused. */
  'host-key-changed',
  /** The remote host refused every way of logging in that was tried. */
  'auth-failed',
  /** A permission rule was not removed: its settings file could not be changed, or Claude Code still applies it. */
  'rule-not-removed',
  /** The folder would run files the person has not trusted yet: nothing was started (electron/core/trust). */
  'untrusted',
  'internal',
] as const;

export const AppErrorSchema = lazySchema(() =>
  z.object({
    kind: z.enum(errorKinds),
    message: z.string(),
    /** What the person can do about it, in one sentence. */
    hint: z.string().optional(),
    /** Extra detail, e.g. the tail of the CLI's stderr. */
    detail: z.string().optional(),
    exitCode: z.number().nullable().optional(),
    signal: z.string().nullable().optional(),
  }),
);
export type AppError = z.infer<typeof AppErrorSchema>;
export type ErrorKind = AppError['kind'];

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(kind: ErrorKind, message: string, extra: Partial<AppError> = {}): Result<T> {
  return { ok: false, error: { kind, message, ...extra } };
}

export function resultSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), value }), z.object({ ok: z.literal(false), error: AppErrorSchema })]);
}

/** An Error subclass carrying an AppError, for code paths that throw. */
export class ClideError extends Error {
  readonly info: AppError;
  constructor(info: AppError) {
    super(info.message);
    this.name = 'ClideError';
    this.info = info;
  }
}

export function toAppError(err: unknown): AppError {
  if (err instanceof ClideError) return err.info;
  const message = err instanceof Error ? err.message : String(err);
  return { kind: 'internal', message };
}
