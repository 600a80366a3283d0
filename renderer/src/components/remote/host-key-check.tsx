// An unknown host key, shown before anything is trusted: ssh's fingerprints, where they would
// be added, and the person's choice. Nothing is accepted without "Trust and connect".
import type { ConnectResult } from '../../../../shared/remote';
import { VisibleText } from '../common/visible-text';

type Unknown = Extract<ConnectResult, { state: 'host-key-unknown' }>;

export function HostKeyCheck({ result, busy, onTrust, onCancel }: { result: Unknown; busy: boolean; onTrust(): void; onCancel(): void }) {
  return (
    <section className="host-key" role="alert" aria-label="Unknown host key">
      <p>
        <strong>
          <VisibleText text={result.location} /> is a host clide has not connected to before.
        </strong>{' '}
        Its key is not in your known hosts, so nobody has confirmed yet that this is really that machine. Compare the fingerprint with the one the host&apos;s
        administrator gives you (on the host: <code>ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub</code>).
      </p>
      <ul className="host-key-list">
        {result.keys.map((k) => (
          <li key={k.fingerprint}>
            <span className="host-key-type">{k.type}</span> <code className="host-key-fp">{k.fingerprint}</code>
          </li>
        ))}
      </ul>
      <p className="muted">
        Trusting adds {result.keys.length === 1 ? 'this key' : 'these keys'} for <VisibleText text={result.knownAs} /> to{' '}
        <VisibleText text={result.knownHostsFile} />, where your terminal&apos;s ssh finds {result.keys.length === 1 ? 'it' : 'them'} too.
      </p>
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" onClick={onTrust} disabled={busy}>
          {busy ? 'Connecting…' : 'Trust and connect'}
        </button>
      </div>
    </section>
  );
}
