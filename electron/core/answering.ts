// What the host adds around a session for talking to Claude: the message queue (send when the
// turn ends, or now into the running turn) and @-mention file suggestions. Kept out of host.ts
// so the host only routes.
import type { SessionEvent } from '../../shared/events';
import type { FileSuggestions, ImageInput } from '../../shared/ipc';
import { ClideError } from '../../shared/result';
import { FileIndex, rankFiles, type FileList } from './file-index';
import { LimitResume, type KeptLimit, type LimitTarget } from './limit-resume';
import { MessageQueue, type QueueState, type QueueTarget } from './message-queue';
import { THE_PERSON, type Speaker } from './protocol/outbound';

export interface AnsweringTarget extends QueueTarget, LimitTarget {
  readonly id: string;
  readonly cwd: string;
  /** The lifecycle phase (see lifecycle.ts); 'stopping' still counts as a running turn. */
  readonly phase: string;
}

export class Answering {
  private readonly queues = new Map<string, MessageQueue>();
  /** Per session: a turn stopped by a usage limit, and going on when it resets. */
  private readonly limits = new Map<string, LimitResume>();
  private readonly files: FileIndex;

  constructor(opts: { files?: FileIndex } = {}) {
    this.files = opts.files ?? new FileIndex();
  }

  attach(target: AnsweringTarget, emit: (events: SessionEvent[]) => void): void {
    const queue = new MessageQueue({ target, emit });
    this.queues.set(target.id, queue);
    this.limits.set(target.id, new LimitResume({ target, queue, emit }));
  }

  detach(id: string): void {
    this.queues.delete(id);
    this.limits.get(id)?.dispose();
    this.limits.delete(id);
  }

  /** Every timer stops (the app quits). */
  dispose(): void {
    for (const l of this.limits.values()) l.dispose();
  }

  /** Every event a session emits passes by here (a turn that ends sends the next message). */
  observe(id: string, events: readonly SessionEvent[]): void {
    this.queues.get(id)?.observe(events);
    this.limits.get(id)?.observe(events);
  }

  /** "Continue automatically" when the usage limit resets (on), or not (off). */
  autoContinue(id: string, on: boolean): void {
    const l = this.limits.get(id);
    if (!l) throw new ClideError({ kind: 'session-not-found', message: 'That session is not open.' });
    if (on) l.schedule();
    else l.cancel();
  }

  /**
   * Send a message. With `queue`, a message written while a turn runs (or while older queued
   * messages still wait their turn) joins the queue instead of going into the running turn.
   * The speaker is the person unless the team broker delivers another session's words (it
   * never asks to queue: it waits for an idle session itself).
   */
  send(target: AnsweringTarget, text: string, images: readonly ImageInput[] = [], queue = false, speaker: Speaker = THE_PERSON): { queued?: string } {
    const q = this.queue(target.id);
    const turnRunning = q.busy() || target.phase === 'stopping' || q.waitingForConnection;
    if (queue && (turnRunning || (q.size > 0 && !q.held))) return { queued: q.add(text, images) };
    target.send(text, images, speaker);
    q.released();
    // The person's own message replaces the offer to continue after a usage limit.
    if (speaker.kind === 'person') this.limits.get(target.id)?.superseded();
    return {};
  }

  /**
   * A message sent while the session's remote host is still being reached: held in the queue
   * and sent once the session is up (the person sees it waiting), not refused.
   */
  sendWhenConnected(target: AnsweringTarget, location: string, text: string, images: readonly ImageInput[] = []): { queued: string } {
    const q = this.queue(target.id);
    q.waitForConnection(location);
    return { queued: q.add(text, images) };
  }

  /** The person pressed Stop. */
  stopped(id: string): void {
    this.queues.get(id)?.stopped();
  }

  edit(id: string, messageId: string, text: string): void {
    this.queue(id).edit(messageId, text);
  }

  remove(id: string, messageId: string): void {
    this.queue(id).remove(messageId);
  }

  move(id: string, messageId: string, to: number): void {
    this.queue(id).move(messageId, to);
  }

  sendNow(id: string, messageId: string): void {
    this.queue(id).sendNow(messageId);
    this.limits.get(id)?.superseded();
  }

  resume(id: string): void {
    this.queue(id).resume();
    this.limits.get(id)?.superseded();
  }

  /** The queue as plain JSON, to keep across an app restart. */
  queueState(id: string): QueueState | undefined {
    return this.queues.get(id)?.state();
  }

  restoreQueue(id: string, state: QueueState): void {
    this.queue(id).restore(state);
  }

  /** A turn stopped by a usage limit, as plain JSON, to keep across an app restart. */
  limitState(id: string): KeptLimit | undefined {
    return this.limits.get(id)?.state();
  }

  restoreLimit(id: string, kept: KeptLimit): void {
    this.limits.get(id)?.restore(kept);
  }

  /** `lister`: where the files are read from when not this computer (a remote host). */
  async fileSuggestions(target: AnsweringTarget, query: string, lister?: (cwd: string) => Promise<FileList>): Promise<FileSuggestions> {
    let list;
    try {
      list = await (lister ? lister(target.cwd) : this.files.list(target.cwd));
    } catch (err) {
      throw new ClideError({
        kind: 'invalid-input',
        message: `clide could not list the files in ${target.cwd}: ${(err as Error).message}`,
        hint: 'Check that the folder still exists and can be read.',
      });
    }
    const items = rankFiles(list.entries, query.replace(/^"|"$/g, ''), 50);
    return { cwd: target.cwd, items: items.map((e) => ({ path: e.path, folder: e.folder })), truncated: list.truncated };
  }

  private queue(id: string): MessageQueue {
    const q = this.queues.get(id);
    if (!q) throw new ClideError({ kind: 'session-not-found', message: 'That session is not open.' });
    return q;
  }
}
