// The Usage view: tokens and cost over every session on this computer (terminal sessions
// included), by day, week or month, by project, model and session, what makes turns
// expensive, and the plan's limits with their history. Each chart has a table beside it with
// the same figures (for screen readers and the keyboard), and the tables export as CSV.
// Opened from the palette and from the status bar's cost; a part loaded on demand, with uPlot.
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { LimitHistory, UsageContributor, UsageFigures, UsageReport } from '../../../../shared/usage-report';
import type { AppError } from '../../../../shared/result';
import { getApi } from '../../api';
import { guarded } from '../../lib/guarded';
import { formatClock, formatCost, formatTokens, tildify } from '../../lib/format';
import { useClide } from '../../store/store';
import { Modal } from '../common/modal';
import { UsageChart } from './usage-chart';
import { byPeriod, cacheHitRate, costOf, FIGURE_HEADER, figureCells, toCsv, type Period } from './usage-periods';
import './usage.css';

/** While the view is open, the figures are asked for again this often (sessions keep running). */
const REFRESH_MS = 15_000;

const CONTRIBUTOR_WORDS: Record<UsageContributor['kind'], string> = {
  'long-context': 'Long context: requests that sent over 100k tokens',
  'cache-misses': 'Cache misses: context written to the cache again',
  subagents: 'Subagents: the work of Task and Agent calls',
  'tool-output': 'Tool output: what tools returned, sent with the next request',
};

const percent = (x: number) => `${(x * 100).toFixed(x < 0.1 ? 1 : 0)}%`;
const dateTime = (at: number) => `${new Date(at).toLocaleDateString()} ${formatClock(at)}`;

export function UsageDialog() {
  const open = useClide((s) => s.dialog === 'usage');
  const openDialog = useClide((s) => s.openDialog);
  if (!open) return null;
  return <UsagePanel onClose={() => openDialog(undefined)} />;
}

function UsagePanel({ onClose }: { onClose(): void }) {
  const titleId = useId();
  const homeDir = useClide((s) => s.environment?.homeDir);
  const activeId = useClide((s) => s.activeId);
  const running = useClide((s) => (s.activeId ? ['ready', 'working', 'waiting'].includes(s.sessions[s.activeId]?.status ?? '') : false));
  const [report, setReport] = useState<UsageReport>();
  const [limits, setLimits] = useState<LimitHistory>();
  const [error, setError] = useState<AppError>();
  const [period, setPeriod] = useState<Period>('day');

  const fetchAll = useCallback(
    () => Promise.all([guarded(() => getApi().usage.report({})), guarded(() => getApi().usage.limits(running && activeId ? { id: activeId } : {}))]),
    [activeId, running],
  );
  const apply = useCallback(([r, l]: Awaited<ReturnType<typeof fetchAll>>) => {
    if (r.ok) setReport(r.value);
    setError(r.ok ? undefined : r.error);
    if (l.ok) setLimits(l.value);
  }, []);
  const load = () => void fetchAll().then(apply);

  useEffect(() => {
    let gone = false;
    const get = () => void fetchAll().then((got) => gone || apply(got));
    get();
    const timer = setInterval(get, REFRESH_MS);
    return () => {
      gone = true;
      clearInterval(timer);
    };
  }, [fetchAll, apply]);

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="usage-dialog">
      <h2 id={titleId} className="modal-title">
        Usage
      </h2>
      <div className="usage-body">
        {!report && !error && <p className="muted">Reading the usage figures…</p>}
        {error && (
          <p className="modal-error" role="alert">
            The usage figures could not be read: {error.message}
          </p>
        )}
        {report && <Report report={report} period={period} setPeriod={setPeriod} homeDir={homeDir} />}
        <Limits limits={limits} />
      </div>
      <div className="modal-actions">
        <button type="button" className="btn" onClick={load}>
          Refresh
        </button>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Done
        </button>
      </div>
    </Modal>
  );
}

function CostNote({ f }: { f: UsageFigures }) {
  const parts = [];
  if (f.reported > 0) parts.push(`${formatCost(f.reported)} as Claude Code reported`);
  if (f.priced > 0) parts.push(`${formatCost(f.priced)} priced by clide`);
  if (f.unpriced > 0) parts.push(`${f.unpriced} messages of models clide has no price for, left out`);
  return <>{parts.join('; ')}</>;
}

function Report({ report, period, setPeriod, homeDir }: { report: UsageReport; period: Period; setPeriod(p: Period): void; homeDir?: string }) {
  const t = report.totals;
  const rows = useMemo(() => byPeriod(report.days, period), [report.days, period]);
  const labels = useMemo(() => rows.map((r) => r.period), [rows]);
  const costSeries = useMemo(() => [{ label: 'Cost', values: rows.map(costOf), color: '--accent' }], [rows]);
  const tokenSeries = useMemo(
    () => [
      { label: 'Input', values: rows.map((r) => r.input), color: '--link' },
      { label: 'Output', values: rows.map((r) => r.output), color: '--accent' },
      { label: 'Cache read', values: rows.map((r) => r.cacheRead), color: '--ok' },
      { label: 'Cache write', values: rows.map((r) => r.cacheWrite), color: '--warn' },
    ],
    [rows],
  );
  const periodName = { day: 'Day', week: 'Week from', month: 'Month' }[period];
  const still = report.progress.state === 'indexing';
  return (
    <>
      <p className="usage-summary">
        <strong>{formatCost(costOf(t))}</strong> over {t.messages.toLocaleString()} responses: {formatTokens(t.input)} input, {formatTokens(t.output)} output,{' '}
        {formatTokens(t.cacheRead)} cache read, {formatTokens(t.cacheWrite)} cache write tokens. Cache hit rate <strong>{percent(cacheHitRate(t))}</strong>.
      </p>
      <p className="muted usage-note">
        <CostNote f={t} />. From every session on this computer, each message counted once; prices from {report.pricing.source} as of {report.pricing.date}.
        {still && ` Still reading transcripts (${report.progress.filesDone} of ${report.progress.filesTotal}).`}
      </p>

      <section aria-labelledby="usage-expensive">
        <h3 id="usage-expensive">What makes turns expensive</h3>
        {report.contributors.length === 0 ? (
          <p className="muted">Nothing priced yet.</p>
        ) : (
          <ul className="usage-contributors">
            {report.contributors.map((c) => (
              <li key={c.kind}>
                {CONTRIBUTOR_WORDS[c.kind]}: about {formatCost(c.cost)} ({percent(c.share)} of all cost)
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="usage-time">
        <div className="usage-heading">
          <h3 id="usage-time">Over time</h3>
          <div role="radiogroup" aria-label="Sum by" className="usage-periods">
            {(['day', 'week', 'month'] as const).map((p) => (
              <label key={p}>
                <input type="radio" name="usage-period" checked={period === p} onChange={() => setPeriod(p)} />{' '}
                {p === 'day' ? 'Day' : p === 'week' ? 'Week' : 'Month'}
              </label>
            ))}
          </div>
          <CsvButton name={`clide-usage-by-${period}.csv`} header={[periodName, ...FIGURE_HEADER]} rows={rows.map((r) => [r.period, ...figureCells(r)])} />
        </div>
        <div className="usage-pair">
          <UsageChart label={`Cost by ${period}; the table beside has the figures`} labels={labels} series={costSeries} kind="bars" format={formatCost} />
          <UsageChart label={`Tokens by ${period}; the table beside has the figures`} labels={labels} series={tokenSeries} kind="lines" format={formatTokens} />
        </div>
        <FigureTable caption={`By ${period}`} first={periodName} rows={[...rows].reverse().map((r) => ({ key: r.period, name: r.period, f: r }))} />
      </section>

      <section aria-labelledby="usage-projects">
        <h3 id="usage-projects">By project</h3>
        <FigureTable
          caption="By project, with its worktrees"
          first="Project"
          rows={report.projects.flatMap((p) => [
            { key: p.root, name: p.root ? tildify(p.root, homeDir) : '(no folder)', f: p },
            ...(p.folders.length > 1 || p.folders[0]?.worktree
              ? p.folders.map((w) => ({
                  key: `${p.root}\u0000${w.folder}`,
                  name: `↳ ${tildify(w.folder, homeDir)}${w.worktree ? ' (worktree)' : ''}`,
                  f: w,
                  sub: true,
                }))
              : []),
          ])}
        />
      </section>

      <section aria-labelledby="usage-models">
        <h3 id="usage-models">By model</h3>
        <FigureTable caption="By model" first="Model" rows={report.models.map((m) => ({ key: m.model, name: m.model, f: m }))} />
      </section>

      <section aria-labelledby="usage-sessions">
        <div className="usage-heading">
          <h3 id="usage-sessions">Top sessions</h3>
          <CsvButton
            name="clide-usage-sessions.csv"
            header={['session', 'title', 'folder', 'first', 'last', ...FIGURE_HEADER]}
            rows={report.sessions.map((s) => [
              s.sessionId,
              s.title ?? '',
              s.folder ?? '',
              new Date(s.first).toISOString(),
              new Date(s.last).toISOString(),
              ...figureCells(s),
            ])}
          />
        </div>
        <FigureTable
          caption="The most expensive sessions"
          first="Session"
          rows={report.sessions.slice(0, 20).map((s) => ({
            key: s.sessionId,
            name: `${s.title ?? s.sessionId.slice(0, 8)}${s.folder ? ` · ${tildify(s.folder, homeDir)}` : ''} · ${new Date(s.last).toLocaleDateString()}`,
            f: s,
          }))}
        />
      </section>
    </>
  );
}

interface TableRow {
  key: string;
  name: string;
  f: UsageFigures;
  sub?: boolean;
}

function FigureTable({ caption, first, rows }: { caption: string; first: string; rows: readonly TableRow[] }) {
  if (rows.length === 0) return <p className="muted">Nothing counted yet.</p>;
  return (
    <div className="usage-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="usage-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col">Cost</th>
            <th scope="col">Input</th>
            <th scope="col">Output</th>
            <th scope="col">Cache read</th>
            <th scope="col">Cache write</th>
            <th scope="col">Cache hits</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className={r.sub ? 'is-sub' : undefined}>
              <th scope="row">{r.name}</th>
              <td
                title={
                  r.f.reported > 0 && r.f.priced > 0
                    ? 'Part as Claude Code reported, part priced by clide'
                    : r.f.reported > 0
                      ? 'As Claude Code reported'
                      : 'Priced by clide'
                }
              >
                {formatCost(costOf(r.f))}
                {r.f.reported > 0 && <span className="usage-mark"> (reported)</span>}
              </td>
              <td>{formatTokens(r.f.input)}</td>
              <td>{formatTokens(r.f.output)}</td>
              <td>{formatTokens(r.f.cacheRead)}</td>
              <td>{formatTokens(r.f.cacheWrite)}</td>
              <td>{percent(cacheHitRate(r.f))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CsvButton({ name, header, rows }: { name: string; header: readonly string[]; rows: ReadonlyArray<ReadonlyArray<string | number>> }) {
  const save = () => {
    const url = URL.createObjectURL(new Blob([toCsv(header, rows)], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <button type="button" className="btn btn-small" onClick={save}>
      Export CSV
    </button>
  );
}

const WINDOW_NAMES: Record<string, string> = {
  five_hour: 'Session (5 hours)',
  seven_day: 'Weekly',
  seven_day_opus: 'Weekly, Opus',
  seven_day_sonnet: 'Weekly, Sonnet',
};
const windowName = (key: string, label?: string) => label ?? WINDOW_NAMES[key] ?? key;
const LIMIT_COLORS = ['--accent', '--link', '--ok', '--warn', '--err'];

function Limits({ limits }: { limits: LimitHistory | undefined }) {
  const samples = useMemo(() => limits?.samples ?? [], [limits]);
  const keys = useMemo(() => [...new Set(samples.flatMap((s) => s.windows.map((w) => w.key)))], [samples]);
  const labels = useMemo(() => samples.map((s) => dateTime(s.at)), [samples]);
  const series = useMemo(
    () =>
      keys.map((k, i) => ({
        label: windowName(k),
        values: samples.map((s) => s.windows.find((w) => w.key === k)?.percent ?? null),
        color: LIMIT_COLORS[i % LIMIT_COLORS.length]!,
      })),
    [keys, samples],
  );
  const formatPercent = useCallback((v: number) => `${Math.round(v)}%`, []);
  return (
    <section aria-labelledby="usage-limits">
      <h3 id="usage-limits">Plan limits</h3>
      {limits?.note && <p className="muted">{limits.note}</p>}
      {limits?.now && limits.now.length > 0 && (
        <ul className="usage-limits-now">
          {limits.now.map((w) => {
            const e = limits.estimates.find((x) => x.key === w.key);
            const used = w.shownPercent ?? w.percent;
            return (
              <li key={w.key}>
                <strong>{windowName(w.key, w.label)}</strong>: {used === undefined ? 'not reported' : `${used}% used`}
                {w.resetsAt !== undefined && `, resets ${dateTime(w.resetsAt)}`}
                {e?.runsOutAt !== undefined
                  ? `; at today’s rate (${e.perHour.toFixed(1)}% an hour) it runs out ${dateTime(e.runsOutAt)}`
                  : e && e.perHour > 0
                    ? `; at today’s rate (${e.perHour.toFixed(1)}% an hour) it lasts until it resets`
                    : ''}
              </li>
            );
          })}
        </ul>
      )}
      {samples.length > 1 ? (
        <>
          <UsageChart
            label="Plan limits used over time, in percent; the table below has the figures"
            labels={labels}
            series={series}
            kind="lines"
            format={formatPercent}
          />
          <div className="usage-table-wrap" tabIndex={0} role="region" aria-label="Plan limits as clide saw them">
            <table className="usage-table">
              <caption className="visually-hidden">Plan limits as clide saw them</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  {keys.map((k) => (
                    <th scope="col" key={k}>
                      {windowName(k)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[...samples].reverse().map((s) => (
                  <tr key={s.at}>
                    <th scope="row">{dateTime(s.at)}</th>
                    {keys.map((k) => {
                      const w = s.windows.find((x) => x.key === k);
                      return <td key={k}>{w ? `${w.percent}%` : '–'}</td>;
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        !limits?.note && <p className="muted">clide keeps each answer about the limits from here on; their history shows once there are two.</p>
      )}
    </section>
  );
}
