// A saved session's subagent conversations, in the two formats the CLI has used. Older CLIs
// (1.x) wrote a subagent's records into the session's own file, marked `isSidechain: true`,
// while its Task call ran; newer ones write each to `<session id>/subagents/agent-<id>.jsonl`
// beside the session file, with a `.meta.json` naming the tool call that started it. Either
// way each record is tied to its Task/Agent tool call so a resumed card nests its messages
// as a live one does (by parentToolUseId).
import fs from 'node:fs';
import path from 'node:path';
import { isRecord, nonBlank } from '../../../shared/guards';

/** The tools that run a subagent. */
export const AGENT_TOOLS: ReadonlySet<string> = new Set(['Task', 'Agent']);

export interface SubagentFile {
  agentId: string;
  file: string;
  /** The Task/Agent tool call that started it, when the CLI wrote a meta file naming it. */
  toolUseId?: string;
}

/**
 * The subagent files beside a session file, oldest name first. `agent-acompact-*` files are
 * the CLI's compaction runs (a summary written for the model), not part of the conversation.
 */
export async function subagentFiles(sessionFile: string): Promise<SubagentFile[]> {
  const dir = path.join(path.dirname(sessionFile), path.basename(sessionFile, '.jsonl'), 'subagents');
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return []; // no subagents (or an older CLI): nothing beside the file
  }
  const out: SubagentFile[] = [];
  for (const name of names.sort()) {
    const agentId = /^agent-(.+)\.jsonl$/.exec(name)?.[1];
    if (!agentId || agentId.startsWith('acompact')) continue;
    out.push({ agentId, file: path.join(dir, name), toolUseId: await metaToolUseId(path.join(dir, `agent-${agentId}.meta.json`)) });
  }
  return out;
}

async function metaToolUseId(file: string): Promise<string | undefined> {
  try {
    const meta: unknown = JSON.parse(await fs.promises.readFile(file, 'utf8'));
    return isRecord(meta) ? nonBlank(meta.toolUseId) : undefined;
  } catch {
    return undefined; // no meta file (older 2.x) or a broken one: matched by agent id or prompt
  }
}

/** A user record's plain text (a string, or its text blocks joined). */
export function recordText(r: Record<string, unknown>): string | undefined {
  const content = (r.message as { content?: unknown } | undefined)?.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const texts = content.filter((b) => isRecord(b) && b.type === 'text').map((b) => String((b as { text?: unknown }).text ?? ''));
  return texts.length > 0 ? texts.join('\n') : undefined;
}

interface AgentCall {
  id: string;
  prompt?: string;
  claimed: boolean;
}

/** Ties records to the agent calls of one conversation, as they are read. */
export class SubagentLinks {
  private readonly calls: AgentCall[] = [];
  /** agentId (from a Task result) -> the tool call. */
  private readonly agents = new Map<string, string>();
  /** Sidechain record uuid -> the tool call its subagent runs under. */
  private readonly sidechain = new Map<string, string>();

  /** Note the agent calls and agent ids a main-thread record carries. */
  noteMain(r: Record<string, unknown>): void {
    const content = (r.message as { content?: unknown } | undefined)?.content;
    if (r.type === 'assistant' && Array.isArray(content)) {
      for (const b of content) {
        if (!isRecord(b) || b.type !== 'tool_use' || !AGENT_TOOLS.has(String(b.name))) continue;
        const id = nonBlank(b.id);
        if (id) this.calls.push({ id, prompt: isRecord(b.input) ? nonBlank(b.input.prompt) : undefined, claimed: false });
      }
    }
    const result = r.toolUseResult;
    const agentId = isRecord(result) ? nonBlank(result.agentId) : undefined;
    if (r.type === 'user' && agentId && Array.isArray(content)) {
      const block = content.find((b) => isRecord(b) && b.type === 'tool_result');
      const id = isRecord(block) ? nonBlank(block.tool_use_id) : undefined;
      if (id) this.agents.set(agentId, id);
    }
  }

  /**
   * The tool call an inline sidechain record belongs to. A record whose parent is not a known
   * sidechain record starts a subagent: it is the call with the same prompt, else the latest
   * call not yet claimed.
   */
  sidechainParent(r: Record<string, unknown>): string | undefined {
    const parentUuid = nonBlank(r.parentUuid);
    let id = parentUuid ? this.sidechain.get(parentUuid) : undefined;
    if (!id) id = this.claim(r.type === 'user' ? recordText(r) : undefined);
    const uuid = nonBlank(r.uuid);
    if (id && uuid) this.sidechain.set(uuid, id);
    return id;
  }

  /** The tool call a subagent file belongs to (its meta, its agent id, or its first prompt). */
  fileParent(f: SubagentFile, firstPrompt: string | undefined): string | undefined {
    const known = f.toolUseId ?? this.agents.get(f.agentId);
    if (known) {
      const call = this.calls.find((c) => c.id === known);
      if (call) call.claimed = true;
      return call?.id;
    }
    return this.claim(firstPrompt);
  }

  private claim(prompt: string | undefined): string | undefined {
    const open = this.calls.filter((c) => !c.claimed);
    const call = (prompt !== undefined ? open.find((c) => c.prompt === prompt.trim()) : undefined) ?? open.at(-1);
    if (call) call.claimed = true;
    return call?.id;
  }
}
