// "Draft with Claude": ask the session itself for a commit message or a pull request's text
// (it knows what it changed and why), then take its reply off the transcript when the turn
// ends. The question and the answer stay in the conversation, as anything sent to Claude does.
import type { Result } from '../../../../shared/result';
import { blocksOf, type SessionView } from '../../../../shared/transcript';
import { getApi } from '../../api';
import { guarded } from '../../lib/guarded';
import { isTurnRunning } from '../../store/selectors';
import { clideStore } from '../../store/store';

export const COMMIT_PROMPT =
  'Write a commit message for the changes in this worktree that are about to be committed (see `git status` and `git diff --staged`, or `git diff` when nothing is staged): a summary line under 72 characters, a blank line, then a few lines on what changed and why. Reply with the message alone inside one fenced code block. Do not commit, stage or change anything yourself.';

export function prPrompt(branch: string, base: string): string {
  return `Write the title and description of a pull request for the work on ${branch} (compare it with ${base}: \`git log ${base}..HEAD\` and \`git diff ${base}...HEAD\`). Reply inside one fenced code block: the title on the first line, a blank line, then the description in Markdown (what changed, why, how it was tested). Do not push, commit or create anything yourself.`;
}

/** The text of a reply: the first fenced block's content if it has one, else all of it. */
export function draftText(reply: string): string {
  const fence = /```[^\n]*\n([\s\S]*?)\n?```/.exec(reply);
  return (fence ? fence[1]! : reply).trim();
}

/** A pull request's title (first line) and body (the rest). */
export function titleAndBody(draft: string): { title: string; body: string } {
  const [first = '', ...rest] = draft.split('\n');
  return { title: first.replace(/^#+\s*/, '').trim(), body: rest.join('\n').trim() };
}

function replyText(v: SessionView, from: number): string | undefined {
  const start = v.items.findIndex((item, i) => i >= from && item.type === 'user');
  if (start < 0) return undefined;
  let text: string | undefined;
  for (const item of v.items.slice(start + 1)) {
    if (item.type !== 'assistant' || item.parentToolUseId) continue;
    const t = blocksOf(item)
      .flatMap((b) => (b.type === 'text' ? [b.text] : []))
      .join('\n')
      .trim();
    if (t) text = t;
  }
  return text;
}

export interface DraftRequest {
  /** The draft, or undefined when the session gave none (it failed, ended or was stopped without a reply). */
  reply: Promise<string | undefined>;
  cancel(): void;
}

/** Send a message to the session as the person would: into the queue while a turn runs. */
export function tellClaude(sessionId: string, text: string): Promise<Result<{ queued?: string }>> {
  const v = clideStore.getState().sessions[sessionId];
  return guarded(() => getApi().session.send({ id: sessionId, text, ...(v && isTurnRunning(v) ? { queue: true } : {}) }));
}

/** Send `prompt` to the session (queued while a turn runs) and wait for the reply to it. */
export async function askClaude(sessionId: string, prompt: string): Promise<Result<DraftRequest>> {
  const before = clideStore.getState().sessions[sessionId];
  if (!before) return { ok: false, error: { kind: 'session-not-found', message: 'That session is not open.' } };
  const from = before.items.length;
  const sent = await tellClaude(sessionId, prompt);
  if (!sent.ok) return sent;
  let stop = () => {};
  const reply = new Promise<string | undefined>((resolve) => {
    let asked = false;
    let startedResult: unknown;
    const check = () => {
      const v = clideStore.getState().sessions[sessionId];
      if (!v || v.status === 'failed' || v.status === 'ended') return finish(undefined);
      const mine = v.items.findIndex((item, i) => i >= from && item.type === 'user' && item.text === prompt);
      if (mine < 0) return;
      if (!asked) {
        asked = true;
        startedResult = v.lastResult;
      }
      if (isTurnRunning(v)) return;
      // The turn that answers it has ended: with a reply, or with a result and no words.
      const text = replyText(v, mine);
      if (text !== undefined || v.lastResult !== startedResult) finish(draftText(text ?? '') || undefined);
    };
    const unsubscribe = clideStore.subscribe(check);
    const finish = (text: string | undefined) => {
      unsubscribe();
      resolve(text);
    };
    stop = () => finish(undefined);
    check();
  });
  return { ok: true, value: { reply, cancel: () => stop() } };
}
