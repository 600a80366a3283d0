// A confirmation in place, for a setting that lets something run with no question asked (Bypass
// as the default, the claude executable, a setup command). The core refuses such a change
// without the nonce of a confirmation (api/confirm.ts), which Confirm asks for. Cancel has the
// focus: an Enter that committed the field does not confirm it too.
import { useId, type ReactNode } from 'react';

export interface ConfirmChangeProps {
  title: string;
  confirmLabel: string;
  children: ReactNode;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmChange({ title, confirmLabel, children, onConfirm, onCancel }: ConfirmChangeProps) {
  const textId = useId();
  return (
    <div className="confirm-change" role="alertdialog" aria-label={title} aria-describedby={textId}>
      <p id={textId}>
        <strong>{title}</strong> {children}
      </p>
      <div className="bypass-actions">
        <button type="button" className="btn btn-danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="btn" autoFocus onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
