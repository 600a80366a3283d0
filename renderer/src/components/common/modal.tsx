// A modal dialog on the native <dialog> element: the browser traps focus, puts it in the top
// layer above everything, and turns Esc into a cancel. Used by the new-session, settings and
// close-confirmation dialogs.
import { useEffect, useRef, type ReactNode } from 'react';
import { takeFocusAfterDialog } from '../../lib/focus';

export interface ModalProps {
  /** The accessible name (the visible heading's id). */
  labelledBy: string;
  describedBy?: string;
  onClose(): void;
  className?: string;
  /** role="alertdialog" for a question that must be answered (close while working). */
  alert?: boolean;
  children: ReactNode;
}

export function Modal({ labelledBy, describedBy, onClose, className, alert, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // showModal focuses the first control; a field marked to take focus (React's autoFocus could
    // not focus it while the dialog was still closed) takes it instead.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const cancel = (e: Event) => {
      e.preventDefault();
      closeRef.current();
    };
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      if (dialog.open) dialog.close();
      // Give focus back to whatever opened it, if that is still on the page, unless the dialog
      // said where it goes now (a new tab's message box).
      const place = takeFocusAfterDialog();
      if (place) place();
      else if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`modal ${className ?? ''}`}
      role={alert ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onMouseDown={(e) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="modal-body">{children}</div>
    </dialog>
  );
}
