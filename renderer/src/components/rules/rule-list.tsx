// The permission rules half of the "Rules and hooks" panel: allow, ask and deny, each rule with
// Claude Code's plain reading of it and where it is kept. A rule "Always allow" saved is marked;
// Remove asks first, then waits for Claude Code to drop it, and shows why when it could not.
import { useId, useState } from 'react';
import type { AppError } from '../../../../shared/result';
import { isFileScope, ruleBehaviors, type PermissionRule, type RuleRef, type RulesState } from '../../../../shared/rules';
import { tildify } from '../../lib/format';
import { useClide } from '../../store/store';
import { VisibleText } from '../common/visible-text';
import { SkippedFiles } from './skipped-files';
import { BEHAVIOR_HEADINGS, errorLine, folderMatches, folderSource, removalNote, ruleMatches, scopeName, whereKept } from './rules-words';

export interface RuleListProps {
  state: RulesState;
  query: string;
  /** Remove a rule; resolves with why it was not removed, or undefined. */
  onRemove(rule: RuleRef): Promise<AppError | undefined>;
}

export function RuleList({ state, query, onRemove }: RuleListProps) {
  const home = useClide((s) => s.environment?.homeDir);
  const headingId = useId();
  const shown = state.rules.filter((r) => ruleMatches(r, query));
  const folders = state.directories.filter((d) => folderMatches(d, query));
  return (
    <section className="rules-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="rules-section-title">
        Permission rules <span className="rules-count">{state.rules.length}</span>
      </h3>
      {state.remote && (
        <p className="rules-note">This session runs on a remote host: its settings files are there, so clide shows its rules but does not change them.</p>
      )}
      {state.managedOnly && <p className="rules-note">Your organisation allows only its own rules: the ones marked “not in effect” are ignored.</p>}
      <SkippedFiles errors={state.errors} home={home} effect="Its rules are not in force." />
      {state.rules.length === 0 && <p className="muted">No rules: Claude Code asks before every tool that needs permission.</p>}
      {state.rules.length > 0 && shown.length === 0 && folders.length === 0 && <p className="muted">No rule matches “{query}”.</p>}
      {ruleBehaviors.map((behavior) => {
        const rows = shown.filter((r) => r.behavior === behavior);
        if (rows.length === 0) return null;
        const words = BEHAVIOR_HEADINGS[behavior];
        return (
          <div key={behavior} className="rules-group">
            <h4 className="modal-subtitle">
              {words.title} <span className="rules-means">· {words.means}</span>
            </h4>
            <ul className="rules-list" aria-label={`${words.title} rules`}>
              {rows.map((r) => (
                <RuleRow key={`${r.source}\u0000${r.rule}`} rule={r} home={home} onRemove={onRemove} />
              ))}
            </ul>
          </div>
        );
      })}
      {folders.length > 0 && (
        <div className="rules-group">
          <h4 className="modal-subtitle">Folders it may also use</h4>
          <ul className="rules-list" aria-label="Folders">
            {folders.map((d) => (
              <li key={`${d.source}\u0000${d.path}`} className="rules-row">
                <span className="rules-rule mono">
                  <VisibleText text={tildify(d.path, home)} />
                </span>
                <div className="rules-where muted">{folderSource(d.source)}</div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

type RowState = { step: 'idle' } | { step: 'confirm' } | { step: 'removing' } | { step: 'failed'; error: AppError };

function RuleRow({ rule: r, home, onRemove }: { rule: PermissionRule; home: string | undefined; onRemove: RuleListProps['onRemove'] }) {
  const [row, setRow] = useState<RowState>({ step: 'idle' });
  const nameId = useId();
  const remove = async () => {
    if (!isFileScope(r.source)) return;
    setRow({ step: 'removing' });
    const error = await onRemove({ source: r.source, behavior: r.behavior, rule: r.rule });
    // On success this row is gone with the new list; it only stays to say why not.
    setRow(error ? { step: 'failed', error } : { step: 'idle' });
  };
  const where = whereKept(r, home);
  return (
    <li className="rules-row" aria-labelledby={nameId} data-by-clide={r.byClide || undefined}>
      <div className="rules-row-head">
        <span id={nameId} className="rules-rule mono">
          <VisibleText text={r.rule} />
        </span>
        {r.byClide && (
          <span className="rules-badge" title="Saved when you chose “Always allow” in clide">
            Added by clide
          </span>
        )}
        {r.notInEffect && <span className="rules-badge is-off">Not in effect</span>}
        <span className="rules-spacer" />
        {r.removable && row.step !== 'confirm' && (
          <button type="button" className="btn btn-small" disabled={row.step === 'removing'} onClick={() => setRow({ step: 'confirm' })}>
            {row.step === 'removing' ? 'Removing…' : 'Remove'}
          </button>
        )}
      </div>
      {r.reading && (
        <div className="rules-reading">
          <VisibleText text={r.reading.prefix} />
          {r.reading.emphasis && (
            <strong>
              <VisibleText text={r.reading.emphasis} />
            </strong>
          )}
          {r.reading.suffix && <VisibleText text={r.reading.suffix} />}
        </div>
      )}
      <div className="rules-where muted">
        <VisibleText text={where} />
        {r.byClide && r.source === 'session' && ' · ends with this session’s Claude Code process; it cannot be removed sooner'}
      </div>
      {row.step === 'confirm' && (
        <div className="rules-confirm" role="group" aria-label={`Remove ${r.rule}?`}>
          <span>
            Remove it from <VisibleText text={r.file ? tildify(r.file, home) : scopeName(r.source)} />? {removalNote(r.behavior)}
          </span>
          <span className="rules-spacer" />
          <button type="button" className="btn btn-small btn-danger" onClick={() => void remove()}>
            Remove rule
          </button>
          <button type="button" className="btn btn-small" onClick={() => setRow({ step: 'idle' })}>
            Keep
          </button>
        </div>
      )}
      {row.step === 'failed' && (
        <div className="rules-error" role="alert">
          <VisibleText text={errorLine(row.error)} />
        </div>
      )}
    </li>
  );
}
