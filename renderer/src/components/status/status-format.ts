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

const windowNames: Record<string, string> = {
  five_hour: 'Session (5 hours)',
  seven_day: 'Weekly, all models',
  seven_day_opus: 'Weekly, Opus',
  seven_day_sonnet: 'Weekly, Sonnet',
  seven_day_oauth_apps: 'Weekly, apps',
};

/** A plan usage window's name: "Session (5 hours)", "Weekly, all models", "Weekly, Fable". */
export function usageWindowName(w: { key: string; label?: string }): string {
  if (w.key === 'model') return `Weekly, ${w.label ?? 'one model'}`;
  return windowNames[w.key] ?? limitName(w.key);
}

/**
 * A plan window's use as shown: to one decimal where Claude Code gives it (42.7%, 2.1.337+),
 * else the whole percent (43%); "–" when unknown. Never above 100 or below 0.
 */
export function usageWindowPercent(w: { percent?: number; shownPercent?: number }): string {
  const v = w.shownPercent ?? w.percent;
  if (v === undefined) return '–';
  const pct = Math.max(0, Math.min(100, v));
  return w.shownPercent !== undefined ? `${pct.toFixed(1).replace(/\.0$/, '')}%` : `${Math.round(pct)}%`;
}

/** "14:05" today, "Mon 09:00" within a week, else "12 Mar 09:00". */
export function formatReset(at: number, now: number): string {
  const d = new Date(at);
  const time = d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (new Date(now).toDateString() === d.toDateString()) return time;
  const days = (at - now) / 86_400_000;
  const day =
    days >= 0 && days < 6.5 ? d.toLocaleDateString(undefined, { weekday: 'short' }) : d.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
  return `${day} ${time}`;
}

/** "Max" for "max"; plans are named as the CLI names them, capitalised. */
export function planName(subscription: string): string {
  return subscription.charAt(0).toUpperCase() + subscription.slice(1);
}
