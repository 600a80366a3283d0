// The hooks half of the "Rules and hooks" panel: by event, in the order they happen in a
// session, each hook with what it fires for (its matcher), what runs, and where it is set. Why
// hooks may not run (policy, safe or bare mode) is said above them. Read-only: hooks are edited
// in the settings files.
import { useId } from 'react';
import type { Hook, HooksState } from '../../../../shared/rules';
import { useClide } from '../../store/store';
import { VisibleText } from '../common/visible-text';
import { SkippedFiles } from './skipped-files';
import { filterHooks, hookExtras, hooksNotices, matcherText } from './rules-words';

export function HookList({ state, query }: { state: HooksState; query: string }) {
  const home = useClide((s) => s.environment?.homeDir);
  const headingId = useId();
  const total = state.events.reduce((n, e) => n + e.hooks.length, 0);
  const events = filterHooks(state.events, query);
  return (
    <section className="rules-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="rules-section-title">
        Hooks <span className="rules-count">{total}</span>
      </h3>
      {hooksNotices(state).map((n) => (
        <p key={n} className="rules-note">
          {n}
        </p>
      ))}
      <SkippedFiles errors={state.errors} home={home} effect="Its hooks do not run." />
      {total === 0 && <p className="muted">No hooks: nothing runs on its own when Claude works.</p>}
      {total > 0 && events.length === 0 && <p className="muted">No hook matches “{query}”.</p>}
      {events.map((e) => (
        <div key={e.name} className="rules-group">
          <h4 className="modal-subtitle rules-event">
            {e.name} {e.summary && <span className="rules-means">· {e.summary}</span>}
          </h4>
          <ul className="rules-list" aria-label={`${e.name} hooks`}>
            {e.hooks.map((h, i) => (
              <HookRow key={i} hook={h} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function HookRow({ hook: h }: { hook: Hook }) {
  const extras = hookExtras(h);
  const textId = useId();
  return (
    <li className="rules-row" aria-labelledby={textId} data-disabled={h.disabled || undefined}>
      <div className="rules-row-head">
        <span className="rules-matcher" title="What it fires for">
          <VisibleText text={matcherText(h)} />
        </span>
        <span className="rules-hook-label muted">{h.textLabel}</span>
        <span id={textId} className="rules-rule mono">
          <VisibleText text={h.text} />
        </span>
      </div>
      {(h.statusMessage || h.condition) && (
        <div className="rules-reading">
          {h.condition && (
            <>
              Only if <VisibleText text={h.condition} />
              {h.statusMessage && ' · '}
            </>
          )}
          {h.statusMessage && (
            <>
              Shows “<VisibleText text={h.statusMessage} />” while it runs
            </>
          )}
        </div>
      )}
      <div className="rules-where muted">
        <VisibleText text={h.pluginName ? `${h.sourceLabel} (${h.pluginName})` : h.sourceLabel} />
        {extras.length > 0 && ` · ${extras.join(' · ')}`}
      </div>
    </li>
  );
}
