// Renderer benchmarks: R1-R4, R7 and R8 of docs/performance.md, in headless Chromium against
// the built renderer. `runRendererBenchmarks()` is the entry point for scripts/bench.mjs (via
// renderer.bench.ts); run directly (`npx tsx bench/renderer/run.ts [R1,R4]`) it prints one JSON
// line per figure and a small table.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FIGURES, type RendererFigure } from './figures';
import { startBench } from './harness';

export type { RendererFigure };

export interface RendererBenchOptions {
  /** Figure names to run (R1, R2...); all when empty. */
  only?: string[];
  /** Repository root (where out/renderer and scripts/web.mjs are); defaults to the current directory. */
  root?: string;
  /** Called with each figure as soon as it is measured. */
  onFigure?: (f: RendererFigure) => void;
}

export async function runRendererBenchmarks(opts: RendererBenchOptions = {}): Promise<RendererFigure[]> {
  const only = (opts.only ?? []).map((s) => s.toUpperCase());
  const names = (Object.keys(FIGURES) as Array<keyof typeof FIGURES>).filter((n) => only.length === 0 || only.includes(n));
  if (names.length === 0) return [];
  const bench = await startBench(opts.root ?? process.cwd());
  const out: RendererFigure[] = [];
  try {
    for (const name of names) {
      const f = await FIGURES[name](bench);
      out.push(f);
      opts.onFigure?.(f);
    }
  } finally {
    await bench.close();
  }
  return out;
}

function fmt(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  return Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2);
}

export function table(figures: readonly RendererFigure[]): string {
  const rows = [['figure', 'value', 'baseline', 'unit', 'ratio', 'target', 'result']];
  for (const f of figures) rows.push([f.name, fmt(f.value), fmt(f.baseline), f.unit, `${fmt(f.ratio)}x`, f.target, f.met ? 'ok' : 'MISSED']);
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length))) ?? [];
  return rows.map((r) => r.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join('  ').trimEnd()).join('\n');
}

const direct = process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url;
if (direct) {
  const only = (process.argv[2] ?? '').split(',').filter(Boolean);
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  runRendererBenchmarks({ only, root, onFigure: (f) => process.stdout.write(`${JSON.stringify(f)}\n`) })
    .then((figures) => process.stdout.write(`\n${table(figures)}\n`))
    .catch((err: unknown) => {
      process.stderr.write(`renderer bench: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exitCode = 1;
    });
}
