// Above a session's composer: its worktree's setup (setup-card.tsx), a worktree deleted
// outside clide (with "Recreate from branch" while the branch exists), and a notice when other
// tabs work in the same folder without isolation, so their edits meet. Also why the composer
// waits, for the composer to say.
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { getApi } from '../../api';
import { guarded } from '../../lib/guarded';
import { tildify } from '../../lib/format';
import { useSessionField } from '../../store/hooks';
import { tabTitle } from '../../store/tabs';
import { useClide } from '../../store/store';
import { VisibleText } from '../common/visible-text';
import { lazyPart } from '../../lib/lazy-part';
import { LazyView } from '../common/lazy-view';
import './worktree.css';

export { worktreeHold } from './worktree-hold';

/** The setup's card, a part loaded for sessions that have a setup (in a worktree of their own). */
const setupCard = lazyPart('the worktree setup', () => import('./setup-card'));

export function WorktreeBanner({ sessionId }: { sessionId: string }) {
  const missing = useSessionField(sessionId, (v) => v.worktree?.state === 'missing', false);
  const setup = useSessionField(sessionId, (v) => v.setup !== undefined, false);
  return (
    <>
      {missing ? (
        <MissingWorktree sessionId={sessionId} />
      ) : (
        <LazyView part={setupCard} when={setup}>
          {(m) => <m.SetupCard sessionId={sessionId} />}
        </LazyView>
      )}
      <SharedTreeNotice sessionId={sessionId} />
    </>
  );
}

function MissingWorktree({ sessionId }: { sessionId: string }) {
  const wt = useSessionField(sessionId, (v) => v.worktree, undefined);
  const home = useClide((s) => s.environment?.homeDir);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  if (!wt) return null;
  const recreate = async () => {
    setBusy(true);
    setError(undefined);
    const r = await guarded(() => getApi().worktree.recreate({ id: sessionId }));
    setBusy(false);
    if (!r.ok) setError(`${r.error.message}${r.error.hint ? ` ${r.error.hint}` : ''}`);
  };
  return (
    <section className="wt-setup is-failed" aria-label="Missing worktree">
      <header className="wt-setup-head">
        <strong>This session’s worktree is gone</strong>
      </header>
      <p className="wt-lead">
        <VisibleText text={wt.message ?? `The worktree ${tildify(wt.info.worktreeDir, home)} was deleted outside clide.`} />
      </p>
      <div className="wt-setup-actions">
        {wt.canRecreate ? (
          <button type="button" className="btn btn-primary btn-small" disabled={busy} onClick={() => void recreate()}>
            {busy ? 'Recreating…' : 'Recreate from branch'}
          </button>
        ) : wt.canRecreate === false ? (
          <span className="muted">Nothing is left to recreate it from; the conversation stays readable here and in History.</span>
        ) : (
          <span className="muted">Looking for its branch…</span>
        )}
        {error && (
          <span className="wt-error">
            <VisibleText text={error} />
          </span>
        )}
      </div>
    </section>
  );
}

function SharedTreeNotice({ sessionId }: { sessionId: string }) {
  const shared = useSessionField(sessionId, (v) => v.sharedTree, undefined);
  // Names only (strings compare by value): a new array of objects each time would never settle.
  const names = useClide(useShallow((s) => (shared?.with ?? []).map((id) => (s.sessions[id] ? tabTitle(s.sessions[id]) : ''))));
  const others = (shared?.with ?? []).flatMap((id, i) => (names[i] ? [{ id, name: names[i] }] : []));
  const setActive = useClide((s) => s.setActive);
  const home = useClide((s) => s.environment?.homeDir);
  const [hidden, setHidden] = useState<string | undefined>();
  const key = shared ? `${shared.tree}|${shared.with.join(',')}` : undefined;
  if (!shared || others.length === 0 || hidden === key) return null;
  return (
    <div className="wt-shared" role="status">
      <span>
        {others.length === 1 ? 'Another tab works' : `${others.length} other tabs work`} in{' '}
        <span className="mono">
          <VisibleText text={tildify(shared.tree, home)} />
        </span>{' '}
        too, without a worktree of its own: both sessions edit the same files.{' '}
        {others.map((o, i) => (
          <span key={o.id}>
            {i > 0 && ', '}
            <button type="button" className="link-button" onClick={() => setActive(o.id)}>
              <VisibleText text={o.name} />
            </button>
          </span>
        ))}
      </span>
      <button type="button" className="icon-button" aria-label="Dismiss" title="Dismiss" onClick={() => setHidden(key)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
