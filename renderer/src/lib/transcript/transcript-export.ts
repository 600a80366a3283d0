// The transcript as a Markdown document: what was said, what each tool did (input and output),
// subagents nested under their card, injected context folded into <details>. Everything the
// model or a tool wrote goes into code fences longer than any run of backticks inside it, so the
// export can never turn into markup it did not contain.
import type { SessionView, ToolState, TranscriptItem } from '../../../../shared/transcript';
import { blocksOf, itemTime, shownAsTeamCard } from '../../../../shared/transcript';
import { contextBody, contextTitle } from './context-text';
import { stripTerminal } from '../tools/terminal-text';
import { todosOf } from '../tools/tool-results';
import { toolTitle } from '../tools/tool-head';
import { prettyJson, summarizeToolInput } from '../tools/tool-summary';
import { formatCount } from '../count';

/** Tool output beyond this many characters is cut in the export (and says so). */
export const EXPORT_OUTPUT_CAP = 100_000;

export interface ExportOptions {
  title?: string;
  /** Epoch ms of the export, for the header. */
  now?: number;
  formatTime?: (ms: number) => string;
}

export function fence(text: string, lang = ''): string {
  let longest = 2;
  for (const m of text.matchAll(/`{3,}/g)) longest = Math.max(longest, m[0].length);
  const f = '`'.repeat(longest + 1);
  return `${f}${lang}\n${text.replace(/\n$/, '')}\n${f}`;
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A single line of inline text that cannot start markup: backslash-escaped where needed. */
function inline(s: string): string {
  return s.replace(/\s+/g, ' ').replace(/([\\`*_[\]<>#|~])/g, '\\$1');
}

function capped(text: string): string {
  if (text.length <= EXPORT_OUTPUT_CAP) return text;
  return `${text.slice(0, EXPORT_OUTPUT_CAP)}\n… (${formatCount(text.length - EXPORT_OUTPUT_CAP)} more characters not included)`;
}

function quote(block: string, depth: number): string {
  if (depth === 0) return block;
  const prefix = '> '.repeat(depth);
  return block
    .split('\n')
    .map((l) => (l ? prefix + l : prefix.trimEnd()))
    .join('\n');
}

function toolSection(
  v: SessionView,
  tool: { id: string; name: string; input: Record<string, unknown>; displayName?: string; serverDisplayName?: string },
  state: ToolState | undefined,
  depth: number,
): string[] {
  const { title, server } = toolTitle(tool);
  const summary = summarizeToolInput(tool.name, tool.input).text.split('\n')[0] ?? '';
  const outcome = state?.permission ? ` · ${state.permission}` : state?.denial ? ' · denied' : '';
  const status = state?.result ? (state.result.isError ? ' · error' : '') : ' · no result';
  const out: string[] = [`**${inline(server ? `${server} · ${title}` : title)}**${summary ? ` \`${summary.replace(/`/g, "'")}\`` : ''}${outcome}${status}`];
  if (tool.name === 'TodoWrite') {
    const todos = todosOf(tool.input);
    out.push(
      todos.map((t) => `- [${t.status === 'completed' ? 'x' : ' '}] ${inline(t.content)}${t.status === 'in_progress' ? ' (in progress)' : ''}`).join('\n'),
    );
  } else {
    out.push(fence(prettyJson(tool.input), 'json'));
  }
  if (state?.permissionMessage || state?.denial) out.push(`_${inline(state.permissionMessage ?? state.denial?.message ?? '')}_`);
  if (state?.result && state.result.content) out.push(fence(capped(stripTerminal(state.result.content))));
  const children = v.children?.[tool.id];
  if (children?.length && depth < 8) {
    const nested: string[] = [];
    for (const pos of children) {
      const child = v.items[pos];
      if (child) nested.push(...itemSection(v, child, 0, 'Subagent'));
    }
    out.push(quote(nested.join('\n\n'), 1));
  }
  return out.map((b) => quote(b, depth));
}

function itemSection(v: SessionView, item: TranscriptItem, depth: number, assistantName: string, formatTime?: (ms: number) => string): string[] {
  const when = (at: number) => (formatTime ? ` · ${formatTime(itemTime(v, { at }))}` : '');
  switch (item.type) {
    case 'user':
      return [`### You${when(item.at)}`, fence(item.text, 'text')];
    case 'assistant': {
      const out = [`### ${assistantName}`];
      for (const b of blocksOf(item)) {
        if (b.type === 'text' && b.text.trim()) out.push(b.text);
        else if (b.type === 'thinking' && b.text.trim()) out.push(`<details><summary>Thinking</summary>\n\n${fence(b.text, 'text')}\n\n</details>`);
        else if (b.type === 'other') out.push(`<details><summary>${escapeHtml(b.label ?? 'Content')}</summary>\n\n${fence(b.text, 'text')}\n\n</details>`);
        // A call that sent a team message is exported as that message (its own item).
        else if (b.type === 'tool_use' && b.tool && !shownAsTeamCard(b)) out.push(...toolSection(v, b.tool, b.tool, depth));
      }
      if (item.aborted) out.push('_Stopped before the reply was finished._');
      return out.length > 1 ? out : [];
    }
    case 'context':
      if (item.source === 'interrupt') return ['_Interrupted by you._'];
      return [
        `<details><summary>${escapeHtml(contextTitle(item.source, item.label))}</summary>\n\n${fence(contextBody(item.text, item.source), 'text')}\n\n</details>`,
      ];
    case 'notice':
      return [`_${inline(item.text)}_`];
    case 'compaction':
      return ['_The conversation was compacted: earlier messages were summarised._'];
    case 'reset':
      return ['---', '_The conversation was cleared; a new one starts here._'];
    case 'hook':
      return [`_Hook ${inline(item.name)} failed${item.exitCode !== undefined ? ` (exit ${item.exitCode})` : ''}._`];
    case 'turn-error':
      return [`_The turn failed: ${inline(item.errors?.join('; ') || item.text || item.subtype)}_`];
    case 'team-message': {
      const to = item.toAll ? 'the team' : item.to.map((p) => inline(p.name)).join(', ');
      const head = item.direction === 'sent' ? `### Message to ${to}${when(item.at)}` : `### Message from ${inline(item.from.name)}${when(item.at)}`;
      return [head, fence(item.text, 'text')];
    }
    default: {
      // Entries of kinds this export does not know yet still keep their words.
      const text = (item as { text?: unknown }).text;
      return typeof text === 'string' && text ? [fence(text, 'text')] : [];
    }
  }
}

export function transcriptToMarkdown(v: SessionView, opts: ExportOptions = {}): string {
  const title = opts.title ?? v.info.cwd ?? v.cwd;
  const lines: string[] = [`# ${inline(title)}`];
  const facts: string[] = [];
  if (v.info.model) facts.push(`Model: ${inline(v.info.model)}`);
  if (v.info.cwd ?? v.cwd) facts.push(`Folder: \`${(v.info.cwd ?? v.cwd).replace(/`/g, "'")}\``);
  if (v.info.claudeSessionId) facts.push(`Session: \`${v.info.claudeSessionId}\``);
  if (opts.now !== undefined) facts.push(`Exported: ${new Date(opts.now).toISOString()}`);
  if (facts.length) lines.push(facts.join(' · '));
  for (const item of v.items) {
    if ('parentToolUseId' in item && item.parentToolUseId) continue;
    lines.push(...itemSection(v, item, 0, 'Claude', opts.formatTime));
  }
  return lines.join('\n\n') + '\n';
}

/** A file name for the export: the folder's name and the date. */
export function exportFileName(v: SessionView, now = Date.now()): string {
  const folder = (v.info.cwd ?? v.cwd).split(/[\\/]/).filter(Boolean).pop() ?? 'session';
  const date = new Date(now).toISOString().slice(0, 16).replace('T', ' ').replace(':', '-');
  return `${folder.replace(/[^\w.-]+/g, '-')} ${date}.md`;
}
