// The person's trust decisions, per folder (a repository's main checkout, so its worktrees share
// it), kept in the data dir with exactly what was trusted: a folder whose hooks or MCP servers
// change afterwards asks again, for what is new only. Claude Code's own record is read (a folder
// trusted in the terminal is trusted here, with what it has now) and written when the person
// trusts a folder here. A folder where nothing would run in Claude's process needs no answer.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { lazySchema } from '../../../shared/lazy-schema';
import { ClideError } from '../../../shared/result';
import type { TrustedFolder, TrustItem, TrustPrompt } from '../../../shared/trust';
import { readJsonFile, writeJsonFileAtomic } from '../json-file';
import type { ClaudeRecord } from './claude-record';
import { inside, itemKey } from './scan';

export type TrustDecision = { trusted: true } | { trusted: false; prompt: TrustPrompt };

/** Where a decision applies: `root` keeps it; `folder` is the session's own. */
export interface TrustPlace {
  root: string;
  folder: string;
  location?: string;
}

const RecordSchema = lazySchema(() =>
  z.object({
    root: z.string(),
    location: z.string().optional(),
    at: z.number(),
    source: z.enum(['clide', 'claude-code']),
    keys: z.array(z.string()),
    /** Revoked here: Claude Code's record (of this folder or one above) no longer counts for it. */
    revoked: z.boolean().optional(),
  }),
);
type TrustRecord = z.infer<typeof RecordSchema>;
// Built on first use (shared/lazy-schema.ts): the core's import makes no schema.
const FileSchema = lazySchema(() => z.object({ folders: z.array(RecordSchema) }));

/** Items that have their own confirmation right before they run (git/setup.ts). */
const OWN_CONFIRMATION = new Set<TrustItem['kind']>(['setup', 'run']);

/** A prompt can be answered for this long (the person may leave it open over lunch). */
const PROMPT_TTL_MS = 24 * 3600_000;

interface OpenPrompt {
  place: TrustPlace;
  keys: string[];
  expires: number;
}

export interface TrustServiceOptions {
  /** Without one the decisions last as long as the app runs. */
  dataDir?: string;
  claude: ClaudeRecord;
  now?: () => number;
  log?: (message: string) => void;
}

export class TrustService {
  private records: TrustRecord[];
  private readonly prompts = new Map<string, OpenPrompt>();
  private readonly listeners = new Set<() => void>();
  private readonly file: string | undefined;
  private readonly now: () => number;

  constructor(private readonly opts: TrustServiceOptions) {
    this.now = opts.now ?? Date.now;
    this.file = opts.dataDir ? path.join(opts.dataDir, 'trust.json') : undefined;
    const read = this.file ? readJsonFile(this.file, FileSchema, { folders: [] }) : { value: { folders: [] } };
    if ('warning' in read && read.warning) opts.log?.(`[clide] ${read.warning}`);
    this.records = read.value.folders;
  }

  /** Whether Claude may start in `place` with these items, or what to ask. */
  decide(place: TrustPlace, items: readonly TrustItem[]): TrustDecision {
    // Nothing that would run in Claude's process: no question, and Claude Code's record is not read.
    if (!items.some((item) => !OWN_CONFIRMATION.has(item.kind))) return { trusted: true };
    const keys = items.map(itemKey);
    let record = this.recordFor(place);
    if (!record && !place.location) {
      const claudeTrusts = this.opts.claude.trusting(place.folder) ?? this.opts.claude.trusting(place.root);
      if (claudeTrusts) {
        // Trusted in Claude Code's own dialog: what is there now is what was trusted.
        record = { root: place.root, at: this.now(), source: 'claude-code', keys };
        this.save([...this.records.filter((r) => !same(r, place)), record]);
      }
    }
    const known = new Set(record && !record.revoked ? record.keys : []);
    const fresh = items.filter((_, i) => !known.has(keys[i]!));
    // clide's own setup and run files never run in Claude's process, and each asks once per
    // content right before it would run: shown with a question, never a reason for one.
    if (!fresh.some((item) => !OWN_CONFIRMATION.has(item.kind))) return { trusted: true };
    const promptId = this.promptFor(place, keys);
    return {
      trusted: false,
      prompt: {
        promptId,
        root: place.root,
        folder: place.folder !== place.root ? place.folder : undefined,
        location: place.location,
        items: fresh,
        changed: record !== undefined && !record.revoked,
        alreadyTrusted: items.length - fresh.length,
      },
    };
  }

  /** Trust exactly what a prompt showed. Returns the place it was for. */
  grant(promptId: string): TrustPlace {
    const open = this.prompts.get(promptId);
    if (!open || open.expires < this.now()) {
      this.prompts.delete(promptId);
      throw new ClideError({
        kind: 'invalid-input',
        message: 'That trust question is no longer open.',
        hint: 'Look at what the folder would run again, then answer.',
      });
    }
    this.prompts.delete(promptId);
    const { place } = open;
    const before = this.records.find((r) => same(r, place));
    const keys = [...new Set([...(before && !before.revoked ? before.keys : []), ...open.keys])];
    this.save([...this.records.filter((r) => r !== before), { root: place.root, location: place.location, at: this.now(), source: 'clide', keys }]);
    if (!place.location) this.opts.claude.set(place.root, true);
    return place;
  }

  revoke(root: string, location?: string): void {
    const place = { root, folder: root, location };
    // Kept as revoked so Claude Code's flag on a folder above does not trust it again.
    const others = this.records.filter((r) => !same(r, place));
    this.save([...others, { root, location, at: this.now(), source: 'clide', keys: [], revoked: true }]);
    if (!location) this.opts.claude.set(root, false);
    for (const [id, open] of this.prompts) if (same({ root: open.place.root, location: open.place.location }, place)) this.prompts.delete(id);
  }

  list(): TrustedFolder[] {
    return this.records
      .filter((r) => !r.revoked)
      .map((r) => ({ root: r.root, location: r.location, at: r.at, source: r.source, items: r.keys.length }))
      .sort((a, b) => b.at - a.at);
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The decision that covers the place: its own root's, else the nearest folder above it. */
  private recordFor(place: TrustPlace): TrustRecord | undefined {
    const p = place.location ? path.posix : path;
    return this.records
      .filter((r) => r.location === place.location && (r.root === place.root || inside(place.root, r.root, p) || inside(place.folder, r.root, p)))
      .sort((a, b) => b.root.length - a.root.length)[0];
  }

  /** The open prompt for the same place and items, or a new one: asking twice shows the same question. */
  private promptFor(place: TrustPlace, keys: string[]): string {
    const now = this.now();
    for (const [id, open] of this.prompts) {
      if (open.expires > now && same(open.place, place) && open.place.folder === place.folder && open.keys.join('\n') === keys.join('\n')) return id;
    }
    this.forgetOldPrompts();
    const id = randomUUID();
    this.prompts.set(id, { place, keys, expires: now + PROMPT_TTL_MS });
    return id;
  }

  private forgetOldPrompts(): void {
    const now = this.now();
    for (const [id, open] of this.prompts) if (open.expires < now) this.prompts.delete(id);
    // A window that asks again and again must not grow this without end.
    while (this.prompts.size >= 500) this.prompts.delete(this.prompts.keys().next().value!);
  }

  private save(records: TrustRecord[]): void {
    this.records = records;
    if (this.file) {
      try {
        writeJsonFileAtomic(this.file, { folders: records });
      } catch (err) {
        this.opts.log?.(`[clide] could not save the trusted folders: ${(err as Error).message}`);
      }
    }
    for (const l of this.listeners) l();
  }
}

function same(r: { root: string; location?: string }, place: { root: string; location?: string }): boolean {
  return r.root === place.root && r.location === place.location;
}
