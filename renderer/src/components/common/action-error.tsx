// Why a banner's button did not work: the host's message and what to do, under the banner's text.
import type { AppError } from '../../../../shared/result';

export function ActionError({ error }: { error: AppError | undefined }) {
  if (!error) return null;
  return (
    <p className="banner-action-error">
      {error.message}
      {error.hint ? ` ${error.hint}` : ''}
    </p>
  );
}
