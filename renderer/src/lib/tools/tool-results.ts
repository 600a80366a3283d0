// Typed readers for what each tool call carries: its input and the CLI's structured
// `tool_use_result` (shapes as the Agent SDK's sdk-tools.d.ts declares them for 2.1.332).
// Every reader is defensive: a field of the wrong type is treated as absent, so a CLI that
// changes a shape degrades a card to its generic form instead of breaking it.
import { additionHunk, diffTexts, hunksFromPatch, type DiffHunk } from './line-diff';
import { formatCount } from '../count';
import { isRecord, num, str } from '../../../../shared/guards';

type Rec = Record<string, unknown>;

function rec(v: unknown): Rec | undefined {
  return isRecord(v) ? v : undefined;
}
function strings(v: unknown): string[] | undefined {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined;
}

// ---- Bash -----------------------------------------------------------------------------------

export interface BashResult {
  stdout: string;
  stderr: string;
  interrupted: boolean;
  /** From the "Exit code N" the CLI puts at the top of a failed command's result. */
  exitCode?: number;
  backgroundTaskId?: string;
  /** The CLI's reading of an exit code that is not a failure (grep's 1: "no matches"). */
  interpretation?: string;
  timedOutAfterMs?: number;
}

const EXIT_CODE = /^(?:Error: )?Exit code (\d+)\s*\n?/;

export function bashResult(content: string, isError: boolean, structured: unknown): BashResult {
  const s = rec(structured);
  const fromContent = isError ? EXIT_CODE.exec(content) : null;
  const exitCode = fromContent?.[1] !== undefined ? Number(fromContent[1]) : undefined;
  if (s && typeof s.stdout === 'string') {
    return {
      stdout: s.stdout,
      stderr: str(s.stderr) ?? '',
      interrupted: s.interrupted === true,
      exitCode,
      backgroundTaskId: str(s.backgroundTaskId),
      interpretation: str(s.returnCodeInterpretation),
      timedOutAfterMs: num(s.timedOutAfterMs),
    };
  }
  // A failed command's result is "Exit code N\n<output>" with no structured part.
  const body = fromContent ? content.slice(fromContent[0].length) : content;
  return { stdout: body, stderr: '', interrupted: /\binterrupted\b/i.test(content.slice(0, 200)) && isError, exitCode };
}

// ---- Edit, MultiEdit, Write -----------------------------------------------------------------

export interface FileChange {
  filePath?: string;
  hunks: DiffHunk[];
  /** The hunks carry real line numbers (from the CLI's patch or a whole-file diff). */
  numbered: boolean;
  /** Write: a new file (its content is the whole story) or an overwrite. */
  created?: boolean;
  /** Write: the content written. */
  content?: string;
  userModified?: boolean;
}

/** What an Edit/MultiEdit/Write did (from its result) or will do (from its input). */
export function fileChange(toolName: string, input: Rec, structured: unknown): FileChange {
  const s = rec(structured);
  const filePath = str(s?.filePath) ?? str(input.file_path);
  const patch = hunksFromPatch(s?.structuredPatch);
  if (toolName === 'Write') {
    const content = str(s?.content) ?? str(input.content) ?? '';
    const type = str(s?.type);
    if (type === 'update' && patch && patch.length > 0) {
      return { filePath, hunks: patch, numbered: true, created: false, content, userModified: s?.userModified === true };
    }
    const original = str(s?.originalFile);
    if (type === 'update' && original !== undefined) {
      return { filePath, hunks: diffTexts(original, content), numbered: true, created: false, content };
    }
    return { filePath, hunks: additionHunk(content), numbered: true, created: type !== 'update', content };
  }
  if (patch && patch.length > 0) return { filePath, hunks: patch, numbered: true, userModified: s?.userModified === true };
  // Pending (or no patch): compute from the strings. Line numbers are unknown for a fragment.
  const edits = toolName === 'MultiEdit' && Array.isArray(input.edits) ? input.edits.map(rec).filter((e): e is Rec => !!e) : [input];
  const hunks: DiffHunk[] = [];
  for (const e of edits) hunks.push(...diffTexts(str(e.old_string) ?? '', str(e.new_string) ?? '', { numbered: false, context: 2 }));
  return { filePath, hunks, numbered: false };
}

// ---- Read -----------------------------------------------------------------------------------

export interface ReadInfo {
  filePath?: string;
  startLine?: number;
  numLines?: number;
  totalLines?: number;
  kind: 'text' | 'image' | 'other';
}

export function readInfo(input: Rec, structured: unknown): ReadInfo {
  const s = rec(structured);
  const file = rec(s?.file);
  const type = str(s?.type);
  const offset = num(input.offset);
  const limit = num(input.limit);
  return {
    filePath: str(file?.filePath) ?? str(input.file_path),
    startLine: num(file?.startLine) ?? offset,
    numLines: num(file?.numLines) ?? limit,
    totalLines: num(file?.totalLines),
    kind: type === 'image' ? 'image' : type === 'text' || !type ? 'text' : 'other',
  };
}

/** "lines 10–59 of 300", "300 lines", "from line 10". */
export function readRangeLabel(r: ReadInfo): string | undefined {
  if (r.kind === 'image') return 'image';
  const { startLine, numLines, totalLines } = r;
  if (startLine !== undefined && numLines !== undefined && numLines > 0) {
    const whole = startLine <= 1 && totalLines !== undefined && numLines >= totalLines;
    if (whole) return `${formatCount(numLines)} ${numLines === 1 ? 'line' : 'lines'}`;
    const range = `lines ${formatCount(startLine)}–${formatCount(startLine + numLines - 1)}`;
    return totalLines !== undefined ? `${range} of ${formatCount(totalLines)}` : range;
  }
  if (startLine !== undefined && startLine > 1) return `from line ${formatCount(startLine)}`;
  return undefined;
}

// ---- Grep, Glob -----------------------------------------------------------------------------

export interface SearchInfo {
  /** "12 files", "34 matches", "no matches". */
  countLabel?: string;
  /** What to show when expanded: file names or matching lines. */
  results?: string;
  truncated?: boolean;
}

function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

export function searchInfo(toolName: string, structured: unknown): SearchInfo {
  const s = rec(structured);
  if (!s) return {};
  const files = strings(s.filenames);
  const numFiles = num(s.numFiles);
  if (toolName === 'Glob') {
    const total = num(s.totalMatches) ?? numFiles;
    return {
      countLabel: total === undefined ? undefined : total === 0 ? 'no files' : plural(total, 'file', 'files'),
      results: files?.join('\n'),
      truncated: s.truncated === true,
    };
  }
  const mode = str(s.mode);
  const content = str(s.content);
  if (mode === 'content' || (content && !mode)) {
    const matches = num(s.numMatches) ?? num(s.numLines);
    return { countLabel: matches === undefined ? undefined : matches === 0 ? 'no matches' : plural(matches, 'match', 'matches'), results: content };
  }
  if (mode === 'count') {
    const matches = num(s.numMatches);
    return { countLabel: matches === undefined ? undefined : plural(matches, 'match', 'matches'), results: content };
  }
  return { countLabel: numFiles === undefined ? undefined : numFiles === 0 ? 'no files' : plural(numFiles, 'file', 'files'), results: files?.join('\n') };
}

// ---- TodoWrite ------------------------------------------------------------------------------

export type TodoStatus = 'pending' | 'in_progress' | 'completed';
export interface Todo {
  content: string;
  status: TodoStatus;
  activeForm?: string;
}

export function todosOf(input: Rec): Todo[] {
  if (!Array.isArray(input.todos)) return [];
  const out: Todo[] = [];
  for (const raw of input.todos) {
    const t = rec(raw);
    const content = str(t?.content);
    if (!t || content === undefined) continue;
    const status = t.status === 'in_progress' || t.status === 'completed' ? t.status : 'pending';
    out.push({ content, status, activeForm: str(t.activeForm) });
  }
  return out;
}

// ---- WebFetch, WebSearch --------------------------------------------------------------------

export interface FetchInfo {
  url?: string;
  prompt?: string;
  status?: string;
  bytes?: number;
  result?: string;
}

export function fetchInfo(input: Rec, structured: unknown): FetchInfo {
  const s = rec(structured);
  const code = num(s?.code);
  return {
    url: str(s?.url) ?? str(input.url),
    prompt: str(input.prompt),
    status: code !== undefined ? `${code} ${str(s?.codeText) ?? ''}`.trim() : undefined,
    bytes: num(s?.bytes),
    result: str(s?.result),
  };
}

export interface SearchHit {
  title: string;
  url: string;
}

export function webSearchHits(structured: unknown): SearchHit[] | undefined {
  const s = rec(structured);
  if (!s || !Array.isArray(s.results)) return undefined;
  const hits: SearchHit[] = [];
  for (const r of s.results) {
    const group = rec(r);
    if (!group || !Array.isArray(group.content)) continue;
    for (const c of group.content) {
      const h = rec(c);
      const url = str(h?.url);
      if (url) hits.push({ title: str(h?.title) || url, url });
    }
  }
  return hits;
}

// ---- Agent / Task ---------------------------------------------------------------------------

export interface AgentInfo {
  description?: string;
  subagentType?: string;
  prompt?: string;
  status?: string;
  /** The subagent's final answer. */
  answer?: string;
  toolUses?: number;
  durationMs?: number;
  totalTokens?: number;
  async?: boolean;
}

export function agentInfo(input: Rec, structured: unknown): AgentInfo {
  const s = rec(structured);
  const answer = Array.isArray(s?.content)
    ? s.content
        .map(rec)
        .map((c) => (c?.type === 'text' ? str(c.text) : undefined))
        .filter((t): t is string => !!t)
        .join('\n\n')
    : undefined;
  return {
    description: str(input.description) ?? str(s?.description),
    subagentType: str(input.subagent_type) ?? str(s?.agentType),
    prompt: str(input.prompt) ?? str(s?.prompt),
    status: str(s?.status),
    answer: answer || undefined,
    toolUses: num(s?.totalToolUseCount),
    durationMs: num(s?.totalDurationMs),
    totalTokens: num(s?.totalTokens),
    async: s?.isAsync === true || s?.status === 'async_launched',
  };
}

// ---- MCP ------------------------------------------------------------------------------------

/** `mcp__github__create_issue` -> { server: 'github', tool: 'create_issue' }. */
export function mcpName(name: string): { server: string; tool: string } | undefined {
  const m = /^mcp__(.+?)__(.+)$/.exec(name);
  return m?.[1] && m[2] ? { server: m[1], tool: m[2] } : undefined;
}

/** File extension -> highlight.js language, for content previews. */
const EXT_LANG: Record<string, string> = {
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  json: 'json',
  py: 'python',
  rb: 'ruby',
  go: 'go',
  rs: 'rust',
  java: 'java',
  kt: 'kotlin',
  swift: 'swift',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  php: 'php',
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  css: 'css',
  scss: 'scss',
  less: 'less',
  html: 'xml',
  xml: 'xml',
  svg: 'xml',
  md: 'markdown',
  yml: 'yaml',
  yaml: 'yaml',
  toml: 'ini',
  ini: 'ini',
  sql: 'sql',
  lua: 'lua',
  pl: 'perl',
  r: 'r',
  diff: 'diff',
  patch: 'diff',
  graphql: 'graphql',
  makefile: 'makefile',
  dockerfile: 'dockerfile',
};

export function languageForPath(path: string | undefined): string | undefined {
  if (!path) return undefined;
  const base = path.split(/[\\/]/).pop()?.toLowerCase() ?? '';
  if (base === 'makefile' || base === 'dockerfile') return base;
  const dot = base.lastIndexOf('.');
  return dot === -1 ? undefined : EXT_LANG[base.slice(dot + 1)];
}
