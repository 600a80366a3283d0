// What a tool card says in its one-line head: which kind of card it is, its name (MCP tools by
// their server and tool display names), the key input, and short facts from the result
// ("+12 −1", "exit 1", "12 files", "3 of 5 done").
import type { ToolState } from '../../../../shared/transcript';
import { diffStats } from './line-diff';
import { bashResult, fileChange, mcpName, readInfo, readRangeLabel, searchInfo, todosOf, webSearchHits, fetchInfo } from './tool-results';
import { firstLine, partialKeyField, summarizeToolInput, type SummaryKind } from './tool-summary';
import { formatCount } from '../count';
import { parseQuestions } from '../../components/question/answers';
import { questionOutcome } from './question-result';
import { cardKind, type CardKind } from './card-kind';

export { cardKind, type CardKind } from './card-kind';

export interface ToolIdentity {
  name: string;
  displayName?: string;
  serverDisplayName?: string;
}

/** The card's title and, for MCP tools, the server it belongs to. */
export function toolTitle(t: ToolIdentity): { title: string; server?: string } {
  const mcp = mcpName(t.name);
  if (mcp || t.serverDisplayName) {
    return { title: t.displayName ?? mcp?.tool ?? t.name, server: t.serverDisplayName ?? mcp?.server };
  }
  return { title: t.displayName ?? t.name };
}

export type MetaTone = 'muted' | 'add' | 'del' | 'error' | 'ok';
export interface HeadMeta {
  text: string;
  tone: MetaTone;
}

export interface ToolHead {
  kind: CardKind;
  title: string;
  server?: string;
  summary: string;
  summaryKind: SummaryKind;
  /** The summary has more lines than the head shows. */
  more: boolean;
  meta: HeadMeta[];
}

export function toolHead(tool: ToolIdentity & { input: Record<string, unknown> }, state: ToolState, streamingInput?: string): ToolHead {
  const kind = cardKind(tool.name);
  const { title, server } = toolTitle(tool);
  const s = streamingInput !== undefined ? { kind: 'text' as const, text: partialKeyField(streamingInput) ?? '' } : summarizeToolInput(tool.name, tool.input);
  const { line, more } = firstLine(s.text);
  const meta: HeadMeta[] = [];
  const r = state.result;
  switch (kind) {
    case 'bash': {
      if (!r) break;
      const b = bashResult(r.content, r.isError, r.structured);
      if (b.interrupted) meta.push({ text: 'interrupted', tone: 'error' });
      else if (b.exitCode !== undefined) meta.push({ text: `exit ${b.exitCode}`, tone: b.exitCode === 0 ? 'muted' : 'error' });
      if (b.backgroundTaskId) meta.push({ text: 'background', tone: 'muted' });
      break;
    }
    case 'edit':
    case 'write': {
      if (streamingInput !== undefined || (r?.isError ?? false)) break;
      const change = fileChange(tool.name, tool.input, r?.structured);
      const { added, removed } = diffStats(change.hunks);
      if (kind === 'write' && change.created) meta.push({ text: `new · ${formatCount(added)} ${added === 1 ? 'line' : 'lines'}`, tone: 'add' });
      else {
        if (added) meta.push({ text: `+${formatCount(added)}`, tone: 'add' });
        if (removed) meta.push({ text: `−${formatCount(removed)}`, tone: 'del' });
      }
      break;
    }
    case 'read': {
      const label = readRangeLabel(readInfo(tool.input, r?.structured));
      if (label) meta.push({ text: label, tone: 'muted' });
      break;
    }
    case 'search': {
      if (s.kind === 'pattern' && s.detail) meta.push({ text: `in ${s.detail}`, tone: 'muted' });
      const count = r && !r.isError ? searchInfo(tool.name, r.structured).countLabel : undefined;
      if (count) meta.push({ text: count, tone: 'muted' });
      break;
    }
    case 'todo': {
      const todos = todosOf(tool.input);
      if (todos.length > 0) {
        const done = todos.filter((t) => t.status === 'completed').length;
        return { kind, title: 'Todos', server, summary: `${done} of ${todos.length} done`, summaryKind: 'text', more: false, meta };
      }
      break;
    }
    case 'agent': {
      if (s.detail) meta.push({ text: s.detail, tone: 'muted' });
      break;
    }
    case 'fetch': {
      const f = fetchInfo(tool.input, r?.structured);
      if (f.status) meta.push({ text: f.status, tone: f.status.startsWith('2') ? 'muted' : 'error' });
      break;
    }
    case 'question': {
      const questions = parseQuestions(tool.input);
      if (questions.length === 0) break;
      const title = questions.length === 1 ? 'Question' : `${questions.length} questions`;
      const outcome = questionOutcome(questions, state);
      if (outcome.kind === 'answered') {
        const given = outcome.answers.filter((a) => a !== undefined).length;
        meta.push({ text: given === questions.length ? 'answered' : `${given} of ${questions.length} answered`, tone: 'ok' });
      } else if (outcome.kind === 'unanswered') meta.push({ text: 'not answered', tone: 'muted' });
      return { kind, title, server, summary: line, summaryKind: s.kind, more, meta };
    }
    case 'websearch': {
      const hits = r ? webSearchHits(r.structured) : undefined;
      if (hits) meta.push({ text: `${hits.length} ${hits.length === 1 ? 'result' : 'results'}`, tone: 'muted' });
      break;
    }
  }
  return { kind, title, server, summary: line, summaryKind: s.kind, more, meta };
}
