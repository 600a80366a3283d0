// Settings: the folders trusted to run their own hooks, MCP servers and scripts (workspace
// trust), newest first, each with Revoke. A revoked folder asks again before its next process.
import { useEffect, useState } from 'react';
import type { TrustedFolder } from '../../../../shared/trust';
import { getApi } from '../../api';
import { tildify } from '../../lib/format';
import { guarded } from '../../lib/guarded';
import { useClide } from '../../store/store';
import { VisibleText } from '../common/visible-text';
import './trust.css';

export function TrustSettings() {
  const home = useClide((s) => s.environment?.homeDir);
  const [folders, setFolders] = useState<TrustedFolder[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  // Bumped after a revoke: the list is read again.
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    void guarded(() => getApi().trust.list({})).then((r) => {
      if (!live) return;
      if (r.ok) setFolders(r.value.folders);
      else setError(r.error.message);
    });
    return () => {
      live = false;
    };
  }, [version]);
  const revoke = async (f: TrustedFolder) => {
    setError(undefined);
    const r = await guarded(() => getApi().trust.revoke({ root: f.root, location: f.location }));
    if (!r.ok) setError(r.error.message);
    setVersion((v) => v + 1);
  };
  return (
    <fieldset className="field">
      <legend className="field-label">Trusted folders</legend>
      <p className="field-help">
        Claude Code runs a folder’s own hooks, MCP servers and scripts as you. clide asks before the first Claude in a folder that has any; these are the
        folders you trusted (here, or in Claude Code’s own dialog).
      </p>
      {folders === undefined && !error && <p className="muted">Loading…</p>}
      {folders?.length === 0 && <p className="muted">No folder is trusted yet.</p>}
      {folders && folders.length > 0 && (
        <ul className="trust-folders">
          {folders.map((f) => (
            <li key={`${f.location ?? ''}\0${f.root}`}>
              <span className="trust-folder mono">
                <VisibleText text={f.location ? `${f.location}:${f.root}` : tildify(f.root, home)} />
              </span>
              <span className="muted">
                {f.source === 'claude-code' ? 'trusted in Claude Code' : 'trusted here'},{' '}
                {new Date(f.at).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}
              </span>
              <button type="button" className="btn btn-small" aria-label={`Revoke trust in ${f.root}`} onClick={() => void revoke(f)}>
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="modal-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
