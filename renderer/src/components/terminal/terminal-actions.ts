// What the terminal panel asks of the core, and "Send to Claude".
import type { TerminalInfo, TerminalRun } from '../../../../shared/terminal';
import type { Result } from '../../../../shared/result';
import { getApi } from '../../api';
import { confirmed, confirmValue } from '../../api/confirm';
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

/**
 * Run the repository's run command in a new tab titled Run (the core stops a previous Run first).
 * The panel opens, with the new tab, or with the committed .clide/run to allow, or with why not.
 */
export async function runCommand(sessionId: string): Promise<Result<TerminalRun>> {
  terminalStore.getState().setRunNote(sessionId, undefined);
  return shownRun(sessionId, await guarded(() => getApi().terminal.run({ id: sessionId })));
}

/** The person allowed this content of .clide/run: run it with the nonce for it (the core checks it). */
export async function allowRun(sessionId: string, hash: string): Promise<Result<TerminalRun>> {
  const r = await guarded(() => confirmed('run-file', confirmValue.runFile(sessionId, hash), (confirm) => getApi().terminal.run({ id: sessionId, confirm })));
  return shownRun(sessionId, r);
}

/** Not now: the question goes, and a panel with nothing else in it closes. */
export function dismissRunNote(sessionId: string): void {
  const store = terminalStore.getState();
  store.setRunNote(sessionId, undefined);
  if ((store.tabs[sessionId] ?? []).length === 0) store.setOpen(sessionId, false);
  focusComposer();
}

function shownRun(sessionId: string, r: Result<TerminalRun>): Result<TerminalRun> {
  const store = terminalStore.getState();
  if (!r.ok) store.setRunNote(sessionId, { error: r.error });
  else if (r.value.state === 'confirm') store.setRunNote(sessionId, { ask: { file: r.value.file, content: r.value.content, hash: r.value.hash } });
  else {
    store.setRunNote(sessionId, undefined);
    store.added(r.value.terminal);
  }
  if (!store.open[sessionId]) store.setOpen(sessionId, true);
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
