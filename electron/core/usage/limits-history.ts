// The plan's limits as clide saw them: each get_usage answer's utilization per window with its
// time, kept in the data dir (usage-limits.json), and from them when the current window runs
// out at today's rate.
import path from 'node:path';
import { z } from 'zod';
import { lazySchema } from '../../../shared/lazy-schema';
import { LimitSampleSchema, type LimitEstimate, type LimitSample } from '../../../shared/usage-report';
import type { PlanUsage } from '../../../shared/usage';
import { readJsonFile, writeJsonFileAtomic } from '../json-file';

/** Kept at most; the oldest go first (a sample every few minutes is months of history). */
const MAX_SAMPLES = 5000;
/** An answer that says the same as the last one within this long is not kept again. */
const SAME_WITHIN_MS = 10 * 60_000;
const DAY_MS = 24 * 3600_000;
const HOUR_MS = 3600_000;

// Built on first use (shared/lazy-schema.ts): loading the core makes no schema.
const FileSchema = lazySchema(() => z.object({ samples: z.array(LimitSampleSchema) }));

export class LimitHistoryStore {
  private list: LimitSample[] | undefined;

  constructor(private readonly dataDir: string | undefined) {}

  private get file(): string | undefined {
    return this.dataDir ? path.join(this.dataDir, 'usage-limits.json') : undefined;
  }

  samples(): LimitSample[] {
    if (this.list) return this.list;
    const file = this.file;
    this.list = file ? readJsonFile(file, FileSchema, { samples: [] }).value.samples : [];
    return this.list;
  }

  record(plan: PlanUsage, at = Date.now()): void {
    const windows = (plan.windows ?? []).flatMap((w) => {
      const percent = w.shownPercent ?? w.percent;
      return percent === undefined ? [] : [{ key: w.key, ...(w.label ? { label: w.label } : {}), percent, ...(w.resetsAt ? { resetsAt: w.resetsAt } : {}) }];
    });
    if (windows.length === 0) return;
    const list = this.samples();
    const last = list.at(-1);
    if (last && at - last.at < SAME_WITHIN_MS && JSON.stringify(last.windows) === JSON.stringify(windows)) return;
    list.push({ at, windows });
    if (list.length > MAX_SAMPLES) list.splice(0, list.length - MAX_SAMPLES);
    const file = this.file;
    if (!file) return;
    try {
      writeJsonFileAtomic(file, { samples: list });
    } catch {
      // The history is a convenience: a full disk loses a sample, not the answer.
    }
  }
}

/**
 * For each window of the latest sample: its rise per hour over the samples of the same window
 * (same reset time) in the last day, and when it reaches 100% at that rate, if before it resets.
 */
export function estimateLimits(samples: readonly LimitSample[], now = Date.now()): LimitEstimate[] {
  const latest = samples.at(-1);
  if (!latest) return [];
  const out: LimitEstimate[] = [];
  for (const w of latest.windows) {
    const points = samples
      .filter((s) => s.at >= now - DAY_MS)
      .flatMap((s) => s.windows.filter((x) => x.key === w.key && sameReset(x.resetsAt, w.resetsAt)).map((x) => ({ at: s.at, percent: x.percent })));
    const first = points[0];
    const last = points.at(-1);
    let perHour = 0;
    if (first && last && last.at - first.at >= 5 * 60_000) perHour = Math.max(0, ((last.percent - first.percent) / (last.at - first.at)) * HOUR_MS);
    let runsOutAt: number | undefined;
    if (perHour > 0 && last) {
      runsOutAt = last.at + ((100 - last.percent) / perHour) * HOUR_MS;
      if (w.resetsAt !== undefined && runsOutAt >= w.resetsAt) runsOutAt = undefined;
    }
    out.push({ key: w.key, perHour, ...(runsOutAt !== undefined ? { runsOutAt } : {}), ...(w.resetsAt !== undefined ? { resetsAt: w.resetsAt } : {}) });
  }
  return out;
}

/** The server's reset time moves by seconds between answers within one window. */
function sameReset(a: number | undefined, b: number | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && Math.abs(a - b) < 5 * 60_000);
}
