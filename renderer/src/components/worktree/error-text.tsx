// A refused or failed git step in a dialog: what happened and what to do, and below it what
// git (or a hook, or gh) printed, when there is something.
import type { AppError } from '../../../../shared/result';
import { VisibleText } from '../common/visible-text';

export function ErrorText({ error }: { error: AppError }) {
  return (
    <div className="modal-error" role="alert">
      <VisibleText text={`${error.message}${error.hint ? ` ${error.hint}` : ''}`} />
      {error.detail && (
        <pre className="wt-output mono">
          <VisibleText text={error.detail} />
        </pre>
      )}
    </div>
  );
}
