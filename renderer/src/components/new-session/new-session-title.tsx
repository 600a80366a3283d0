// The New session dialog's heading with its shortcut, shared by the local and the remote form
// (the switch between them replaces one form with the other under the same title).
import { keyLabel } from '../../lib/shortcuts';

export function NewSessionTitle({ id }: { id: string }) {
  return (
    <h2 id={id} className="modal-title">
      New session{' '}
      <kbd className="modal-key" aria-hidden="true">
        {keyLabel('T')}
      </kbd>
    </h2>
  );
}
