// Past sessions, read from the CLI's own transcripts under <config dir>/projects/. Summaries
// are cached by (path, size, mtime) so re-listing only re-reads files that changed, and a file
// that only grew (a session still running) is read from where the last read stopped.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findRecord, readConversation, transcriptEvents, type Conversation, type ReadOptions, type RecordRef } from './protocol/transcript-file';
import { summarizeFrom, type SummaryProgress, type TranscriptSummary } from './protocol/transcript-summary';
import type { SessionEvent } from '../../shared/events';

const SESSION_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/i;

/** Where the CLI keeps its state: CLAUDE_CONFIG_DIR, else ~/.claude. */
export function claudeConfigDir(env: NodeJS.ProcessEnv, homeDir = os.homedir()): string {
  return env.CLAUDE_CONFIG_DIR?.trim() || path.join(homeDir, '.claude');
}

/** The CLI's folder name for a working directory: every non-alphanumeric character becomes '-'. */
export function projectSlug(cwd: string): string {
  return cwd.replace(/[^a-zA-Z0-9]/g, '-');
}

interface CacheEntry {
  size: number;
  mtimeMs: number;
  summary: TranscriptSummary;
  progress?: SummaryProgress;
}

export class History {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(private readonly configDir: string) {}

  get projectsDir(): string {
    return path.join(this.configDir, 'projects');
  }

  /** Every past session, newest first. Unreadable files are skipped, never fatal. */
  async list(): Promise<TranscriptSummary[]> {
    const files = await this.sessionFiles();
    const out: TranscriptSummary[] = [];
    // A few at a time: enough to hide latency without flooding the disk or the event loop.
    for (let i = 0; i < files.length; i += 4) {
      const batch = await Promise.all(files.slice(i, i + 4).map((f) => this.summary(f.file, f.sessionId).catch(() => undefined)));
      for (const s of batch) if (s && s.messageCount > 0) out.push(s);
    }
    const live = new Set(files.map((f) => f.file));
    for (const key of this.cache.keys()) if (!live.has(key)) this.cache.delete(key);
    return out.sort((a, b) => b.lastActivity - a.lastActivity);
  }

  /** The transcript file of a session id, if it exists (preferring the given cwd's project). */
  async find(sessionId: string, cwd?: string): Promise<string | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return undefined;
    if (cwd) {
      const p = path.join(this.projectsDir, projectSlug(cwd), `${sessionId}.jsonl`);
      if (await exists(p)) return p;
    }
    const files = await this.sessionFiles();
    return files.find((f) => f.sessionId === sessionId)?.file;
  }

  /** The earlier conversation of a session as app events, for rendering on resume. */
  async events(sessionId: string, cwd?: string): Promise<SessionEvent[]> {
    const file = await this.find(sessionId, cwd);
    return file ? transcriptEvents(file) : [];
  }

  /** The conversation as app events plus whether its last turn was cut off (undefined: no transcript). */
  async conversation(sessionId: string, cwd?: string, opts?: ReadOptions): Promise<Conversation | undefined> {
    const file = await this.find(sessionId, cwd);
    return file ? readConversation(file, opts) : undefined;
  }

  /** One record of a session's transcript, by its uuid. */
  async record(sessionId: string, uuid: string, cwd?: string): Promise<RecordRef | undefined> {
    const file = await this.find(sessionId, cwd);
    return file ? findRecord(file, uuid) : undefined;
  }

  async summaryOf(sessionId: string, cwd?: string): Promise<TranscriptSummary | undefined> {
    const file = await this.find(sessionId, cwd);
    return file ? this.summary(file, sessionId) : undefined;
  }

  private async summary(file: string, sessionId: string): Promise<TranscriptSummary> {
    const st = await fs.promises.stat(file);
    const hit = this.cache.get(file);
    if (hit && hit.size === st.size && hit.mtimeMs === st.mtimeMs) return hit.summary;
    const { summary, progress } = await summarizeFrom(file, sessionId, hit?.progress);
    this.cache.set(file, { size: summary.bytes, mtimeMs: st.mtimeMs, summary, progress });
    return summary;
  }

  private async sessionFiles(): Promise<Array<{ file: string; sessionId: string }>> {
    let projects: fs.Dirent[];
    try {
      projects = await fs.promises.readdir(this.projectsDir, { withFileTypes: true });
    } catch {
      return [];
    }
    const out: Array<{ file: string; sessionId: string }> = [];
    for (const p of projects) {
      if (!p.isDirectory()) continue;
      const dir = path.join(this.projectsDir, p.name);
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(dir, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const e of entries) {
        const m = e.isFile() ? SESSION_FILE.exec(e.name) : null;
        if (m?.[1]) out.push({ file: path.join(dir, e.name), sessionId: m[1] });
      }
    }
    return out;
  }
}

async function exists(p: string): Promise<boolean> {
  try {
    await fs.promises.access(p);
    return true;
  } catch {
    return false;
  }
}
