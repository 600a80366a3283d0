// Wire messages -> the app's own events (shared/events.ts). Stateful per session: it tracks
// which API message a streamed delta belongs to (deltas carry only an index; the id comes from
// the preceding message_start), matches each final `assistant` block to the block that streamed
// it, and keeps the previous cumulative cost to derive a turn's own cost.
import { randomUUID } from 'node:crypto';
import type { FinalBlock, SessionEvent, ContextSource } from '../../../shared/events';
import { isRecord } from '../../../shared/guards';
import type { WireOf, WireContentBlock, WireUsage } from './wire';

type Now = () => number;

interface StreamBlock {
  type: string;
  toolUseId?: string;
  finalized: boolean;
}

interface MessageState {
  blocks: Map<number, StreamBlock>;
  finalCount: number;
}

/** Texts the CLI injects as "user" turns, and how to label them. */
const SKILL_PREFIX = 'Base directory for this skill:';
const INTERRUPT_TEXT = '[Request interrupted by user';
const COMPACTION_PREFIX = 'This session is being continued from a previous conversation';

/** What most stream events produce; shared so the hot path allocates nothing for them. */
const NONE: readonly SessionEvent[] = Object.freeze([]);

export class WireNormalizer {
  /** parent_tool_use_id (or '' for the main thread) -> id of the message now streaming. */
  private readonly streaming = new Map<string, string>();
  private readonly messages = new Map<string, MessageState>();
  private lastCost: number | undefined;
  private readonly now: Now;
  private readonly newId: () => string;

  constructor(opts: { now?: Now; newId?: () => string } = {}) {
    this.now = opts.now ?? Date.now;
    this.newId = opts.newId ?? randomUUID;
  }

  streamEvent(msg: WireOf<'stream_event'>): readonly SessionEvent[] {
    const ev = msg.event as Record<string, unknown> & { type: string };
    const parentKey = msg.parent_tool_use_id ?? '';
    const parent = msg.parent_tool_use_id ?? undefined;
    switch (ev.type) {
      case 'message_start': {
        const message = ev.message as { id?: string; usage?: WireUsage } | undefined;
        const id = message?.id;
        if (!id) return NONE;
        this.streaming.set(parentKey, id);
        this.messageState(id);
        return NONE;
      }
      case 'content_block_start': {
        const id = this.streaming.get(parentKey);
        const index = ev.index;
        const block = ev.content_block as { type?: string; id?: string; name?: string } | undefined;
        if (!id || typeof index !== 'number' || !block?.type) return NONE;
        const state = this.messageState(id);
        state.blocks.set(index, { type: block.type, toolUseId: block.id, finalized: false });
        return [
          {
            kind: 'block-start',
            messageId: id,
            index,
            blockType: blockKind(block.type),
            toolName: block.name,
            toolUseId: block.id,
            at: this.now(),
            parentToolUseId: parent,
          },
        ];
      }
      case 'content_block_delta': {
        const id = this.streaming.get(parentKey);
        const index = ev.index;
        const delta = ev.delta as { type?: string; text?: string; thinking?: string; partial_json?: string } | undefined;
        if (!id || typeof index !== 'number' || !delta) return NONE;
        const text =
          delta.type === 'text_delta'
            ? delta.text
            : delta.type === 'thinking_delta'
              ? delta.thinking
              : delta.type === 'input_json_delta'
                ? delta.partial_json
                : undefined; // signature_delta and future kinds carry nothing to show
        if (!text) return NONE;
        return [{ kind: 'block-delta', messageId: id, index, text }];
      }
      case 'message_stop': {
        const id = this.streaming.get(parentKey);
        if (!id) return NONE;
        this.streaming.delete(parentKey);
        return [{ kind: 'message-end', messageId: id }];
      }
      default:
        // content_block_stop, message_delta, ping: the final `assistant` event carries the truth.
        return NONE;
    }
  }

  assistant(msg: WireOf<'assistant'>): SessionEvent[] {
    const m = msg.message;
    const parent = msg.parent_tool_use_id ?? undefined;
    // A failed API call ends the turn with a local "<synthetic>" message restating the error; the
    // `result` that follows carries the same text and the HTTP status, and becomes the turn's
    // error card. Showing both would attribute the error to Claude as if it had said it.
    if (!parent && msg.is_api_error_message === true) return [];
    const state = this.messageState(m.id);
    const meta = toolMeta(msg.tool_use_meta);
    const out: SessionEvent[] = [];
    for (const raw of m.content as WireContentBlock[]) {
      const block = finalBlock(raw, meta);
      const index = this.indexFor(state, raw);
      out.push({ kind: 'block', messageId: m.id, index, block, model: m.model, at: this.now(), parentToolUseId: parent });
    }
    if (msg.aborted) out.push({ kind: 'message-end', messageId: m.id, aborted: true });
    if (!parent && m.usage && m.model !== '<synthetic>') {
      const tokens = contextTokens(m.usage);
      if (tokens > 0) out.push({ kind: 'usage', contextTokens: tokens });
    }
    return out;
  }

  user(msg: WireOf<'user'>): SessionEvent[] {
    const parent = msg.parent_tool_use_id ?? undefined;
    const content = msg.message.content;
    const blocks: WireContentBlock[] = typeof content === 'string' ? [{ type: 'text', text: content }] : (content as WireContentBlock[]);
    const out: SessionEvent[] = [];
    const structured = msg.tool_use_result;
    const texts: string[] = [];
    for (const b of blocks) {
      if (b.type === 'tool_result') {
        const toolUseId = String(b.tool_use_id ?? '');
        out.push({
          kind: 'tool-result',
          toolUseId,
          content: toolResultText(b.content),
          isError: b.is_error === true,
          structured: structured ?? undefined,
          parentToolUseId: parent,
        });
      } else if (b.type === 'text' && typeof b.text === 'string') {
        texts.push(b.text);
      } else if (b.type === 'image') {
        texts.push('[image]');
      }
    }
    if (texts.length > 0) {
      const text = texts.join('\n\n');
      out.push(this.injected(text, msg, parent));
    }
    return out;
  }

  /** User-role text the CLI emits is never the person's own message (we echo those locally). */
  private injected(text: string, msg: WireOf<'user'>, parent: string | undefined): SessionEvent {
    const { source, label } = classifyInjected(text, msg.isReplay === true);
    return { kind: 'context', id: msg.uuid ?? this.newId(), source, label, text, at: this.now(), parentToolUseId: parent };
  }

  result(msg: WireOf<'result'>): SessionEvent[] {
    const terminal = msg.terminal_reason;
    const models = Object.values(msg.modelUsage ?? {});
    const contextWindow = models.reduce<number | undefined>((max, m) => (m.contextWindow && (!max || m.contextWindow > max) ? m.contextWindow : max), undefined);
    const maxOutputTokens = models.find((m) => m.maxOutputTokens)?.maxOutputTokens;
    const cost = msg.total_cost_usd;
    const turnCost = cost !== undefined ? cost - (this.lastCost ?? 0) : undefined;
    if (cost !== undefined) this.lastCost = cost;
    const u = msg.usage;
    return [
      {
        kind: 'result',
        result: {
          subtype: msg.subtype,
          isError: msg.is_error === true || msg.subtype !== 'success',
          text: msg.result,
          errors: msg.errors?.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))),
          costUsd: cost,
          turnCostUsd: turnCost !== undefined ? Math.max(0, turnCost) : undefined,
          usage: u
            ? {
                inputTokens: u.input_tokens ?? 0,
                outputTokens: u.output_tokens ?? 0,
                cacheReadTokens: u.cache_read_input_tokens ?? 0,
                cacheCreationTokens: u.cache_creation_input_tokens ?? 0,
              }
            : undefined,
          contextWindow,
          maxOutputTokens,
          numTurns: msg.num_turns,
          durationMs: msg.duration_ms,
          denials: (msg.permission_denials ?? []).map((d) => ({ toolName: d.tool_name ?? 'tool', toolUseId: d.tool_use_id })),
          terminalReason: terminal,
          // 2.1.332 ends an interrupted turn with error_during_execution and a diagnostic in
          // errors[]; terminal_reason says it was the person's own stop.
          interrupted: terminal === 'aborted_streaming' || terminal === 'aborted_tools' ? true : undefined,
          apiErrorStatus: typeof msg.api_error_status === 'number' ? msg.api_error_status : undefined,
        },
        id: msg.uuid ?? this.newId(),
        at: this.now(),
      },
    ];
  }

  rateLimit(msg: WireOf<'rate_limit_event'>): SessionEvent[] {
    const i = msg.rate_limit_info;
    return [
      {
        kind: 'rate-limit',
        rateLimit: {
          status: i.status ?? 'unknown',
          resetsAt: parseResetsAt(i.resetsAt),
          limitType: i.rateLimitType,
          utilization: i.utilization,
          at: this.now(),
        },
      },
    ];
  }

  /** The session's previous cumulative cost, for restored sessions. */
  seedCost(cost: number | undefined): void {
    this.lastCost = cost;
  }

  private messageState(id: string): MessageState {
    let s = this.messages.get(id);
    if (!s) {
      s = { blocks: new Map(), finalCount: 0 };
      this.messages.set(id, s);
      // Bound memory in very long sessions: only recent messages can still receive blocks.
      if (this.messages.size > 256) {
        const oldest = this.messages.keys().next().value;
        if (oldest !== undefined) this.messages.delete(oldest);
      }
    }
    return s;
  }

  /**
   * Which index a final block takes: the streamed block it completes (same tool id, or the
   * first unfinished block of the same type), else the next free position.
   */
  private indexFor(state: MessageState, raw: WireContentBlock): number {
    let found: number | undefined;
    if (raw.type === 'tool_use' && typeof raw.id === 'string') {
      for (const [i, b] of state.blocks) if (b.toolUseId === raw.id) found = i;
    }
    if (found === undefined) {
      const sorted = [...state.blocks.entries()].sort((a, b) => a[0] - b[0]);
      found = sorted.find(([, b]) => !b.finalized && b.type === raw.type)?.[0];
    }
    if (found === undefined) {
      let next = state.finalCount;
      while (state.blocks.has(next)) next++;
      found = next;
      state.blocks.set(found, { type: raw.type, finalized: true });
    }
    const b = state.blocks.get(found);
    if (b) b.finalized = true;
    state.finalCount = Math.max(state.finalCount, found + 1);
    return found;
  }
}

function blockKind(type: string): 'text' | 'thinking' | 'tool_use' | 'other' {
  if (type === 'text' || type === 'thinking' || type === 'tool_use') return type;
  if (type === 'redacted_thinking') return 'thinking';
  if (type === 'server_tool_use' || type === 'mcp_tool_use') return 'tool_use';
  return 'other';
}

function toolMeta(meta: Array<Record<string, unknown>> | undefined): Map<string, { displayName?: string; serverDisplayName?: string }> {
  const out = new Map<string, { displayName?: string; serverDisplayName?: string }>();
  for (const m of meta ?? []) {
    const id = typeof m.id === 'string' ? m.id : typeof m.tool_use_id === 'string' ? m.tool_use_id : undefined;
    if (!id) continue;
    out.set(id, {
      displayName: typeof m.display_name === 'string' ? m.display_name : undefined,
      serverDisplayName: typeof m.server_display_name === 'string' ? m.server_display_name : undefined,
    });
  }
  return out;
}

function finalBlock(raw: WireContentBlock, meta: Map<string, { displayName?: string; serverDisplayName?: string }>): FinalBlock {
  switch (raw.type) {
    case 'text':
      return { type: 'text', text: typeof raw.text === 'string' ? raw.text : '' };
    case 'thinking':
      return { type: 'thinking', text: typeof raw.thinking === 'string' ? raw.thinking : '' };
    case 'redacted_thinking':
      return { type: 'thinking', text: '', redacted: true };
    case 'tool_use':
    case 'server_tool_use':
    case 'mcp_tool_use': {
      const id = typeof raw.id === 'string' ? raw.id : '';
      const input = isRecord(raw.input) ? raw.input : {};
      const m = meta.get(id);
      return { type: 'tool_use', id, name: typeof raw.name === 'string' ? raw.name : 'tool', input, displayName: m?.displayName, serverDisplayName: m?.serverDisplayName };
    }
    default:
      return { type: 'other', label: raw.type, text: JSON.stringify(raw, null, 2) };
  }
}

export function contextTokens(u: WireUsage): number {
  return (u.input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0);
}

/** Tool result content is a string or a list of text/image blocks. */
export function toolResultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return content === undefined || content === null ? '' : JSON.stringify(content);
  return content
    .map((c: unknown) => {
      if (c && typeof c === 'object') {
        const o = c as Record<string, unknown>;
        if (o.type === 'text' && typeof o.text === 'string') return o.text;
        if (o.type === 'image') return '[image]';
      }
      return JSON.stringify(c);
    })
    .join('\n');
}

export function classifyInjected(text: string, isReplay: boolean): { source: ContextSource; label: string } {
  const t = text.trimStart();
  if (t.startsWith(SKILL_PREFIX)) {
    const dir = t.slice(SKILL_PREFIX.length).split('\n')[0]?.trim() ?? '';
    const name = dir.split(/[\\/]/).filter(Boolean).pop();
    return { source: 'skill', label: name ? `Skill: ${name}` : 'Skill' };
  }
  if (t.startsWith(INTERRUPT_TEXT)) return { source: 'interrupt', label: 'Interrupted by you' };
  if (t.startsWith(COMPACTION_PREFIX)) return { source: 'compaction', label: 'Conversation summary (compacted)' };
  if (t.includes('<local-command-stdout>') || t.includes('<local-command-stderr>')) {
    return { source: 'local-command', label: 'Command output' };
  }
  const cmd = /<command-name>\/?([^<]+)<\/command-name>/.exec(t);
  if (cmd) return { source: 'command', label: `Command: /${cmd[1]?.trim()}` };
  if (t.startsWith('<system-reminder>')) return { source: 'reminder', label: 'System reminder' };
  return { source: isReplay ? 'local-command' : 'other', label: isReplay ? 'Command output' : 'Context' };
}

export function parseResetsAt(v: number | string | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'number') return v < 1e12 ? v * 1000 : v; // epoch seconds or milliseconds
  const asNum = Number(v);
  if (Number.isFinite(asNum) && v.trim() !== '') return asNum < 1e12 ? asNum * 1000 : asNum;
  const t = Date.parse(v);
  return Number.isFinite(t) ? t : undefined;
}
