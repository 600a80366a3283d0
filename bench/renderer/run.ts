// Renderer benchmarks: R1-R4, R7 and R8 (first paint, streaming, scrolling and diff figures; each names its target), in headless Chromium against
// the built renderer. `runRendererBenchmarks()` is the entry point for scripts/bench.mjs (via
// renderer.bench.ts): `npm run bench -- --only R1,R4`. (No run-when-executed block here: the
// suite is bundled into one file, where such a check would also match and run everything twice.)
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
