// The CLI's own session transcripts (~/.claude/projects/<cwd slug>/<session id>.jsonl): one
// JSON record per line, written as the session runs. Read with bounded memory (streamed line
// by line; one line at a time is parsed and dropped), tolerating a truncated last line (the
// CLI may be writing it right now), unknown record types and huge files.
import fs from 'node:fs';
import type { SessionEvent } from '../../../shared/events';
import { LineFramer } from './line-framer';
import { WireNormalizer } from './normalize';
import type { WireOf } from './wire';
import { isRecord, nonBlank } from '../../../shared/guards';
import { recordText, SubagentLinks, subagentFiles, type SubagentFile } from './transcript-subagents';
import { carriesConversation, countNotShown, imageCount, otherRecordEvent, recordAt } from './transcript-records';

export type TranscriptRecord = Record<string, unknown> & { type?: unknown };

/** Lines longer than this are skipped (the CLI stores request shapes and snapshots inline). */
const MAX_RECORD_BYTES = 64 * 1024 * 1024;

/**
 * Yield each parseable record; unparseable lines (a truncated tail) are counted, not thrown.
 * `range` reads only bytes start..end (inclusive), e.g. what was appended since the last read.
 */
export async function* readRecords(file: string, stats?: { skipped: number }, range: { start?: number; end?: number } = {}): AsyncGenerator<TranscriptRecord> {
  if (range.end !== undefined && range.end < (range.start ?? 0)) return;
  const framer = new LineFramer({ maxLineBytes: MAX_RECORD_BYTES, onOversize: () => stats && stats.skipped++ });
  const stream = fs.createReadStream(file, { highWaterMark: 1024 * 1024, ...range });
  const parse = (line: string): TranscriptRecord | undefined => {
    try {
      const v: unknown = JSON.parse(line);
      if (isRecord(v)) return v as TranscriptRecord;
    } catch {
      // A line cut off mid-write, or garbage: skip it and go on.
    }
    if (stats) stats.skipped++;
    return undefined;
  };
  for await (const chunk of stream) {
    for (const line of framer.push(chunk as Buffer)) {
      const r = parse(line);
      if (r) yield r;
    }
  }
  for (const line of framer.end()) {
    const r = parse(line);
    if (r) yield r;
  }
}

/** A user record the person could have written: not a tool result, injected or another's. */
function fromPerson(r: TranscriptRecord): boolean {
  if (r.type !== 'user' || r.isMeta === true || r.isSidechain === true || r.isCompactSummary === true) return false;
  if (spokenByOther(r.origin)) return false;
  const content = (r.message as { content?: unknown } | undefined)?.content;
  return !(Array.isArray(content) && content.some((b) => (b as { type?: string }).type === 'tool_result'));
}

/** Text the CLI wraps in its own tags: slash commands, their output, task notifications. */
const CLI_TAGGED = /^\s*<(command-name|local-command-stdout|local-command-stderr|local-command-caveat|command-message|task-notification)>/;

function taggedText(r: TranscriptRecord): boolean {
  const text = recordText(r);
  return text !== undefined && (CLI_TAGGED.test(text) || text.startsWith('[Request interrupted by user'));
}

/** Text of a user record if it is the person's own prompt (not a tool result or injected text). */
export function promptText(r: TranscriptRecord): string | undefined {
  if (!fromPerson(r)) return undefined;
  const text = recordText(r);
  if (!text || !text.trim() || taggedText(r)) return undefined;
  return text;
}

/** "/review 42" for the record the CLI writes when the person runs a slash command. */
export function slashCommand(r: TranscriptRecord): string | undefined {
  if (!fromPerson(r)) return undefined;
  const text = recordText(r);
  const name = text && /<command-name>\s*\/?([^<]*?)\s*<\/command-name>/.exec(text)?.[1];
  if (!name) return undefined;
  const args = /<command-args>([\s\S]*?)<\/command-args>/.exec(text ?? '')?.[1]?.trim();
  return args ? `/${name} ${args}` : `/${name}`;
}

/**
 * The CLI keeps a message's `origin` stamp (SDKMessageOrigin) in the record. One that names a
 * speaker other than the person (another session, a channel, a scheduled task) is not their
 * prompt, whatever its text. A record without a stamp is read as before: transcripts written
 * before hosts stamped the person's messages have none on any prompt.
 */
function spokenByOther(origin: unknown): boolean {
  if (typeof origin !== 'object' || origin === null) return false;
  const kind = (origin as { kind?: unknown }).kind;
  return typeof kind === 'string' && kind !== 'human';
}

/** The record the CLI writes when a turn is interrupted ("[Request interrupted by user]"). */
export function isInterruptMarker(r: TranscriptRecord): boolean {
  if (r.type !== 'user' || r.isSidechain === true) return false;
  const content = (r.message as { content?: unknown } | undefined)?.content;
  const first = typeof content === 'string' ? content : Array.isArray(content) ? (content[0] as { text?: unknown } | undefined)?.text : undefined;
  return typeof first === 'string' && first.startsWith('[Request interrupted by user');
}

export function oneLine(s: string, max = 200): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

export interface ReadOptions {
  /** Cap each tool result's text; the rest is summarised so a huge session opens quickly. */
  maxToolResultChars?: number;
  /** Stop after the record with this uuid: what `--resume-session-at` keeps of a fork. */
  through?: string;
}

/**
 * Turn a transcript into the same app events a live session produces, so a resumed session
 * renders exactly like a live one (same tool cards, same context cards).
 */
export async function transcriptEvents(file: string, opts: ReadOptions = {}): Promise<SessionEvent[]> {
  return (await readConversation(file, opts)).events;
}

export interface Conversation {
  events: SessionEvent[];
  /** The last prompt got no reply and was not stopped: the turn was cut off. */
  cutOff: boolean;
  /** The item id (transcript uuid) of the last prompt. */
  lastPromptId?: string;
  /** The title the person gave the session (rename_session), if any. */
  customTitle?: string;
  /** Records of types clide does not know that carry no conversation, skipped quietly: count by type, for the log. */
  skipped: Map<string, number>;
}

/** The conversation as app events, plus whether it ends in a prompt that got no reply. */
export async function readConversation(file: string, opts: ReadOptions = {}): Promise<Conversation> {
  const cap = opts.maxToolResultChars ?? 32 * 1024;
  const normalizer = new WireNormalizer();
  const links = new SubagentLinks();
  const notShown = new Map<string, number>();
  const skipped = new Map<string, number>();
  const out: SessionEvent[] = [];
  const emit = (r: TranscriptRecord, parent: string | undefined) => {
    for (const e of recordEvents(normalizer, r, parent)) out.push(stamp(capResult(e, cap), recordAt(r)));
  };
  let awaitingReply = false;
  let lastPromptId: string | undefined;
  let lastRecord = false;
  let customTitle: string | undefined;
  let lastAt = 0;
  for await (const r of readRecords(file)) {
    if (lastRecord) break;
    lastAt = recordAt(r) || lastAt;
    if (r.type === 'custom-title') customTitle = nonBlank(r.customTitle) ?? customTitle;
    if (opts.through !== undefined && r.uuid === opts.through) lastRecord = true;
    if (r.isSidechain === true) {
      const parent = links.sidechainParent(r);
      // The first record is the subagent's prompt: the Task card already shows it, as live.
      if (parent && nonBlank(r.parentUuid) !== undefined) emit(r, parent);
      continue;
    }
    links.noteMain(r);
    if (r.type === 'user') {
      const prompt = promptText(r);
      const images = imageCount(r);
      if (prompt || (images && fromPerson(r) && !taggedText(r))) {
        lastPromptId = nonBlank(r.uuid) ?? `user-${out.length}`;
        out.push({ kind: 'user', id: lastPromptId, text: prompt ?? '', at: recordAt(r), ...(images ? { images } : {}) });
        awaitingReply = true;
        continue;
      }
      if (isInterruptMarker(r)) awaitingReply = false;
      emit(r, undefined);
    } else if (r.type === 'assistant') {
      emit(r, undefined);
      if (isRecord(r.message) && typeof r.message.id === 'string') awaitingReply = false;
    } else {
      const e = otherRecordEvent(r, out.length);
      if (e) out.push(e);
      else if (e === undefined) countNotShown(carriesConversation(r) ? notShown : skipped, r);
    }
  }
  for (const f of await subagentFiles(file)) await readSubagent(f, links, emit);
  for (const [what, n] of notShown) {
    out.push({
      kind: 'notice',
      id: `not-shown-${what}`,
      level: 'info',
      code: 'records-not-shown',
      text: `Not shown: ${n} ${n === 1 ? 'record' : 'records'} of type ${what}.`,
      at: lastAt,
    });
  }
  return { events: out, cutOff: awaitingReply, lastPromptId, customTitle, skipped };
}

/** A user or assistant record as the app events a live session gets for it. */
function recordEvents(normalizer: WireNormalizer, r: TranscriptRecord, parent: string | undefined): SessionEvent[] {
  if (r.type === 'user') {
    const message = r.message as WireOf<'user'>['message'] | undefined;
    if (!message) return [];
    return normalizer.user({
      type: 'user',
      message,
      uuid: nonBlank(r.uuid),
      parent_tool_use_id: parent ?? null,
      // The transcript marks injected text with isMeta where the stream uses isSynthetic.
      isSynthetic: r.isMeta === true || r.isCompactSummary === true,
      tool_use_result: r.toolUseResult,
    });
  }
  if (r.type !== 'assistant') return [];
  const message = r.message as WireOf<'assistant'>['message'] | undefined;
  if (!message || typeof message.id !== 'string' || !Array.isArray(message.content)) return [];
  return normalizer.assistant({ type: 'assistant', message, uuid: nonBlank(r.uuid), parent_tool_use_id: parent ?? null });
}

/** A subagent's own file, nested under the Task call it belongs to (none: not shown). */
async function readSubagent(f: SubagentFile, links: SubagentLinks, emit: (r: TranscriptRecord, parent: string) => void): Promise<void> {
  let parent: string | undefined;
  let first = true;
  for await (const r of readRecords(f.file)) {
    if (r.type !== 'user' && r.type !== 'assistant') continue;
    if (first) {
      first = false;
      parent = links.fileParent(f, r.type === 'user' ? recordText(r) : undefined);
      if (!parent) return; // its Task is past a fork's cut, or gone
      if (r.type === 'user' && r.parentUuid == null) continue; // the prompt the Task card shows
    }
    if (parent) emit(r, parent);
  }
}

export interface RecordRef {
  type?: string;
  /** The record this one follows in the conversation (null for the first). */
  parentUuid: string | null;
  /** The person's prompt, when the record is one. */
  prompt?: string;
}

/** Find one record by uuid (streamed; stops at the first match). */
export async function findRecord(file: string, uuid: string): Promise<RecordRef | undefined> {
  for await (const r of readRecords(file)) {
    if (r.uuid !== uuid) continue;
    return { type: nonBlank(r.type), parentUuid: nonBlank(r.parentUuid) ?? null, prompt: promptText(r) };
  }
  return undefined;
}

function stamp(e: SessionEvent, at: number): SessionEvent {
  if (!at) return e;
  if (e.kind === 'block' || e.kind === 'context' || e.kind === 'block-start') return { ...e, at };
  return e;
}

function capResult(e: SessionEvent, cap: number): SessionEvent {
  if (e.kind !== 'tool-result' || e.content.length <= cap) return e;
  const dropped = e.content.length - cap;
  return { ...e, content: `${e.content.slice(0, cap)}\n… (${dropped.toLocaleString('en-US')} more characters not loaded from history)`, structured: undefined };
}
