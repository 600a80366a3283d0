// What the terminal panel asks of the core, and "Send to Claude".
import type { TerminalInfo } from '../../../../shared/terminal';
import type { Result } from '../../../../shared/result';
import { getApi } from '../../api';
import { focusComposer } from '../../lib/focus';
import { guarded } from '../../lib/guarded';
import { clideStore } from '../../store/store';
import { terminalStore } from './terminal-store';

export async function newTerminal(sessionId: string, cols = 80, rows = 24): Promise<Result<TerminalInfo>> {
  const r = await guarded(() => getApi().terminal.create({ id: sessionId, cols, rows }));
  // The event adds it too; this makes the new tab the shown one at once.
  if (r.ok) terminalStore.getState().added(r.value);
  return r;
}

/** Close one terminal; closing a session's last one closes its panel too. */
export function closeTerminal(terminalId: string): void {
  const store = terminalStore.getState();
  const sessionId = store.infos[terminalId]?.sessionId;
  store.closed(terminalId);
  if (sessionId && (terminalStore.getState().tabs[sessionId] ?? []).length === 0) {
    store.setOpen(sessionId, false);
    focusComposer();
  }
  void guarded(() => getApi().terminal.close({ terminalId }));
}

/**
 * Terminal output as a quoted block in the session's message box, after what is typed there:
 * a fenced block, so the output's own characters are not read as Markdown.
 */
export function quoteOutput(text: string): string {
  const body = text.replace(/\s+$/, '');
  const longest = Math.max(2, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}console\n${body}\n${fence}`;
}

export function sendToClaude(sessionId: string, selection: string): void {
  if (!selection.trim()) return;
  const store = clideStore.getState();
  const draft = store.drafts[sessionId] ?? '';
  const block = quoteOutput(selection);
  store.setDraft(sessionId, draft.trim() ? `${draft.replace(/\s+$/, '')}\n\n${block}\n` : `${block}\n`);
  focusComposer();
}
