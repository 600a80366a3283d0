// Pieces every answer card shares: its props, sending the answer, and showing a refusal.
import { useState } from 'react';
import type { PermissionRequest } from '../../../../shared/events';
import type { PermissionDecision } from '../../../../shared/ipc';
import type { AppError } from '../../../../shared/result';
import { shownByWindow } from '../../app-actions';
import { answering } from '../composer/api-calls';

export interface CardProps {
  sessionId: string;
  request: PermissionRequest;
  count: number;
}

/** Send an answer; the card stays (with the reason) if the host refuses it. */
export function useAnswer(sessionId: string, requestId: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | undefined>();
  const answer = async (decision: PermissionDecision) => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    const r = await answering.respond(sessionId, requestId, decision);
    if (!r.ok) {
      setBusy(false);
      setError(r.error);
    }
  };
  return { busy, error, answer };
}

export function PromptError({ error }: { error: AppError | undefined }) {
  if (!error || shownByWindow(error)) return null;
  return (
    <div className="prompt-error" role="alert">
      {error.message}
      {error.hint ? ` ${error.hint}` : ''}
    </div>
  );
}

