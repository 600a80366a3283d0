// New session on a remote host: pick a host (from ~/.ssh/config, or one used before) or type
// user@host[:port], connect (an unknown host key is shown and asked about; a password prompt
// appears as its own dialog), then choose the folder there, with completion on the host.
import { useCallback, useEffect, useId, useState } from 'react';
import type { AppError } from '../../../../shared/result';
import { LOCATION_PATTERN, type ConnectResult, type RemoteHost } from '../../../../shared/remote';
import { focusAfterDialog, focusComposer } from '../../lib/focus';
import { folderName, tildify } from '../../lib/format';
import { Modal } from '../common/modal';
import { PathField } from '../new-session/path-field';
import { VisibleText } from '../common/visible-text';
import { HostKeyCheck } from './host-key-check';
import { LocationSwitch, type Where } from './location-switch';
import { remoteApi } from './remote-api';
import './remote.css';
import { NewSessionTitle } from '../new-session/new-session-title';

type Connected = Extract<ConnectResult, { state: 'connected' }>;
type Phase =
  | { kind: 'pick' }
  | { kind: 'connecting' }
  | { kind: 'key'; result: Extract<ConnectResult, { state: 'host-key-unknown' }> }
  | { kind: 'failed'; error: AppError }
  | { kind: 'ready'; result: Connected };

export function RemoteNewSession({ onWhere, onDone }: { onWhere(w: Where): void; onDone(): void }) {
  const titleId = useId();
  const [hosts, setHosts] = useState<RemoteHost[]>([]);
  const [configProblem, setConfigProblem] = useState<string | undefined>();
  const [target, setTarget] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'pick' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void remoteApi.hosts().then((r) => {
      if (!r.ok) return setConfigProblem(r.error.message);
      setHosts(r.value.hosts);
      setConfigProblem(r.value.configProblem);
      // The field is left as it is: the hosts are buttons above it, and filling it when the
      // list arrives would mix a listed host into what the person is typing ("boxbox").
    });
  }, []);

  const connect = async (location: string) => {
    const loc = location.trim();
    setTarget(loc);
    if (!LOCATION_PATTERN.test(loc))
      return setPhase({ kind: 'failed', error: { kind: 'invalid-input', message: 'Type a host as user@host or user@host:port, or pick one from the list.' } });
    setPhase({ kind: 'connecting' });
    const r = await remoteApi.connect(loc);
    if (!r.ok) return setPhase({ kind: 'failed', error: r.error });
    const c = r.value;
    setPhase(
      c.state === 'connected' ? { kind: 'ready', result: c } : c.state === 'host-key-unknown' ? { kind: 'key', result: c } : { kind: 'failed', error: c.error },
    );
  };

  const trust = async (result: Extract<ConnectResult, { state: 'host-key-unknown' }>) => {
    setBusy(true);
    const r = await remoteApi.trust(result.location, result.token);
    setBusy(false);
    if (!r.ok) return setPhase({ kind: 'failed', error: r.error });
    await connect(result.location);
  };

  return (
    <Modal labelledBy={titleId} onClose={onDone} className="new-session-dialog remote-new-session">
      <NewSessionTitle id={titleId} />
      <LocationSwitch value="remote" onChange={onWhere} />
      {phase.kind !== 'ready' && (
        <form
          className="new-session-form"
          onSubmit={(e) => {
            e.preventDefault();
            void connect(target);
          }}
        >
          {hosts.length > 0 && <HostList hosts={hosts} disabled={phase.kind === 'connecting'} onPick={(h) => void connect(h)} />}
          <label className="field-label" htmlFor={`${titleId}-host`}>
            {hosts.length > 0 ? 'Or another host' : 'Host'}
          </label>
          <div className="path-row">
            <input
              id={`${titleId}-host`}
              className="text-input mono"
              placeholder="user@host or user@host:port"
              autoFocus
              spellCheck={false}
              autoComplete="off"
              value={target}
              onChange={(e) => {
                setTarget(e.target.value);
                if (phase.kind !== 'connecting') setPhase({ kind: 'pick' });
              }}
            />
            <button type="submit" className="btn" disabled={phase.kind === 'connecting' || !target.trim()}>
              {phase.kind === 'connecting' ? 'Connecting…' : 'Connect'}
            </button>
          </div>
          {configProblem && <p className="muted">Part of your ssh config could not be read: {configProblem}</p>}
          {phase.kind === 'failed' && <ProblemText error={phase.error} />}
          {phase.kind === 'key' && (
            <HostKeyCheck result={phase.result} busy={busy} onTrust={() => void trust(phase.result)} onCancel={() => setPhase({ kind: 'pick' })} />
          )}
          {phase.kind !== 'key' && (
            <div className="modal-actions">
              <button type="button" className="btn" onClick={onDone}>
                Cancel
              </button>
            </div>
          )}
        </form>
      )}
      {phase.kind === 'ready' && (
        <FolderStep
          result={phase.result}
          recent={hosts.find((h) => h.location === phase.result.location)?.recentFolders ?? []}
          onBack={() => setPhase({ kind: 'pick' })}
          onDone={onDone}
        />
      )}
    </Modal>
  );
}

function HostList({ hosts, disabled, onPick }: { hosts: RemoteHost[]; disabled: boolean; onPick(location: string): void }) {
  return (
    <section className="recent" aria-label="Hosts">
      <h3 className="modal-subtitle">Hosts</h3>
      <ul className="recent-list">
        {hosts.map((h) => (
          <li key={h.location}>
            <button type="button" className="recent-item" disabled={disabled} onClick={() => onPick(h.location)} title={`Connect to ${h.location}`}>
              <span aria-hidden="true" className={`host-glyph${h.connected ? ' is-connected' : ''}`} />
              <span className="recent-name">
                <VisibleText text={h.location} />
              </span>
              <span className="recent-path mono">
                <VisibleText
                  text={
                    [h.user && `${h.user}@`, h.hostName, h.port && `:${h.port}`].filter(Boolean).join('') ||
                    (h.connected ? 'connected' : h.fromConfig ? 'from ~/.ssh/config' : 'used before')
                  }
                />
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FolderStep({ result, recent, onBack, onDone }: { result: Connected; recent: string[]; onBack(): void; onDone(): void }) {
  const errorId = useId();
  const [path, setPath] = useState(() => tildify(recent[0] ?? result.home, result.home));
  const [error, setError] = useState<AppError | undefined>();
  const [busy, setBusy] = useState(false);
  const where = result.location;
  // Stable, so the field asks again only when the text changes.
  const complete = useCallback((prefix: string) => remoteApi.complete(where, prefix), [where]);

  const start = async (typed: string) => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    const check = await remoteApi.complete(where, typed.trim());
    if (!check.ok) {
      setBusy(false);
      return setError(check.error);
    }
    if (check.value.target !== 'directory') {
      setBusy(false);
      const at = tildify(check.value.resolved, result.home);
      return setError({
        kind: 'invalid-input',
        message: check.value.target === 'file' ? `${at} is a file on ${where}. Choose a folder.` : `${at} does not exist on ${where}.`,
      });
    }
    const r = await remoteApi.start(where, check.value.resolved);
    setBusy(false);
    if (r.ok) {
      // The new tab is shown now; its message box takes the focus once the dialog has closed.
      focusAfterDialog(focusComposer);
      onDone();
    } else setError(r.error);
  };

  return (
    <form
      className="new-session-form"
      onSubmit={(e) => {
        e.preventDefault();
        void start(path);
      }}
    >
      <p className="remote-connected">
        <span className="host-glyph is-connected" aria-hidden="true" /> Connected to{' '}
        <strong>
          <VisibleText text={where} />
        </strong>
        {result.claudePath && (
          <span className="muted mono">
            {' '}
            · <VisibleText text={tildify(result.claudePath, result.home)} />
          </span>
        )}
        <button type="button" className="btn btn-link" onClick={onBack}>
          Other host
        </button>
      </p>
      {result.claudeProblem && <ProblemText error={result.claudeProblem} />}
      {recent.length > 0 && (
        <section className="recent" aria-label={`Recent folders on ${where}`}>
          <h3 className="modal-subtitle">Recent folders on {where}</h3>
          <ul className="recent-list">
            {recent.map((cwd) => (
              <li key={cwd}>
                <button type="button" className="recent-item" disabled={busy} onClick={() => void start(cwd)}>
                  <span aria-hidden="true" className="folder-glyph" />
                  <span className="recent-name">
                    <VisibleText text={folderName(cwd)} />
                  </span>
                  <span className="recent-path mono">
                    <VisibleText text={tildify(cwd, result.home)} />
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="field-label">{recent.length > 0 ? `Or another folder on ${where}` : `Working folder on ${where}`}</div>
      <div className="path-row">
        <PathField
          value={path}
          onChange={(v) => {
            setPath(v);
            setError(undefined);
          }}
          onSubmit={() => void start(path)}
          homeDir={result.home}
          invalid={Boolean(error)}
          describedBy={error ? errorId : undefined}
          complete={complete}
        />
      </div>
      {error && <ProblemText error={error} id={errorId} />}
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy || Boolean(result.claudeProblem)}>
          {busy ? 'Starting…' : 'Start session'}
        </button>
      </div>
    </form>
  );
}

function ProblemText({ error, id }: { error: AppError; id?: string }) {
  return (
    <div id={id} className="modal-error" role="alert">
      <VisibleText text={error.message} />
      {error.hint && (
        <>
          {' '}
          <VisibleText text={error.hint} />
        </>
      )}
      {error.detail && (
        <details className="banner-details">
          <summary>What ssh said</summary>
          <pre>
            <VisibleText text={error.detail} />
          </pre>
        </details>
      )}
    </div>
  );
}
