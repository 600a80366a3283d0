// The one line that says what a tool call does: the Bash command, the file a Read/Write/Edit
// touches, the pattern of a Grep/Glob, else a short JSON summary of the input.
import { nonEmpty } from '../../../../shared/guards';

export type SummaryKind = 'command' | 'path' | 'pattern' | 'url' | 'text' | 'json';

export interface ToolSummary {
  kind: SummaryKind;
  text: string;
  /** Secondary detail such as the folder a Grep searches. */
  detail?: string;
}

const MAX_JSON = 160;

export function summarizeToolInput(name: string, input: Readonly<Record<string, unknown>>): ToolSummary {
  switch (name) {
    // (A Monitor watches a command's output in the background.)
    case 'Bash':
    case 'BashOutput':
    case 'PowerShell':
    case 'Monitor': {
      const command = nonEmpty(input.command);
      if (command) return { kind: 'command', text: command, detail: nonEmpty(input.description) };
      break;
    }
    case 'Read':
    case 'Write':
    case 'Edit':
    case 'MultiEdit':
    case 'NotebookRead':
    case 'NotebookEdit': {
      const path = nonEmpty(input.file_path) ?? nonEmpty(input.notebook_path) ?? nonEmpty(input.path);
      if (path) return { kind: 'path', text: path };
      break;
    }
    case 'Grep':
    case 'Glob': {
      const pattern = nonEmpty(input.pattern);
      if (pattern) return { kind: 'pattern', text: pattern, detail: nonEmpty(input.path) ?? nonEmpty(input.glob) };
      break;
    }
    case 'LS': {
      const path = nonEmpty(input.path);
      if (path) return { kind: 'path', text: path };
      break;
    }
    case 'WebFetch': {
      const url = nonEmpty(input.url);
      if (url) return { kind: 'url', text: url };
      break;
    }
    case 'WebSearch': {
      const query = nonEmpty(input.query);
      if (query) return { kind: 'text', text: query };
      break;
    }
    case 'Task':
    case 'Agent': {
      const d = nonEmpty(input.description) ?? nonEmpty(input.prompt);
      if (d) return { kind: 'text', text: d, detail: nonEmpty(input.subagent_type) };
      break;
    }
    case 'TodoWrite': {
      if (Array.isArray(input.todos)) return { kind: 'text', text: `${input.todos.length} ${input.todos.length === 1 ? 'item' : 'items'}` };
      break;
    }
    case 'AskUserQuestion': {
      // The first question is the line; the head's meta counts the rest.
      const first = Array.isArray(input.questions) ? (input.questions[0] as Record<string, unknown> | undefined) : undefined;
      const question = typeof first === 'object' && first !== null ? nonEmpty(first.question) : undefined;
      if (question) return { kind: 'text', text: question };
      break;
    }
    case 'ExitPlanMode':
      return { kind: 'text', text: nonEmpty(input.planFilePath) ?? 'Plan ready for review' };
  }
  return { kind: 'json', text: jsonSummary(input) };
}

/** `{"a":1,"b":"x"}` flattened to one line and cut at a readable length (with an ellipsis). */
export function jsonSummary(input: Readonly<Record<string, unknown>>, max = MAX_JSON): string {
  if (Object.keys(input).length === 0) return '';
  let s: string;
  try {
    s = JSON.stringify(input) ?? '';
  } catch {
    s = '[input that cannot be shown as JSON]';
  }
  s = s.replace(/\s+/g, ' ');
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

/** Pretty JSON for the full-input disclosure; never throws. */
export function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The first line of a possibly multi-line summary, for one-line cards. */
export function firstLine(text: string): { line: string; more: boolean } {
  const nl = text.indexOf('\n');
  return nl === -1 ? { line: text, more: false } : { line: text.slice(0, nl), more: true };
}

const KEY_FIELDS = ['command', 'file_path', 'notebook_path', 'pattern', 'url', 'query', 'description', 'path'];

/**
 * While a tool call streams, its input is incomplete JSON. Pull out the key field's text so far
 * (e.g. the Bash command being written) without waiting for the closing brace.
 */
export function partialKeyField(partialJson: string): string | undefined {
  for (const key of KEY_FIELDS) {
    const m = new RegExp(`"${key}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)`).exec(partialJson);
    if (!m?.[1]) continue;
    const raw = m[1].replace(/\\u[0-9a-fA-F]{0,3}$|\\$/, '');
    try {
      return JSON.parse(`"${raw}"`) as string;
    } catch {
      return raw;
    }
  }
  return undefined;
}
