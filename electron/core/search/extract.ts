// What of a transcript record is searchable: the person's prompts (and slash commands with
// their arguments), Claude's replies and thinking, tool inputs and outputs, titles. Each piece
// is one document that says where it is shown in the session (its entry, or its tool card),
// so a hit can open the session at that message. Injected text (reminders, skill bodies,
// command caveats, compaction summaries) is the CLI's, not the conversation, and is left out.
import type { SearchField, SearchTarget } from '../../../shared/search';
import { str } from '../../../shared/guards';
import { promptText, slashCommand, type TranscriptRecord } from '../protocol/transcript-file';
import { AGENT_TOOLS } from '../protocol/transcript-subagents';

/**
 * Indexed text per piece is capped: a resumed session loads the first 32 KiB of a tool result
 * (transcript-file.ts), so a word past that could not be shown where the hit points anyway.
 */
export const MAX_DOC_CHARS = 32 * 1024;

export interface IndexDoc {
  field: SearchField;
  text: string;
  /** Which piece of the record (content block index; 0 for a record with one). */
  part: number;
  target: SearchTarget;
  tool?: string;
}

/** Where a record sits: the main conversation, or a subagent's under a tool call. */
export interface RecordContext {
  /** Set for subagent records: the tool card (Task/Agent) that shows their work. */
  agentToolUseId?: string;
  /** Tool names by tool use id, filled as tool calls are read (for the results' labels). */
  toolNames: Map<string, string>;
  /**
   * The main conversation's latest Task/Agent call. Older CLIs write a subagent's records into
   * the session's own file (isSidechain) while that call runs, so they belong to its card.
   */
  lastAgentCall?: string;
  /** A prompt or command was read: a later command no longer titles the session. */
  spoken?: boolean;
}

/**
 * A line can hold a searchable record only if it names one of these types. Checked before
 * JSON.parse, so the CLI's bulky bookkeeping lines (request shapes, prompt snapshots, file
 * history) cost a scan, not a parse. A false positive is only parsed and then ignored.
 */
const MAY_INDEX = /"type"\s*:\s*"(?:user|assistant|summary|custom-title|ai-title)"/;

export function mayIndex(line: string): boolean {
  return MAY_INDEX.test(line);
}

const TYPE_KEYS = ['user', 'assistant', 'summary', 'custom-title', 'ai-title'].map((t) => Buffer.from(`"type":"${t}"`));
const SPACED = [Buffer.from('"type": '), Buffer.from('"type" :')];

/**
 * The same check on a line's bytes, before it is decoded: the CLI writes compact JSON, so its
 * records name their type as `"type":"user"`; a line written with spaces goes to mayIndex.
 */
export function mayIndexBytes(line: Buffer): boolean {
  for (const k of TYPE_KEYS) if (line.includes(k)) return true;
  return SPACED.some((k) => line.includes(k));
}

/** Epoch ms of a record's timestamp (0 when it has none). */
export function recordTime(r: TranscriptRecord): number {
  return Date.parse(str(r.timestamp) ?? '') || 0;
}

export function extractDocs(r: TranscriptRecord, ctx: RecordContext): IndexDoc[] {
  switch (r.type) {
    case 'custom-title':
      return titleDoc(str(r.customTitle));
    case 'ai-title':
      return titleDoc(str(r.aiTitle));
    case 'summary':
      return titleDoc(str(r.summary));
    case 'user':
      return userDocs(r, ctx);
    case 'assistant':
      return assistantDocs(r, ctx);
    default:
      return [];
  }
}

function titleDoc(text: string | undefined): IndexDoc[] {
  return text ? [{ field: 'title', text: cap(text), part: 0, target: {} }] : [];
}

function sidechainTarget(r: TranscriptRecord, ctx: RecordContext): SearchTarget | undefined {
  if (ctx.agentToolUseId) return { toolUseId: ctx.agentToolUseId };
  if (r.isSidechain !== true) return undefined;
  return ctx.lastAgentCall ? { toolUseId: ctx.lastAgentCall } : {};
}

function userDocs(r: TranscriptRecord, ctx: RecordContext): IndexDoc[] {
  if (r.isMeta === true || r.isCompactSummary === true) return [];
  const uuid = str(r.uuid);
  const content = (r.message as { content?: unknown } | undefined)?.content;
  const side = sidechainTarget(r, ctx);
  if (Array.isArray(content) && content.some((b) => isBlock(b, 'tool_result'))) {
    const out: IndexDoc[] = [];
    content.forEach((b, part) => {
      if (!isBlock(b, 'tool_result')) return;
      const toolUseId = str(b.tool_use_id);
      const text = withoutLineNumbers(plainText(b.content), r);
      if (!text) return;
      const tool = toolUseId ? ctx.toolNames.get(toolUseId) : undefined;
      out.push({ field: 'tool-output', text: cap(text), part, target: side ?? (toolUseId ? { toolUseId } : {}), tool });
    });
    return out;
  }
  const command = side ? undefined : slashCommand(r);
  if (command) {
    const doc: IndexDoc = { field: 'prompt', text: cap(command), part: 0, target: uuid ? { itemId: uuid } : {} };
    // A session that starts with a command is titled from it (transcript-summary.ts).
    const title = ctx.spoken ? [] : titleDoc(command);
    ctx.spoken = true;
    return [doc, ...title];
  }
  // A subagent's prompt is written as a user record of its own conversation.
  const prompt = side ? plainText(content) : promptText(r);
  if (!prompt || prompt.startsWith('[Request interrupted by user') || /^\s*<(task-notification|local-command-std)/.test(prompt)) return [];
  if (!side) ctx.spoken = true;
  return [{ field: 'prompt', text: cap(prompt), part: 0, target: side ?? (uuid ? { itemId: uuid } : {}) }];
}

function assistantDocs(r: TranscriptRecord, ctx: RecordContext): IndexDoc[] {
  const message = r.message as { id?: unknown; content?: unknown } | undefined;
  if (!message || !Array.isArray(message.content)) return [];
  const messageId = str(message.id) ?? str(r.uuid);
  const side = sidechainTarget(r, ctx);
  const out: IndexDoc[] = [];
  message.content.forEach((b: unknown, part: number) => {
    if (!b || typeof b !== 'object') return;
    const block = b as Record<string, unknown>;
    const item: SearchTarget = side ?? (messageId ? { itemId: messageId } : {});
    if (block.type === 'text') {
      const text = str(block.text);
      if (text) out.push({ field: 'reply', text: cap(text), part, target: item });
    } else if (block.type === 'thinking') {
      const text = str(block.thinking);
      if (text) out.push({ field: 'thinking', text: cap(text), part, target: item });
    } else if (block.type === 'tool_use') {
      const id = str(block.id);
      const name = str(block.name) ?? 'tool';
      if (id) ctx.toolNames.set(id, name);
      if (id && !side && AGENT_TOOLS.has(name)) ctx.lastAgentCall = id;
      const text = inputText(block.input);
      if (text) out.push({ field: 'tool-input', text: cap(text), part, target: side ?? { ...item, ...(id ? { toolUseId: id } : {}) }, tool: name });
    }
  });
  return out;
}

/**
 * A file read's text with the line numbers the CLI puts before each line taken off. They are not
 * the file's words, and every number up to the file's length would otherwise find every file
 * read that long ("404" matching each read of a file of 404 lines or more). Claude Code writes
 * them as `12\t` (2.1; the record's toolUseResult is then a text file's) or `    12→` (older
 * versions; only the Read tool writes that arrow). Only a text that starts numbered is changed.
 */
function withoutLineNumbers(text: string | undefined, r: TranscriptRecord): string | undefined {
  if (!text) return text;
  if (ARROW_NUMBERED.test(text)) return text.replace(ARROW_LINES, '');
  if (TAB_NUMBERED.test(text) && isFileRead(r.toolUseResult)) return text.replace(TAB_LINES, '');
  return text;
}

const ARROW_NUMBERED = /^ *\d+\u2192/;
const ARROW_LINES = new RegExp(ARROW_NUMBERED.source, 'gm');
const TAB_NUMBERED = /^ *\d+\t/;
const TAB_LINES = new RegExp(TAB_NUMBERED.source, 'gm');

function isFileRead(result: unknown): boolean {
  if (!result || typeof result !== 'object') return false;
  const { type, file } = result as { type?: unknown; file?: { filePath?: unknown } };
  return type === 'text' && typeof file?.filePath === 'string';
}

function isBlock(b: unknown, type: string): b is Record<string, unknown> {
  return !!b && typeof b === 'object' && (b as { type?: unknown }).type === type;
}

/** The text of a string or of the text blocks of a content array (a prompt, a tool result). */
function plainText(content: unknown): string | undefined {
  if (typeof content === 'string') return str(content);
  if (!Array.isArray(content)) return undefined;
  return str(
    content
      .filter((b) => isBlock(b, 'text'))
      .map((b) => String((b as { text?: unknown }).text ?? ''))
      .join('\n'),
  );
}

/** The string values of a tool's input (a command, a path, an edit's text), one per line. */
function inputText(input: unknown): string | undefined {
  const out: string[] = [];
  let size = 0;
  const walk = (v: unknown, depth: number) => {
    if (size > MAX_DOC_CHARS || depth > 4) return;
    if (typeof v === 'string') {
      if (v.trim()) {
        out.push(v);
        size += v.length;
      }
    } else if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x, depth + 1);
  };
  walk(input, 0);
  return out.length > 0 ? cap(out.join('\n')) : undefined;
}

function cap(text: string): string {
  return text.length > MAX_DOC_CHARS ? text.slice(0, MAX_DOC_CHARS) : text;
}
