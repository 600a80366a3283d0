// The Ask aside panel's words and keys, as pure functions (tested without a page).
import type { Aside } from '../../../../shared/aside';
import { hasModifier, isShortcut } from '../../lib/shortcuts';

/** `/btw <question>` in the message box, as the terminal has it: the question, else undefined. */
export function btwQuestion(text: string): string | undefined {
  const m = /^\/btw(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!m) return undefined;
  return m[1]?.trim() ?? '';
}

/** Ctrl/Cmd+Shift+/ (the key that has ? above it on most layouts). */
export function isAsideKey(e: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'key' | 'code'>): boolean {
  return hasModifier(e) && e.shiftKey && (e.code === 'Slash' || e.key === '?' || isShortcut(e, '/', { shift: true }));
}

/** What a question waiting for (or without) its answer says. */
export function stateText(a: Pick<Aside, 'state' | 'retry' | 'error'>): string {
  switch (a.state) {
    case 'asking':
      return 'Sending the question…';
    case 'thinking':
      return 'Claude is answering…';
    case 'retrying': {
      const r = a.retry;
      if (!r) return 'The API did not answer; Claude Code is trying again…';
      const of = r.maxRetries ? ` of ${r.maxRetries}` : '';
      const why = r.httpStatus === 529 ? 'the API is overloaded' : r.httpStatus ? `the API answered ${r.httpStatus}` : 'the API could not be reached';
      const when = r.delayMs !== undefined ? ` in ${Math.max(1, Math.round(r.delayMs / 1000))} s` : '';
      return `Trying again (attempt ${r.attempt}${of}: ${why})${when}…`;
    }
    case 'failed':
      return `No answer: ${a.error ?? 'the question could not be asked.'}`;
    case 'cancelled':
      return 'Cancelled.';
    case 'answered':
      return 'Answered.';
  }
}
