// The Usage view's sums by day, week (from Monday) or month, built from the report's days, and
// its tables as CSV. Pure: tested without a page.
import type { UsageFigures } from '../../../../shared/usage-report';
import { addFigures, emptyFigures } from '../../../../shared/usage-figures';

export type Period = 'day' | 'week' | 'month';

export interface PeriodRow extends UsageFigures {
  /** YYYY-MM-DD (a day, a week's Monday) or YYYY-MM. */
  period: string;
}

export const costOf = (f: UsageFigures): number => f.reported + f.priced;

/** Of what was sent, how much was read from the cache (0-1; 0 when nothing was sent). */
export function cacheHitRate(f: UsageFigures): number {
  const sent = f.input + f.cacheRead + f.cacheWrite;
  return sent > 0 ? f.cacheRead / sent : 0;
}

function periodOf(day: string, period: Period): string {
  if (period === 'day') return day;
  if (period === 'month') return day.slice(0, 7);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

export function byPeriod(days: ReadonlyArray<UsageFigures & { day: string }>, period: Period): PeriodRow[] {
  const out = new Map<string, PeriodRow>();
  for (const d of days) {
    const key = periodOf(d.day, period);
    const row = out.get(key) ?? { period: key, ...emptyFigures() };
    addFigures(row, d);
    out.set(key, row);
  }
  return [...out.values()].sort((a, b) => a.period.localeCompare(b.period));
}

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled; a leading =+-@ is escaped for spreadsheets. */
function field(v: string | number): string {
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return [header, ...rows].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
}

export const FIGURE_HEADER = [
  'input tokens',
  'output tokens',
  'cache read tokens',
  'cache write tokens',
  'messages',
  'cost as Claude Code reported (USD)',
  'cost priced by clide (USD)',
];

export function figureCells(f: UsageFigures): Array<string | number> {
  return [f.input, f.output, f.cacheRead, f.cacheWrite, f.messages, f.reported.toFixed(4), f.priced.toFixed(4)];
}
