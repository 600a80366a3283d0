// Bounds on how much work something does, in place of bounds on how long it took: elapsed time
// grows whenever other processes compete for the cores (a busy CI machine), CPU time does not,
// so a bound on it holds on a loaded machine and still catches an algorithm that does too much.

/** Run `fn` and return its result with the CPU time (user + system, ms) this process spent meanwhile. */
export async function cpuTime<T>(fn: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const start = process.cpuUsage();
  const value = await fn();
  const used = process.cpuUsage(start);
  return { value, ms: (used.user + used.system) / 1000 };
}
