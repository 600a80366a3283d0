// "New session": where Claude should work. Recent folders start a session in one click; any
// other folder is typed (with completion) or, in the desktop app, chosen in the system's folder
// dialog. The model and permission mode default to Settings and can be changed for this one; a
// folder in a git repository can get a worktree of its own (worktree-option.tsx).
import { useId, useMemo, useState } from 'react';
import { permissionModes } from '../../../../shared/events';
import { useActions } from '../../actions-context';
import { focusAfterDialog, focusComposer } from '../../lib/focus';
import { folderName, permissionModeLabel, tildify } from '../../lib/format';
import { modelDisplayName } from '../../lib/model-name';
import { useClide } from '../../store/store';
import { Modal } from '../common/modal';
import { PathField } from './path-field';
import { makeVisible } from '../../../../shared/visible-chars';
import { VisibleText } from '../common/visible-text';
import { LocationSwitch, type Where } from '../remote/location-switch';
import { RemoteNewSession } from '../remote/remote-new-session';
import { useWorktreeOption } from './worktree-option';
import { NewSessionTitle } from './new-session-title';

export function NewSessionDialog() {
  const open = useClide((s) => s.dialog === 'new-session');
  const openDialog = useClide((s) => s.openDialog);
  if (!open) return null;
  return <NewSessionForm onDone={() => openDialog(undefined)} />;
}

function NewSessionForm({ onDone }: { onDone(): void }) {
  const actions = useActions();
  const env = useClide((s) => s.environment);
  const settings = useClide((s) => s.settings);
  const activeCwd = useClide((s) => (s.activeId ? (s.sessions[s.activeId]?.info.cwd ?? s.sessions[s.activeId]?.cwd) : undefined));
  // The models the CLI offers, from any open session (they are the same CLI).
  const models = useClide((s) => Object.values(s.sessions).find((v) => v.info.models?.length)?.info.models);
  const home = env?.homeDir;
  const recent = settings?.recentCwds ?? [];
  const start = recent[0] ?? activeCwd ?? env?.defaultCwd ?? '';
  const [path, setPath] = useState(() => tildify(start, home));
  const [model, setModel] = useState('');
  const [mode, setMode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [where, setWhere] = useState<Where>('local');
  const titleId = useId();
  const errorId = useId();
  const worktree = useWorktreeOption(path);

  const defaultModel = settings?.defaultModel || undefined;
  const defaultMode = settings?.defaultPermissionMode ?? 'default';
  const modelChoices = useMemo(() => (models ?? []).filter((m) => m.value !== 'default'), [models]);

  const startIn = async (typed: string) => {
    if (busy) return;
    const text = typed.trim();
    if (!text) {
      setError('Type a folder, or pick one.');
      return;
    }
    setBusy(true);
    setError(undefined);
    const check = await actions.completePath(text);
    if (!check.ok) {
      setBusy(false);
      setError(check.error.message);
      return;
    }
    const { target, resolved } = check.value;
    if (target !== 'directory') {
      setBusy(false);
      const where = tildify(resolved, home);
      setError(
        target === 'file'
          ? `${where} is a file. Choose the folder Claude should work in.`
          : target === 'invalid'
            ? `${text} is not a usable path.`
            : `${where} does not exist. Check the spelling, or create the folder first.`,
      );
      return;
    }
    const choice = await worktree.forFolder(resolved);
    if (!choice.ok) {
      setBusy(false);
      setError(choice.error);
      return;
    }
    const r = await actions.createSession({
      cwd: resolved,
      ...(model ? { model } : {}),
      ...(mode ? { permissionMode: mode } : {}),
      ...(choice.worktree ? { worktree: choice.worktree } : {}),
    });
    setBusy(false);
    if (r.ok) {
      // The new tab is shown now; its message box takes the focus once the dialog has closed.
      focusAfterDialog(focusComposer);
      onDone();
    } else setError(`${r.error.message}${r.error.hint ? ` ${r.error.hint}` : ''}`);
  };

  if (where === 'remote') return <RemoteNewSession onWhere={setWhere} onDone={onDone} />;

  const choose = async () => {
    setError(undefined);
    const r = await actions.pickFolder(path.trim() ? undefined : start);
    if (!r.ok) return setError(r.error.message);
    if (r.value.path) {
      setPath(tildify(r.value.path, home));
      await startIn(r.value.path);
    }
  };

  return (
    <Modal labelledBy={titleId} onClose={onDone} className="new-session-dialog">
      <NewSessionTitle id={titleId} />
      <LocationSwitch value={where} onChange={setWhere} />
      {recent.length > 0 && (
        <section className="recent" aria-label="Recent folders">
          <h3 className="modal-subtitle">Recent folders</h3>
          <ul className="recent-list">
            {recent.map((cwd) => (
              <li key={cwd}>
                <button
                  type="button"
                  className="recent-item"
                  disabled={busy}
                  onClick={() => void startIn(cwd)}
                  title={makeVisible(`Start a session in ${cwd}`)}
                >
                  <span aria-hidden="true" className="folder-glyph" />
                  <span className="recent-name">
                    <VisibleText text={folderName(cwd)} />
                  </span>
                  <span className="recent-path mono">
                    <VisibleText text={tildify(cwd, home)} />
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <form
        className="new-session-form"
        onSubmit={(e) => {
          e.preventDefault();
          void startIn(path);
        }}
      >
        <div className="field-label">{recent.length > 0 ? 'Or another folder' : 'Working folder'}</div>
        <div className="path-row">
          <PathField
            value={path}
            onChange={(v) => {
              setPath(v);
              setError(undefined);
            }}
            onSubmit={() => void startIn(path)}
            homeDir={home}
            invalid={Boolean(error)}
            describedBy={error ? errorId : undefined}
          />
          {env?.folderPicker && (
            <button type="button" className="btn" disabled={busy} onClick={() => void choose()}>
              Choose…
            </button>
          )}
        </div>
        {error && (
          <p id={errorId} className="modal-error" role="alert">
            <VisibleText text={error} />
          </p>
        )}
        {worktree.node}
        <details className="session-options">
          <summary>
            Model and mode: {modelDisplayName(model || defaultModel, models) ?? 'the CLI default'} · {permissionModeLabel(mode || defaultMode)}
          </summary>
          <div className="options-grid">
            <label>
              <span className="field-label">Model</span>
              <select className="select" value={model} onChange={(e) => setModel(e.target.value)}>
                <option value="">{defaultModel ? `Default from Settings (${modelDisplayName(defaultModel, models)})` : 'Default (the CLI chooses)'}</option>
                {modelChoices.map((m) => (
                  <option key={m.value} value={m.value}>
                    {modelDisplayName(m.value, models)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span className="field-label">Permission mode</span>
              <select className="select" value={mode} onChange={(e) => setMode(e.target.value)}>
                <option value="">Default from Settings ({permissionModeLabel(defaultMode)})</option>
                {permissionModes
                  .filter((m) => m !== 'bypassPermissions' && m !== 'dontAsk' && m !== 'auto')
                  .map((m) => (
                    <option key={m} value={m}>
                      {permissionModeLabel(m)}
                    </option>
                  ))}
              </select>
            </label>
          </div>
        </details>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onDone}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Starting…' : 'Start session'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
