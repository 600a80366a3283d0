// Where a remote session runs, on its tab and in the status bar. Nothing for this computer.
import { makeVisible } from '../../../../shared/visible-chars';
import { useSessionField } from '../../store/hooks';
import { VisibleText } from '../common/visible-text';
import './remote.css';

export function HostBadge({ sessionId, place }: { sessionId: string; place: 'tab' | 'status' }) {
  const location = useSessionField(sessionId, (v) => v.info.location, undefined);
  if (!location) return null;
  const title = makeVisible(`Runs on ${location} over ssh`);
  return place === 'tab' ? (
    <span className="host-badge" title={title}>
      <span className="visually-hidden">on </span>
      <VisibleText text={location} />
    </span>
  ) : (
    <span className="sb-item sb-host" title={title}>
      <span className="host-glyph" aria-hidden="true" />
      <VisibleText text={location} />
    </span>
  );
}
