// A chart of the Usage view, drawn with uPlot. Chosen over the others for size and speed:
// uPlot is about 50 kB minified and draws 100k points in milliseconds on a canvas; Chart.js
// (~200 kB) and ECharts (~1 MB) are several times larger for the same bars and lines, and
// SVG libraries (Recharts, ~400 kB with d3) slow down with thousands of nodes. A canvas says
// nothing to a screen reader, so each chart is an image with a name and a table beside it
// holds its figures (usage-dialog.tsx). Colours are the theme's CSS variables, read again when
// the theme changes. Loaded only with the Usage view (a part loaded on demand).
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: Array<number | null>;
  /** A theme variable, e.g. "--accent". */
  color: string;
}

export interface ChartProps {
  /** The accessible name of the drawing (the table beside it has the figures). */
  label: string;
  labels: readonly string[];
  series: readonly ChartSeries[];
  kind: 'bars' | 'lines';
  format(v: number): string;
  height?: number;
}

/** A theme variable as the browser resolves it now (light-dark() included). */
function resolve(variable: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${variable})`;
  probe.style.display = 'none';
  document.body.appendChild(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color;
}

/** Bumped when the theme changes, so the chart is drawn again in its colours. */
function useThemeTick(): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const bump = () => setTick((n) => n + 1);
    const observer = new MutationObserver(bump);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class', 'style'] });
    const media = matchMedia('(prefers-color-scheme: dark)');
    media.addEventListener('change', bump);
    return () => {
      observer.disconnect();
      media.removeEventListener('change', bump);
    };
  }, []);
  return tick;
}

export function UsageChart({ label, labels, series, kind, format, height = 180 }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useThemeTick();
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(Math.floor(el.clientWidth)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const el = box.current;
    if (!el || width <= 0) return;
    const text = resolve('--text-muted');
    const grid = resolve('--border');
    const xs = labels.map((_, i) => i);
    const bars = uPlot.paths.bars!({ size: [0.7, 48] });
    const opts: uPlot.Options = {
      width,
      height,
      legend: { show: series.length > 1 },
      cursor: { show: true, drag: { x: false, y: false } },
      scales: {
        x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
        // From zero: a bar's height is its amount.
        y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
      },
      axes: [
        {
          stroke: text,
          grid: { show: false },
          ticks: { stroke: grid },
          // Whole steps only, spaced for a date to fit between ticks.
          space: 90,
          incrs: [1, 2, 3, 4, 5, 7, 10, 14, 20, 30, 50, 100, 200, 365, 1000],
          values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? (labels[v] ?? '') : '')),
        },
        { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid }, values: (_u, splits) => splits.map(format), size: 64 },
      ],
      series: [
        { label: 'When', value: (_u, v) => (v === null ? '' : (labels[v] ?? '')) },
        ...series.map((s) => {
          const color = resolve(s.color);
          return {
            label: s.label,
            stroke: color,
            width: kind === 'bars' ? 0 : 2,
            fill: kind === 'bars' ? color : undefined,
            paths: kind === 'bars' ? bars : undefined,
            points: { show: kind === 'lines' && labels.length < 60 },
            value: (_u: uPlot, v: number | null) => (v === null ? '–' : format(v)),
          };
        }),
      ],
    };
    const chart = new uPlot(opts, [xs, ...series.map((s) => s.values)] as uPlot.AlignedData, el);
    return () => chart.destroy();
  }, [labels, series, kind, format, height, width, theme]);

  return <div ref={box} className="usage-chart" role="img" aria-label={label} />;
}
