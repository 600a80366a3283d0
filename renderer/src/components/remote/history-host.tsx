// History groups a remote host's past sessions under the host: its name by the folder's.
import { VisibleText } from '../common/visible-text';
import './remote.css';

export function HistoryHost({ location }: { location: string }) {
  return (
    <span className="host-badge history-host" title={`On ${location}; opening one resumes it there`}>
      <span className="visually-hidden">on </span>
      <VisibleText text={location} />
    </span>
  );
}
