import { focusComposer } from '../../lib/focus';
import { modelLabel, permissionModeLabel, tildify } from '../../lib/format';
import { useSessionField } from '../../store/hooks';
import { useClide } from '../../store/store';
import { makeVisible } from '../../../../shared/visible-chars';
import { VisibleText } from '../common/visible-text';

export const EXAMPLE_PROMPTS = [
  'Give me a short tour of this project: what it does and how the code is laid out.',
  'Find the main entry point and explain what happens on start-up.',
  'Look for bugs or rough edges in the most recently changed files.',
];

export function EmptyState({ sessionId }: { sessionId: string }) {
  const cwd = useSessionField(sessionId, (v) => v.info.cwd ?? v.cwd, '');
  const model = useSessionField(sessionId, (v) => modelLabel(v.info.model, v.info.models) ?? defaultModel(v.info.models), undefined);
  const mode = useSessionField(sessionId, (v) => v.info.permissionMode, undefined);
  const starting = useSessionField(sessionId, (v) => v.status === 'starting', false);
  const home = useClide((s) => s.environment?.homeDir);
  const setDraft = useClide((s) => s.setDraft);
  const loading = useSessionField(sessionId, (v) => v.info.loadingEarlier === true, false);

  if (loading) {
    return (
      <section className="empty-state is-loading" aria-label="Earlier conversation" aria-busy="true">
        <p className="empty-loading" role="status">
          Loading the earlier conversation…
        </p>
      </section>
    );
  }

  return (
    <section className="empty-state" aria-label="New session">
      <h1 className="empty-title">What should Claude work on?</h1>
      <dl className="empty-facts">
        <div>
          <dt>Folder</dt>
          <dd className="mono" title={makeVisible(cwd)}>
            <VisibleText text={tildify(cwd, home)} />
          </dd>
        </div>
        <div>
          <dt>Model</dt>
          <dd>{model ?? (starting ? 'Starting…' : 'Default')}</dd>
        </div>
        <div>
          <dt>Mode</dt>
          <dd>{permissionModeLabel(mode)}</dd>
        </div>
      </dl>
      <div className="empty-examples">
        {EXAMPLE_PROMPTS.map((p) => (
          <button
            key={p}
            type="button"
            className="example-prompt"
            onClick={() => {
              setDraft(sessionId, p);
              focusComposer();
            }}
          >
            {p}
          </button>
        ))}
      </div>
    </section>
  );
}

function defaultModel(models: ReadonlyArray<{ value: string; displayName: string }> | undefined): string | undefined {
  return models?.find((m) => m.value === 'default')?.displayName;
}
