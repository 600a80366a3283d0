/** Poll until `check` returns a truthy value, or fail with `what` after `timeoutMs`. */
export async function waitFor<T>(check: () => T | undefined | false | null, what: string, timeoutMs = 30_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Whether a pid is still alive (signal 0 probes without sending anything). */
export function alive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Options for `vi.waitFor`, whose own default gives up after 1 s: a loaded machine can take
 * longer. The poll interval stays vitest's (under fake timers each poll also advances them by it).
 */
export const PATIENT = { timeout: 10_000 };
