// Shared by the core benchmark suites: which figures were asked for, timing with alternating
// rounds (so drift on a shared machine hits value and baseline alike), and the one-line JSON
// figure format scripts/bench.mjs collects.
import { performance } from 'node:perf_hooks';

const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);

export function wanted(...names: string[]): boolean {
  return only.length === 0 || names.some((n) => only.includes(n));
}

export interface Figure {
  name: string;
  value: number;
  baseline: number;
  /** The highest acceptable value / baseline. */
  target: number;
  unit?: string;
  /** Overrides ratio <= target when a figure has a second condition. */
  met?: boolean;
  note?: string;
}

export function report(f: Figure): void {
  const ratio = f.value / f.baseline;
  const line = {
    name: f.name,
    value: round(f.value),
    baseline: round(f.baseline),
    ratio: round(ratio),
    target: f.target,
    unit: f.unit,
    met: f.met ?? ratio <= f.target,
    note: f.note,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

export function skip(name: string, reason: string): void {
  process.stdout.write(`${JSON.stringify({ name, skipped: reason })}\n`);
}

export function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

export function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/**
 * CPU milliseconds (user + system) one call of `fn` takes. CPU time rather than wall time: on a
 * shared machine wall time also counts the time other processes held the CPU.
 */
export function time(fn: () => void): number {
  const t = process.cpuUsage();
  fn();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000;
}

/** Wall-clock milliseconds one call of `fn` takes. */
export function wallTime(fn: () => void): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

/**
 * Median time of each function over `rounds` rounds, run alternately (a, b, a, b, ...) after
 * a warm-up. No GC is forced between runs: a forced full GC makes V8 re-learn allocation
 * patterns (pretenuring, young-generation size) and the next JS-heavy run pays 2-3x for it,
 * which a running app does not; garbage left by one run is cheap for the next to sweep.
 */
export function alternate(rounds: number, fns: Record<string, () => void>): Record<string, number> {
  const names = Object.keys(fns);
  for (const n of names) fns[n]!();
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) {
    for (const n of r % 2 === 0 ? names : [...names].reverse()) samples[n]!.push(time(fns[n]!));
  }
  return Object.fromEntries(names.map((n) => [n, median(samples[n]!)]));
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function round(n: number): number {
  return Number(n.toPrecision(4));
}
