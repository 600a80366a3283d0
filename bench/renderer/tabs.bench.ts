// bench-figures: R5 R6 R9
// The tab benchmarks as a suite of scripts/bench.mjs: one JSON line per figure on stdout.
import { runTabBenchmarks } from './tabs';

const asked = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim().toUpperCase())
  .filter(Boolean);
const only = asked.filter((s) => ['R5', 'R6', 'R9'].includes(s));

if (asked.length === 0 || only.length > 0) {
  await runTabBenchmarks({
    only,
    onFigure: (f) => process.stdout.write(`${JSON.stringify(f)}\n`),
  });
}
