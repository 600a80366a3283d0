// The renderer's suite for scripts/bench.mjs: one JSON line per figure on stdout, in the
// runner's shape (a numeric target ratio, `met` for targets that are also absolute).
import { runRendererBenchmarks } from './run';

const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter((s) => /^R\d+$/i.test(s));
const asked = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);

if (asked.length > 0 && only.length === 0) {
  // Only other areas' figures were asked for.
} else {
  await runRendererBenchmarks({
    only,
    onFigure: (f) =>
      process.stdout.write(
        `${JSON.stringify({ name: f.name, value: f.value, baseline: f.baseline, ratio: f.ratio, target: f.targetRatio, unit: f.unit, met: f.met, note: `${f.target}: ${f.note}` })}\n`,
      ),
  });
}
