// The open tabs, kept in the app's data dir so a restart, or a crash, costs nothing: each tab's
// folder, Claude session id, title, model and mode, unsent draft, queued messages, side questions
// and their answers, a continue after a usage limit, and whether a turn was running (a turn that
// never got its result is shown as cut off after a restart).
// Written whenever something changes (debounced, atomically), not only at quit, because a crash
// gives no warning. A corrupt file is set aside with a warning and the app starts with no tabs.
import path from 'node:path';
import { z } from 'zod';
import { lazySchema } from '../../shared/lazy-schema';
import { AsideSchema } from '../../shared/aside';
import { QueueHoldSchema } from '../../shared/events';
import { LimitStopSchema } from '../../shared/usage';
import { WorktreeInfoSchema } from '../../shared/git';
import { ImageInputSchema } from '../../shared/ipc';
import { readJsonFile, writeJsonFileAtomic } from './json-file';
import type { KeptLimit } from './limit-resume';

/** A tab keeps this many of its newest side questions across a restart. */
export const MAX_KEPT_ASIDES = 50;

/** Images of queued messages are kept only up to this many base64 characters in all. */
export const MAX_KEPT_IMAGE_CHARS = 8 * 1024 * 1024;

const PersistedQueueSchema = lazySchema(() =>
  z.object({
    entries: z.array(
      z.object({
        id: z.string(),
        text: z.string(),
        images: z.array(ImageInputSchema),
        at: z.number(),
        /** Images that were too large to keep across a restart. */
        imagesDropped: z.number().optional(),
      }),
    ),
    hold: QueueHoldSchema.optional(),
  }),
);
export type PersistedQueue = z.infer<typeof PersistedQueueSchema>;

/** A turn stopped by a usage limit: the offer (or the scheduled continue) and what it sends again. */
const KeptLimitSchema = lazySchema(() =>
  z.object({
    stop: LimitStopSchema,
    messages: z.array(
      z.object({
        text: z.string(),
        images: z.array(ImageInputSchema),
        speaker: z.union([
          z.object({ kind: z.literal('person') }),
          z.object({ kind: z.literal('peer'), session: z.string(), permissionMode: z.string().optional() }),
        ]),
      }),
    ),
  }),
);
export type PersistedLimit = z.infer<typeof KeptLimitSchema>;

export const TabRecordSchema = lazySchema(() =>
  z.object({
    cwd: z.string(),
    /** The Claude session this tab continues (set once the CLI has one). */
    claudeSessionId: z.string().optional(),
    /** A fork the CLI has not written yet: on restore it is forked again from `from`. */
    fork: z.object({ from: z.string(), at: z.string().optional() }).optional(),
    title: z.string().optional(),
    model: z.string().optional(),
    permissionMode: z.string().optional(),
    /** The tab's own git worktree (an isolated session): made again on request if it was deleted. */
    worktree: WorktreeInfoSchema.optional(),
    /** The remote host the tab's claude runs on (electron/core/remote); absent: this computer. */
    location: z.string().optional(),
    /** Opened restricted (workspace trust): it comes back restricted, not asking again. */
    restricted: z.boolean().optional(),
    draft: z.string().optional(),
    queue: PersistedQueueSchema.optional(),
    /** A turn stopped by a usage limit, offered or scheduled to go on at the reset. */
    limit: KeptLimitSchema.optional(),
    /** Side questions ("Ask aside") and their answers, the newest MAX_KEPT_ASIDES. */
    asides: z.array(AsideSchema).optional(),
    /** The prompt of a turn that was running when this was written. */
    turn: z.object({ prompt: z.string(), messageId: z.string(), at: z.number() }).optional(),
  }),
);
export type TabRecord = z.infer<typeof TabRecordSchema>;

export const SessionsFileSchema = lazySchema(() =>
  z.object({
    version: z.literal(1),
    tabs: z.array(TabRecordSchema),
    /** Which of the tabs was shown (its position). */
    active: z.number().int().min(0).optional(),
    /** The split view, by tab position: the right pane's tabs, the tab each pane showed, the left pane's share. */
    split: z
      .object({
        right: z.array(z.number().int().min(0)),
        shown: z.object({ left: z.number().int().min(0), right: z.number().int().min(0) }),
        ratio: z.number().min(0).max(1),
      })
      .optional(),
    /** Titles the person gave past sessions, by Claude session id (when the CLI could not record them). */
    titles: z.record(z.string(), z.string()).default({}),
  }),
);
export type SessionsFile = z.infer<typeof SessionsFileSchema>;

export function emptySessionsFile(): SessionsFile {
  return { version: 1, tabs: [], titles: {} };
}

export interface SessionsStoreOptions {
  /** Without a data dir nothing is written (tests, hosts that keep no state). */
  dataDir?: string;
  debounceMs?: number;
  log?: (message: string) => void;
}

/** The file of open tabs and local titles: read once, then written after every change. */
export class SessionsStore {
  private readonly file: string | undefined;
  private readonly debounceMs: number;
  private readonly log: (message: string) => void;
  private pending: (() => SessionsFile) | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastError: string | undefined;

  constructor(opts: SessionsStoreOptions) {
    this.file = opts.dataDir ? path.join(opts.dataDir, 'sessions.json') : undefined;
    this.debounceMs = opts.debounceMs ?? 250;
    this.log = opts.log ?? ((m) => console.warn(`[clide] ${m}`));
  }

  get path(): string | undefined {
    return this.file;
  }

  load(): { value: SessionsFile; warning?: string } {
    if (!this.file) return { value: emptySessionsFile() };
    const r = readJsonFile(this.file, SessionsFileSchema, emptySessionsFile());
    if (r.warning) this.log(r.warning);
    return r;
  }

  /** Write soon; `current` is read when the write happens, so bursts of changes write once. */
  save(current: () => SessionsFile): void {
    if (!this.file) return;
    this.pending = current;
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.debounceMs);
    // A pending write must not keep a finished process alive; quit flushes explicitly.
    this.timer.unref?.();
  }

  /** Write what is pending now (quit, tests). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const current = this.pending;
    this.pending = undefined;
    if (!current || !this.file) return;
    try {
      writeJsonFileAtomic(this.file, current());
      this.lastError = undefined;
    } catch (err) {
      // Say it once per kind of failure, not on every keystroke of a draft.
      const message = `Could not save the open tabs to ${this.file}: ${(err as Error).message}`;
      if (message !== this.lastError) this.log(message);
      this.lastError = message;
    }
  }
}

/**
 * A usage-limit stop as it is kept, or nothing when its messages' images are over the budget:
 * sent again without them it would be another request, so the tab then comes back with the
 * turn's error only, for the person to send again.
 */
export function limitToKeep(limit: KeptLimit | undefined): PersistedLimit | undefined {
  if (!limit) return undefined;
  if (limit.messages.reduce((n, m) => n + imageChars(m.images), 0) > MAX_KEPT_IMAGE_CHARS) return undefined;
  return { stop: limit.stop, messages: limit.messages.map((m) => ({ text: m.text, images: [...m.images], speaker: m.speaker })) };
}

function imageChars(images: ReadonlyArray<{ data: string }>): number {
  return images.reduce((n, i) => n + i.data.length, 0);
}

/** The queue as it is kept: images beyond the budget are left out (and counted), never half-kept. */
export function queueToKeep(queue: PersistedQueue | undefined): PersistedQueue | undefined {
  if (!queue || queue.entries.length === 0) return undefined;
  let budget = MAX_KEPT_IMAGE_CHARS;
  const entries = queue.entries.map((e) => {
    const size = imageChars(e.images);
    if (size <= budget) {
      budget -= size;
      return e;
    }
    return { ...e, images: [], imagesDropped: (e.imagesDropped ?? 0) + e.images.length };
  });
  return { entries, hold: queue.hold };
}
