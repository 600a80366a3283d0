// Small formatting rules shared by the status bar, tabs and transcript.
import { formatCount } from './count';

/** 31_800 -> "31.8k", 1_000_000 -> "1M", 999 -> "999". */
export function formatTokens(n: number): string {
  if (!Number.isFinite(n) || n < 0) return '–';
  if (n < 1000) return String(Math.round(n));
  if (n < 1_000_000) return trimUnit(n / 1000, 'k');
  return trimUnit(n / 1_000_000, 'M');
}

function trimUnit(value: number, unit: string): string {
  // One decimal below 100 ("31.8k"), none above ("250k"); never "1000k".
  const rounded = value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  if (unit === 'k' && rounded >= 1000) return trimUnit(value / 1000, 'M');
  return `${rounded}${unit}`;
}

/**
 * A size in binary units, as file managers show it: "840 KB", "5.5 MB", "104 MB" (one decimal
 * below 10 MB), never less than "1 KB". `unit: 'KB'` stays in kilobytes at any size
 * ("4,096 KB"), for a figure read beside a line count.
 */
export function formatBytes(bytes: number, opts: { unit?: 'KB' } = {}): string {
  const kb = Math.max(1, Math.round(bytes / 1024));
  if (opts.unit === 'KB' || bytes < 1024 * 1024) return `${formatCount(kb)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb.toFixed(mb < 10 ? 1 : 0)} MB`;
}

/** "3%", "<1%" for a tiny but non-zero share, "100%". */
export function formatPercent(p: number): string {
  if (p > 0 && p < 1) return '<1%';
  return `${Math.round(p)}%`;
}

/** "31.8k / 1M (3%)"; "–" parts where a figure is not known yet. */
export function formatContext(tokens: number | undefined, window: number | undefined, percent: number | undefined): string {
  const used = tokens === undefined ? '–' : formatTokens(tokens);
  if (!window) return used;
  const share = percent === undefined ? '' : ` (${formatPercent(percent)})`;
  return `${used} / ${formatTokens(window)}${share}`;
}

/** "$0.14", "$12.30", "$1,204.50". */
export function formatCost(usd: number): string {
  if (!Number.isFinite(usd) || usd < 0) return '$–';
  return `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** "10:42" in the person's locale, 24-hour where that is the local habit. */
export function formatClock(epochMs: number): string {
  return new Date(epochMs).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/** "4 s", "1 min 12 s", "2 h 3 min". */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
  const h = Math.floor(m / 60);
  return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
}

const modeLabels: Record<string, string> = {
  default: 'Default mode',
  acceptEdits: 'Accept edits',
  plan: 'Plan mode',
  bypassPermissions: 'Bypass permissions',
  dontAsk: "Don't ask",
  auto: 'Auto mode',
};

export function permissionModeLabel(mode: string | undefined): string {
  if (!mode) return 'Default mode';
  return modeLabels[mode] ?? mode;
}

/** The model's display name from the `initialize` list, else the raw id. */
export function modelLabel(model: string | undefined, models: ReadonlyArray<{ value: string; displayName: string }> | undefined): string | undefined {
  if (!model) return undefined;
  const match = models?.find((m) => m.value === model);
  return match?.displayName || model;
}

/** Last path segment, for tab titles: "/home/a/code/api-server/" -> "api-server". */
export function folderName(path: string): string {
  const trimmed = path.replace(/[\\/]+$/, '');
  const parts = trimmed.split(/[\\/]/);
  return parts[parts.length - 1] || trimmed || path;
}

/** "/home/a/code/x" -> "~/code/x" when under the home folder. */
export function tildify(path: string, home: string | undefined): string {
  if (!home) return path;
  const h = home.replace(/[\\/]+$/, '');
  if (path === h) return '~';
  if (h && (path.startsWith(h + '/') || path.startsWith(h + '\\'))) return '~' + path.slice(h.length);
  return path;
}

/**
 * The first `end` UTF-16 units of a text, one fewer when the cut would split an emoji or other
 * astral character: half of one is an unpaired surrogate, which shows as a hidden-character marker.
 */
export function cutText(text: string, end: number): string {
  if (end >= text.length) return text;
  const last = text.charCodeAt(end - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? end - 1 : end);
}
