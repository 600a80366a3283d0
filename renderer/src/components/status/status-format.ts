// Wording for the status bar: rate limits and their reset countdown, session ids.
import type { RateLimit } from '../../../../shared/events';

const limitNames: Record<string, string> = {
  five_hour: '5-hour limit',
  seven_day: 'Weekly limit',
  seven_day_opus: 'Weekly Opus limit',
  seven_day_sonnet: 'Weekly Sonnet limit',
  seven_day_oauth_apps: 'Weekly apps limit',
  seven_day_overage_included: 'Weekly limit (with extra usage)',
  overage: 'Extra usage',
};

export function limitName(type: string | undefined): string {
  if (!type) return 'Usage limit';
  return limitNames[type] ?? type.replace(/_/g, ' ');
}

/** Utilisation as a percentage. The CLI reports a fraction (0.91); a value above 1 is taken as a percentage already. */
export function utilizationPercent(u: number | undefined): number | undefined {
  if (u === undefined || !Number.isFinite(u) || u < 0) return undefined;
  return Math.min(100, u <= 1 ? u * 100 : u);
}

/** "1 h 12 min", "12 min 30 s", "45 s", "now". Whole seconds, never negative. */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s <= 0) return 'now';
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (d > 0) return h ? `${d} d ${h} h` : `${d} d`;
  if (h > 0) return m ? `${h} h ${m} min` : `${h} h`;
  if (m > 0) return m < 10 && sec ? `${m} min ${sec} s` : `${m} min`;
  return `${sec} s`;
}

export type LimitLevel = 'ok' | 'warning' | 'rejected';

export function limitLevel(r: Pick<RateLimit, 'status' | 'utilization'>): LimitLevel {
  if (r.status === 'rejected') return 'rejected';
  const pct = utilizationPercent(r.utilization);
  if (r.status === 'allowed_warning' || (pct !== undefined && pct >= 80)) return 'warning';
  return 'ok';
}

/** "5-hour limit 91% · resets in 1 h 12 min", or "5-hour limit reached · resets in …". */
export function rateLimitText(r: RateLimit, now: number): string {
  const name = limitName(r.limitType);
  const pct = utilizationPercent(r.utilization);
  const head = r.status === 'rejected' ? `${name} reached` : pct !== undefined ? `${name} ${Math.round(pct)}%` : name;
  if (r.resetsAt === undefined) return head;
  const left = r.resetsAt - now;
  return left > 0 ? `${head} · resets in ${formatCountdown(left)}` : `${head} · reset`;
}

/** The first block of a UUID: enough to tell sessions apart at a glance. */
export function shortId(id: string): string {
  const first = id.split('-')[0] ?? id;
  return first.length >= 6 ? first : id.slice(0, 8);
}
