// Every transcript file the index covers: each session's own file under
// <config dir>/projects/<slug>/<id>.jsonl and its subagents' files in <id>/subagents/
// (agent-*.jsonl; agent-acompact-* are the CLI's compaction runs, not the conversation: only
// their token usage is kept).
import fs from 'node:fs';
import path from 'node:path';
import { subagentFiles } from '../protocol/transcript-subagents';

const SESSION_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/i;

export interface TranscriptFile {
  file: string;
  sessionId: string;
  /** For a subagent's file: the tool call (Task/Agent) it ran under, from its .meta.json. */
  agentToolUseId?: string;
  subagent: boolean;
  /** A compaction run's file (agent-acompact-*): no conversation to search, but tokens it used. */
  usageOnly?: boolean;
}

export async function transcriptFiles(projectsDir: string): Promise<TranscriptFile[]> {
  const out: TranscriptFile[] = [];
  for (const project of await dirents(projectsDir)) {
    if (!project.isDirectory()) continue;
    const dir = path.join(projectsDir, project.name);
    const entries = await dirents(dir);
    const ids = new Set<string>();
    for (const e of entries) {
      const m = e.isFile() ? SESSION_FILE.exec(e.name) : null;
      if (m?.[1]) {
        out.push({ file: path.join(dir, e.name), sessionId: m[1], subagent: false });
        ids.add(e.name.slice(0, -'.jsonl'.length));
      }
    }
    for (const e of entries) {
      if (!e.isDirectory() || !ids.has(e.name)) continue;
      for (const a of await subagentFiles(path.join(dir, `${e.name}.jsonl`))) {
        out.push({ file: a.file, sessionId: e.name, subagent: true, agentToolUseId: a.toolUseId });
      }
      const subagents = path.join(dir, e.name, 'subagents');
      for (const c of await dirents(subagents))
        if (c.isFile() && /^agent-acompact-.+\.jsonl$/.test(c.name))
          out.push({ file: path.join(subagents, c.name), sessionId: e.name, subagent: true, usageOnly: true });
    }
  }
  return out;
}

async function dirents(dir: string): Promise<fs.Dirent[]> {
  try {
    return await fs.promises.readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}
