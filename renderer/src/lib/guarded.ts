// Every call to the host returns a Result; a call that throws (the bridge or the socket is gone)
// becomes an `internal` error the caller can show in place, never an exception.
import type { AppError, Result } from '../../../shared/result';

export function unreachable(err: unknown): AppError {
  return {
    kind: 'internal',
    message: `clide could not reach its main process: ${err instanceof Error ? err.message : String(err)}`,
    hint: 'Wait a moment and try again; if it keeps failing, restart clide.',
  };
}

export async function guarded<T>(f: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await f();
  } catch (err) {
    return { ok: false, error: unreachable(err) };
  }
}
