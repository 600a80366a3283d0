// Side questions ("Ask aside", the terminal's /btw), kept in the main process like the message
// queue: every window shows the same ones, a reload loses none, and an answer that arrives with
// no window open is there when one opens. Each question goes to the CLI as side_question with
// the tab's earlier questions and answers, so a follow-up is understood; its progress and answer
// become `aside` events, never transcript items.
import { randomUUID } from 'node:crypto';
import { asideOpen, MAX_ASIDE_CHARS, type Aside } from '../../shared/aside';
import type { SessionEvent } from '../../shared/events';
import { ClideError } from '../../shared/result';
import type { SideAnswer, SideExchange, SideQuestionOptions } from './protocol/requests';

export interface AsideTarget {
  readonly id: string;
  sideQuestion(question: string, history: readonly SideExchange[], opts?: SideQuestionOptions): Promise<SideAnswer>;
}

export interface AsidesOptions {
  emit(sessionId: string, events: SessionEvent[]): void;
  now?: () => number;
}

/** Earlier exchanges sent with a question: enough for a follow-up, not the whole history. */
export const HISTORY_SENT = 10;

interface Entry {
  aside: Aside;
  abort: AbortController;
}

export class Asides {
  /** Session id -> its side questions, oldest first. */
  private readonly bySession = new Map<string, Entry[]>();
  private readonly now: () => number;

  constructor(private readonly opts: AsidesOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** Ask; the answer comes as events. Throws (nothing asked) for an empty or too long question. */
  ask(target: AsideTarget, question: string): string {
    const q = question.trim();
    if (!q) throw new ClideError({ kind: 'invalid-input', message: 'The question is empty.' });
    if (q.length > MAX_ASIDE_CHARS) {
      throw new ClideError({
        kind: 'invalid-input',
        message: `The question is ${q.length.toLocaleString('en')} characters long; a side question may have ${MAX_ASIDE_CHARS.toLocaleString('en')}.`,
        hint: 'Shorten it, or send it to the conversation instead.',
      });
    }
    const entries = this.bySession.get(target.id) ?? [];
    this.bySession.set(target.id, entries);
    const entry: Entry = { aside: { id: randomUUID(), question: q, state: 'asking', askedAt: this.now() }, abort: new AbortController() };
    entries.push(entry);
    this.publish(target.id, entry);
    this.send(target, entry);
    return entry.aside.id;
  }

  /** Give a question up: shown as cancelled at once; the CLI is asked to stop working on it. */
  cancel(sessionId: string, asideId: string): void {
    const entry = this.bySession.get(sessionId)?.find((e) => e.aside.id === asideId);
    if (!entry) throw new ClideError({ kind: 'invalid-input', message: 'That side question is not there any more.' });
    if (!asideOpen(entry.aside)) return;
    this.finish(sessionId, entry, { state: 'cancelled' });
    entry.abort.abort();
  }

  /** A tab's side questions as they are now (kept across a restart, see restore.ts). */
  state(sessionId: string): Aside[] | undefined {
    const entries = this.bySession.get(sessionId);
    return entries && entries.length > 0 ? entries.map((e) => e.aside) : undefined;
  }

  /**
   * A restored tab's side questions, shown again. One still on its way when clide closed was
   * asked of a process that is gone, so its answer would never come: it is asked again of the
   * restored tab's (`target`), with the earlier answers before it, and keeps its place. Without
   * a target it shows as failed, to be asked again by the person.
   */
  restore(sessionId: string, asides: readonly Aside[], target?: AsideTarget): void {
    const entries = asides.map((a): Entry => ({
      aside: !asideOpen(a)
        ? a
        : target
          ? { ...a, state: 'asking', retry: undefined }
          : { ...a, state: 'failed', retry: undefined, error: 'clide was closed before the answer came. Ask again.', endedAt: a.endedAt ?? this.now() },
      abort: new AbortController(),
    }));
    this.bySession.set(sessionId, entries);
    if (entries.length > 0)
      this.opts.emit(
        sessionId,
        entries.map((e) => ({ kind: 'aside', aside: e.aside })),
      );
    if (target) for (const e of entries) if (asideOpen(e.aside)) this.send(target, e);
  }

  /** The tab closed: stop waiting for its answers. */
  closed(sessionId: string): void {
    for (const e of this.bySession.get(sessionId) ?? []) if (asideOpen(e.aside)) e.abort.abort();
    this.bySession.delete(sessionId);
  }

  /** Ask the CLI, with the answered questions before this one (a follow-up is understood). */
  private send(target: AsideTarget, entry: Entry): void {
    const entries = this.bySession.get(target.id) ?? [];
    const history = entries
      .slice(0, Math.max(0, entries.indexOf(entry)))
      .filter((e) => e.aside.state === 'answered' && !e.aside.synthetic && e.aside.answer)
      .slice(-HISTORY_SENT)
      .map((e) => ({ question: e.aside.question, response: e.aside.answer! }));
    void target
      .sideQuestion(entry.aside.question, history, {
        signal: entry.abort.signal,
        onProgress: (p) =>
          this.update(target.id, entry, p.state === 'started' ? { state: 'thinking', retry: undefined } : { state: 'retrying', retry: p.retry }),
      })
      .then(
        (r) =>
          this.finish(target.id, entry, {
            state: 'answered',
            answer: r.answer ?? 'Claude Code had no answer to this question. Ask again, or ask in the conversation.',
            synthetic: r.synthetic || r.answer === null,
          }),
        (err: unknown) => this.finish(target.id, entry, { state: 'failed', error: err instanceof ClideError ? errorText(err) : String(err) }),
      );
  }

  private finish(sessionId: string, entry: Entry, patch: Partial<Aside>): void {
    // Cancelled (or closed) first: what the CLI answers after that is no longer wanted.
    if (!asideOpen(entry.aside) || !this.bySession.get(sessionId)?.includes(entry)) return;
    this.update(sessionId, entry, { ...patch, retry: undefined, endedAt: this.now() });
  }

  private update(sessionId: string, entry: Entry, patch: Partial<Aside>): void {
    if (!asideOpen(entry.aside)) return;
    entry.aside = { ...entry.aside, ...patch };
    this.publish(sessionId, entry);
  }

  private publish(sessionId: string, entry: Entry): void {
    this.opts.emit(sessionId, [{ kind: 'aside', aside: entry.aside }]);
  }
}

function errorText(err: ClideError): string {
  const { message, hint } = err.info;
  return hint ? `${message} ${hint}` : message;
}
