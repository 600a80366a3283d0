// What the history list shows of a transcript: title, last activity, message count, folder,
// whether the last turn was cut off. Transcripts only grow while a session runs, so a summary
// can continue from where the last read stopped (at a line end) instead of reading a long,
// live session's whole file again each time the list is opened.
import fs from 'node:fs';
import { nonBlank } from '../../../shared/guards';
import { isInterruptMarker, oneLine, promptText, readRecords, slashCommand, type TranscriptRecord } from './transcript-file';

export interface TranscriptSummary {
  sessionId: string;
  file: string;
  cwd?: string;
  /** The person's title, else the CLI's generated one, else a summary, else the first prompt. */
  title: string;
  /** The title the person gave it (recorded by rename_session), if any. */
  customTitle?: string;
  firstPrompt?: string;
  lastPrompt?: string;
  /** The transcript uuid of the last prompt (what a live session's user item is called). */
  lastPromptId?: string;
  /** Epoch ms of the newest record with a timestamp (else the file's mtime). */
  lastActivity: number;
  /** User prompts plus assistant messages (not tool results or injected context). */
  messageCount: number;
  bytes: number;
  cliVersion?: string;
  gitBranch?: string;
  /** The last prompt got no reply: the session was cut off mid-turn. */
  cutOff: boolean;
}

/** The running state of a summary, fed one record at a time. */
export class TranscriptSummarizer {
  private cwd: string | undefined;
  private customTitle: string | undefined;
  private aiTitle: string | undefined;
  private summaryText: string | undefined;
  private firstPrompt: string | undefined;
  /** "/review 42" when the session began with a slash command (titles it until a prompt). */
  private firstCommand: string | undefined;
  private lastPrompt: string | undefined;
  private lastPromptId: string | undefined;
  private lastActivity = 0;
  private messageCount = 0;
  private cliVersion: string | undefined;
  private gitBranch: string | undefined;
  private awaitingReply = false;
  private seenAssistant = new Set<string>();

  add(r: TranscriptRecord): void {
    const ts = nonBlank(r.timestamp);
    if (ts) {
      const t = Date.parse(ts);
      if (Number.isFinite(t) && t > this.lastActivity) this.lastActivity = t;
    }
    this.cwd ??= nonBlank(r.cwd);
    this.cliVersion = nonBlank(r.version) ?? this.cliVersion;
    this.gitBranch = nonBlank(r.gitBranch) ?? this.gitBranch;
    switch (r.type) {
      case 'custom-title':
        this.customTitle = nonBlank(r.customTitle) ?? this.customTitle;
        break;
      case 'ai-title':
        this.aiTitle = nonBlank(r.aiTitle) ?? this.aiTitle;
        break;
      case 'summary':
        this.summaryText = nonBlank(r.summary) ?? this.summaryText;
        break;
      case 'user': {
        const p = promptText(r);
        if (p) {
          this.firstPrompt ??= p;
          this.lastPrompt = p;
          this.lastPromptId = nonBlank(r.uuid);
          this.messageCount++;
          this.awaitingReply = true;
        } else if (this.messageCount === 0 && !this.firstCommand) {
          this.firstCommand = slashCommand(r);
        } else if (isInterruptMarker(r)) {
          // The person pressed Stop: the turn ended on purpose, it was not cut off.
          this.awaitingReply = false;
        }
        break;
      }
      case 'assistant': {
        if (r.isSidechain === true) break;
        const id = nonBlank((r.message as { id?: unknown } | undefined)?.id) ?? nonBlank(r.uuid) ?? '';
        if (!this.seenAssistant.has(id)) {
          this.seenAssistant.add(id);
          this.messageCount++;
        }
        this.awaitingReply = false;
        break;
      }
      default:
        break;
    }
  }

  clone(): TranscriptSummarizer {
    const c = Object.assign(new TranscriptSummarizer(), this);
    c.seenAssistant = new Set(this.seenAssistant);
    return c;
  }

  result(file: string, sessionId: string, stat: { size: number; mtimeMs: number }): TranscriptSummary {
    const title = oneLine(this.customTitle ?? this.aiTitle ?? this.summaryText ?? this.firstPrompt ?? this.firstCommand ?? 'Untitled session');
    return {
      sessionId,
      file,
      cwd: this.cwd,
      title,
      customTitle: this.customTitle && oneLine(this.customTitle),
      firstPrompt: this.firstPrompt && oneLine(this.firstPrompt),
      lastPrompt: this.lastPrompt,
      lastPromptId: this.lastPromptId,
      lastActivity: this.lastActivity || stat.mtimeMs,
      messageCount: this.messageCount,
      bytes: stat.size,
      cliVersion: this.cliVersion,
      gitBranch: this.gitBranch,
      cutOff: this.awaitingReply,
    };
  }
}

/** Where a summary stopped: at a line end `offset` bytes in, with the file's first bytes then. */
export interface SummaryProgress {
  summarizer: TranscriptSummarizer;
  offset: number;
  head: string;
}

const HEAD_BYTES = 256;

export async function summarizeTranscript(file: string, sessionId: string): Promise<TranscriptSummary> {
  return (await summarizeFrom(file, sessionId)).summary;
}

/**
 * Summarize a transcript, continuing from `prev` when the file has only grown since (same
 * first bytes, no shorter); else from the start. The progress returned is kept only when the
 * read ended at a line end, so a line the CLI was still writing is read whole next time.
 */
export async function summarizeFrom(
  file: string,
  sessionId: string,
  prev?: SummaryProgress,
): Promise<{ summary: TranscriptSummary; progress?: SummaryProgress }> {
  const stat = await fs.promises.stat(file);
  const head = await readHead(file, stat.size);
  const goOn = prev !== undefined && prev.offset <= stat.size && prev.head === head.slice(0, prev.head.length) && prev.head.length > 0;
  const summarizer = goOn ? prev.summarizer.clone() : new TranscriptSummarizer();
  // Up to the size seen now: what is appended meanwhile is read next time.
  for await (const r of readRecords(file, undefined, { start: goOn ? prev.offset : 0, end: stat.size - 1 })) summarizer.add(r);
  const atLineEnd = stat.size > 0 && (await byteAt(file, stat.size - 1)) === 0x0a;
  return {
    summary: summarizer.result(file, sessionId, stat),
    progress: atLineEnd ? { summarizer, offset: stat.size, head } : undefined,
  };
}

/**
 * The first bytes of a transcript: the identity of the file, so a rewritten one (same size or
 * not) is told apart from one that only grew. The History list and the search index both use it.
 */
export async function readHead(file: string, size: number): Promise<string> {
  if (size === 0) return '';
  const fh = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(Math.min(HEAD_BYTES, size));
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead).toString('latin1');
  } finally {
    await fh.close();
  }
}

async function byteAt(file: string, pos: number): Promise<number | undefined> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(1);
    const { bytesRead } = await fh.read(buf, 0, 1, pos);
    return bytesRead === 1 ? buf[0] : undefined;
  } finally {
    await fh.close();
  }
}
