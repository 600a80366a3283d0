// Where a waiting prompt appears (the end of the transcript, the inbox): this decides whether
// one waits; its card (permission-prompt.tsx and the cards for questions, plans, MCP input and
// Claude Code's dialogs) is a part loaded when the first prompt comes, or in the background
// before that.
import { useEffect } from 'react';
import { focusComposer } from '../../lib/focus';
import { lazyPart, useLazyPart } from '../../lib/lazy-part';
import { useSessionField } from '../../store/hooks';

const cards = lazyPart('the prompt cards', () => import('./permission-prompt'));

export function PermissionPrompt({ sessionId }: { sessionId: string }) {
  const request = useSessionField(sessionId, (v) => v.pending[0], undefined);
  const count = useSessionField(sessionId, (v) => v.pending.length, 0);
  const requestId = request?.requestId;
  const module = useLazyPart(cards, request !== undefined);
  useEffect(() => {
    // The prompt closed (answered, withdrawn) and took focus with it: give it back to the composer.
    if (requestId === undefined && (document.activeElement === document.body || document.activeElement === null)) focusComposer();
  }, [requestId]);
  if (!request || !module) return null;
  return <module.PromptFor key={request.requestId} sessionId={sessionId} request={request} count={count} />;
}
