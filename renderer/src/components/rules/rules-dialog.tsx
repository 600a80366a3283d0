// The "Rules and hooks" panel of the shown session: what decides what Claude Code asks. The
// permission rules in force (allow, ask, deny), each with its scope and settings file, the ones
// "Always allow" saved marked and removable; and the hooks that will run, by event. One search
// box filters both. Opened from the composer's toolbar and the palette; Claude Code is asked
// when the panel opens (starting a tab that has not started) and on "Check again".
import { useEffect, useId, useState } from 'react';
import type { AppError } from '../../../../shared/result';
import type { HooksState, RuleRef, RulesState } from '../../../../shared/rules';
import { formatClock } from '../../lib/format';
import { useClide } from '../../store/store';
import { Modal } from '../common/modal';
import { HookList } from './hook-list';
import { RuleList } from './rule-list';
import { errorLine } from './rules-words';
import { VisibleText } from '../common/visible-text';
import { rulesCalls } from './rules-calls';
import './rules.css';

export function RulesDialog() {
  const sessionId = useClide((s) => (s.dialog === 'rules' ? s.activeId : undefined));
  const openDialog = useClide((s) => s.openDialog);
  if (!sessionId) return null;
  return <RulesPanel key={sessionId} sessionId={sessionId} onClose={() => openDialog(undefined)} />;
}

type Fetched = Awaited<ReturnType<typeof fetchBoth>>;

async function fetchBoth(sessionId: string) {
  const [rules, hooks] = await Promise.all([rulesCalls.list(sessionId), rulesCalls.hooks(sessionId)]);
  return { rules, hooks };
}

interface Loaded {
  rules?: RulesState;
  hooks?: HooksState;
  error?: AppError;
}

function RulesPanel({ sessionId, onClose }: { sessionId: string; onClose(): void }) {
  const [loaded, setLoaded] = useState<Loaded>({});
  const [loading, setLoading] = useState(true);
  const [query, setQuery] = useState('');
  const titleId = useId();

  // A failed ask keeps what was shown before, with the reason under it.
  const apply = (got: Fetched) =>
    setLoaded((l) => ({
      rules: got.rules.ok ? got.rules.value : l.rules,
      hooks: got.hooks.ok ? got.hooks.value : l.hooks,
      error: !got.rules.ok ? got.rules.error : !got.hooks.ok ? got.hooks.error : undefined,
    }));

  const load = async () => {
    setLoading(true);
    apply(await fetchBoth(sessionId));
    setLoading(false);
  };

  useEffect(() => {
    let gone = false;
    void fetchBoth(sessionId).then((got) => {
      if (gone) return;
      apply(got);
      setLoading(false);
    });
    return () => {
      gone = true;
    };
  }, [sessionId]);

  /** Remove a rule; the answer is the list after Claude Code dropped it, or why not. */
  const remove = async (rule: RuleRef): Promise<AppError | undefined> => {
    const r = await rulesCalls.remove(sessionId, rule);
    if (!r.ok) return r.error;
    setLoaded((l) => ({ ...l, rules: r.value }));
    return undefined;
  };

  const { rules, hooks, error } = loaded;
  const checkedAt = rules?.at ?? hooks?.at;
  return (
    <Modal labelledBy={titleId} onClose={onClose} className="rules-dialog">
      <h2 id={titleId} className="modal-title">
        Rules and hooks
      </h2>
      <p className="rules-intro muted">
        What Claude Code may do without asking, what it always asks about or refuses, and the commands that run at each step, as this session’s Claude Code sees
        them.{checkedAt !== undefined && ` Checked at ${formatClock(checkedAt)}.`}
      </p>
      <input
        type="search"
        className="text-input rules-search"
        aria-label="Search rules and hooks"
        placeholder="Search rules, files and hooks"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <div className="rules-body" aria-busy={loading || undefined}>
        {!rules && !hooks && !error && <p className="muted">Asking Claude Code…</p>}
        {rules && <RuleList state={rules} query={query} onRemove={remove} />}
        {hooks && <HookList state={hooks} query={query} />}
      </div>
      {error && (
        <p className="modal-error" role="alert">
          <VisibleText text={errorLine(error)} />
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="btn" disabled={loading} onClick={() => void load()}>
          {loading && (rules || hooks) ? 'Checking…' : 'Check again'}
        </button>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Done
        </button>
      </div>
    </Modal>
  );
}
