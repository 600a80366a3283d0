// Pieces every answer card shares: its props, sending the answer, and showing a refusal.
import { useState } from 'react';
import type { PermissionRequest } from '../../../../shared/events';
import type { PermissionDecision } from '../../../../shared/ipc';
import type { AppError, Result } from '../../../../shared/result';
import { shownByWindow } from '../../app-actions';
import { answering } from '../composer/api-calls';

export interface CardProps {
  sessionId: string;
  request: PermissionRequest;
  count: number;
}

/** Send a permission answer; the card stays (with the reason) if the host refuses it. */
export function useAnswer(sessionId: string, requestId: string) {
  return useSend((decision: PermissionDecision) => answering.respond(sessionId, requestId, decision));
}

/** Send an answer of any kind; the card stays (with the reason) if the host refuses it. */
export function useSend<T>(send: (value: T) => Promise<Result<unknown>>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | undefined>();
  const answer = async (value: T) => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    const r = await send(value);
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
