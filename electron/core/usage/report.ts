// The Usage view's figures, read from the usage rows the search index keeps (usage-rows.ts).
// SQLite sums the tokens by group and model; each model's sum is then priced here, so the
// pricing table can change without reading anything again. Answered in the search worker.
import type { UsageContributor, UsageFigures, UsageReport } from '../../../shared/usage-report';
import type { Database } from '../search/index-db';
import { costOf, PRICING_DATE, PRICING_SOURCE, type TokenCounts } from './pricing';
import { addFigures, emptyFigures } from '../../../shared/usage-figures';

export { addFigures, emptyFigures };

/** What the worker answers: the report but for projects (the main process groups folders by repository) and progress. */
export type IndexedUsage = Omit<UsageReport, 'projects' | 'progress'> & { folders: Array<UsageFigures & { folder: string }> };

/** A request with more context than this (input, cache read and written) counts as a long one. */
export const LONG_CONTEXT_TOKENS = 100_000;
/** About this many characters of tool output make a token. */
const CHARS_PER_TOKEN = 4;
const TOP_SESSIONS = 100;

interface SumRow {
  k: string | number | null;
  model: string;
  rep: number;
  i: number;
  o: number;
  r: number;
  w: number;
  n: number;
  c: number;
}

/** Sums by `key` (an SQL expression over usage `u` and sessions `s`), priced per model. */
function figuresBy(db: Database, key: string): Map<string, UsageFigures> {
  const rows = db.all(
    `SELECT ${key} AS k, u.model AS model, u.cost_usd IS NOT NULL AS rep, sum(u.input) AS i, sum(u.output) AS o,
       sum(u.cache_read) AS r, sum(u.cache_write) AS w, count(*) AS n, coalesce(sum(u.cost_usd), 0) AS c
     FROM usage u LEFT JOIN sessions s ON s.session_id = u.session_id
     GROUP BY k, u.model, rep`,
  ) as unknown as SumRow[];
  const out = new Map<string, UsageFigures>();
  for (const row of rows) {
    const k = String(row.k ?? '');
    let f = out.get(k);
    if (!f) out.set(k, (f = emptyFigures()));
    const tokens: TokenCounts = { input: Number(row.i), output: Number(row.o), cacheRead: Number(row.r), cacheWrite: Number(row.w) };
    f.input += tokens.input;
    f.output += tokens.output;
    f.cacheRead += tokens.cacheRead;
    f.cacheWrite += tokens.cacheWrite;
    f.messages += Number(row.n);
    if (row.rep) f.reported += Number(row.c);
    else {
      const cost = costOf(row.model, tokens);
      if (cost === undefined) f.unpriced += Number(row.n);
      else f.priced += cost;
    }
  }
  return out;
}

/** Local calendar day (the host's time zone) of an epoch ms. */
export function localDay(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const cost = (f: UsageFigures) => f.reported + f.priced;

export function usageReport(db: Database): IndexedUsage {
  const totals = emptyFigures();
  const models = figuresBy(db, 'u.model');
  for (const f of models.values()) addFigures(totals, f);

  // By hour, then into local days here (SQLite knows no time zone but UTC).
  const days = new Map<string, UsageFigures>();
  for (const [hour, f] of figuresBy(db, 'u.at / 3600000')) {
    const day = localDay(Number(hour) * 3600000);
    let d = days.get(day);
    if (!d) days.set(day, (d = emptyFigures()));
    addFigures(d, f);
  }

  const bySession = figuresBy(db, 'u.session_id');
  const top = [...bySession].sort((a, b) => cost(b[1]) - cost(a[1]) || b[1].output - a[1].output).slice(0, TOP_SESSIONS);
  const spans = new Map(
    (
      db.all('SELECT session_id AS id, min(at) AS first, max(at) AS last FROM usage GROUP BY session_id') as Array<{ id: string; first: number; last: number }>
    ).map((r) => [r.id, r]),
  );
  const sessions = top.map(([sessionId, f]) => {
    const times = spans.get(sessionId) ?? { first: 0, last: 0 };
    const s = db.get('SELECT cwd, custom_title, ai_title, summary, first_prompt FROM sessions WHERE session_id = ?', [sessionId]) as Record<
      string,
      string | null
    > | null;
    const title = s?.custom_title ?? s?.ai_title ?? s?.summary ?? s?.first_prompt ?? undefined;
    return {
      sessionId,
      ...(title ? { title: title.slice(0, 200) } : {}),
      ...(s?.cwd ? { folder: s.cwd } : {}),
      first: Number(times.first),
      last: Number(times.last),
      ...f,
    };
  });

  return {
    totals,
    days: [...days].sort((a, b) => a[0].localeCompare(b[0])).map(([day, f]) => ({ day, ...f })),
    models: [...models].sort((a, b) => cost(b[1]) - cost(a[1]) || b[1].output - a[1].output).map(([model, f]) => ({ model, ...f })),
    folders: [...figuresBy(db, "coalesce(s.cwd, '')")].map(([folder, f]) => ({ folder, ...f })),
    sessions,
    contributors: contributors(db),
    pricing: { date: PRICING_DATE, source: PRICING_SOURCE },
  };
}

interface ContributorRow {
  model: string;
  [k: string]: number | string;
}

/** What makes turns expensive: each priced by clide, as a share of all cost priced the same way. */
function contributors(db: Database): UsageContributor[] {
  const ctx = `(input + cache_read + cache_write) > ${LONG_CONTEXT_TOKENS}`;
  const sums = (cond: string, p: string) =>
    ['input', 'output', 'cache_read', 'cache_write'].map((c, i) => `sum(CASE WHEN ${cond} THEN ${c} ELSE 0 END) AS ${p}${i}`).join(', ');
  const rows = db.all(
    `SELECT model, ${sums('1', 'a')}, ${sums(ctx, 'l')}, ${sums('subagent = 1', 's')}, sum(tool_chars) AS t FROM usage GROUP BY model`,
  ) as unknown as ContributorRow[];
  const tokens = (r: ContributorRow, p: string): TokenCounts => ({
    input: Number(r[`${p}0`]),
    output: Number(r[`${p}1`]),
    cacheRead: Number(r[`${p}2`]),
    cacheWrite: Number(r[`${p}3`]),
  });
  const zero: TokenCounts = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  let all = 0;
  const found: Record<UsageContributor['kind'], number> = { 'long-context': 0, 'cache-misses': 0, subagents: 0, 'tool-output': 0 };
  for (const r of rows) {
    const total = costOf(r.model, tokens(r, 'a'));
    if (total === undefined) continue;
    all += total;
    found['long-context'] += costOf(r.model, tokens(r, 'l')) ?? 0;
    found.subagents += costOf(r.model, tokens(r, 's')) ?? 0;
    // A cache miss writes the context to the cache again, at more than the input price.
    found['cache-misses'] += costOf(r.model, { ...zero, cacheWrite: tokens(r, 'a').cacheWrite }) ?? 0;
    // Tool output goes into the next request and is written to the cache with it.
    found['tool-output'] += costOf(r.model, { ...zero, cacheWrite: Number(r.t) / CHARS_PER_TOKEN }) ?? 0;
  }
  if (all <= 0) return [];
  return (Object.entries(found) as Array<[UsageContributor['kind'], number]>)
    .filter(([, c]) => c > 0)
    .map(([kind, c]) => ({ kind, cost: c, share: Math.min(1, c / all) }))
    .sort((a, b) => b.cost - a.cost);
}
