// The command palette's list (Ctrl/Cmd+K): every open session, the window's actions, the shown
// session's permission mode and model, and past sessions to resume. Pure: built from a snapshot
// of the state and a set of doers, so what it offers and how it ranks are tested without a page.
import type { HistorySession } from '../../../../shared/history';
import type { SessionView } from '../../../../shared/transcript';
import { folderName, permissionModeLabel, tildify } from '../../lib/format';
import { foregroundTasks } from '../../../../shared/tasks';
import { isTurnRunning } from '../../store/selectors';
import { tabTitle } from '../../store/tabs';

export type PaletteGroup = 'Sessions' | 'Actions' | 'Mode' | 'Model' | 'Past sessions';

export interface PaletteCommand {
  id: string;
  group: PaletteGroup;
  title: string;
  /** Shown beside the title: a folder, a state, a shortcut. */
  detail?: string;
  shortcut?: string;
  /** Extra words the search matches (a folder path, a model id). */
  keywords?: string;
  run(): void;
}

export interface PaletteState {
  order: readonly string[];
  activeId: string | undefined;
  sessions: Readonly<Record<string, SessionView>>;
  teamOpen: boolean;
  /** Two panes are shown (the split view). */
  split?: boolean;
  pending: number;
  past: readonly HistorySession[] | undefined;
  homeDir?: string;
  /** The transcript's text size now, in pixels. */
  textSize?: number;
}

export interface PaletteDoers {
  show(id: string): void;
  newSession(): void;
  closeTab(id: string): void;
  stop(id: string): void;
  find(id: string): void;
  exportTranscript(id: string): void;
  changes(id: string): void;
  aside(id: string): void;
  toggleTeam(): void;
  mcp(): void;
  rules(): void;
  reload(id: string): void;
  outputStyle(id: string, style: string): void;
  tasks(): void;
  usage(): void;
  background(id: string): void;
  history(): void;
  inbox(): void;
  settings(): void;
  checkForUpdates(): void;
  mode(id: string, mode: string): void;
  model(id: string, model: string): void;
  resume(session: HistorySession): void;
  splitRight(): void;
  closeSplit(): void;
  moveToOtherPane(id: string): void;
  focusOtherPane(): void;
  textSize(change: 'larger' | 'smaller' | 'reset'): void;
  runCommand(id: string): void;
  key(k: string): string;
}

const MODES = ['default', 'acceptEdits', 'plan'] as const;
const STATE_WORDS: Partial<Record<SessionView['status'], string>> = {
  working: 'working',
  waiting: 'needs you',
  failed: 'failed',
  ended: 'ended',
  starting: 'starting',
  parked: 'parked',
};

export function paletteCommands(s: PaletteState, d: PaletteDoers): PaletteCommand[] {
  const out: PaletteCommand[] = [];
  s.order.forEach((id, i) => {
    const v = s.sessions[id];
    if (!v) return;
    const cwd = v.info.cwd ?? v.cwd;
    const state = STATE_WORDS[v.status];
    out.push({
      id: `go:${id}`,
      group: 'Sessions',
      title: `${id === s.activeId ? 'Shown: ' : 'Go to '}${tabTitle(v)}`,
      detail: [tildify(cwd, s.homeDir), state].filter(Boolean).join(' · '),
      shortcut: i < 8 ? d.key(String(i + 1)) : undefined,
      keywords: `${cwd} ${folderName(cwd)} tab session switch`,
      run: () => d.show(id),
    });
  });

  const active = s.activeId ? s.sessions[s.activeId] : undefined;
  const id = s.activeId;
  const act = (cmd: Omit<PaletteCommand, 'group'>) => out.push({ ...cmd, group: 'Actions' });
  act({ id: 'new', title: 'New session…', shortcut: d.key('T'), keywords: 'tab open folder start', run: d.newSession });
  act({ id: 'usage', title: 'Usage: tokens, cost and limits', keywords: 'usage cost tokens spend money limits billing cache projects charts', run: d.usage });
  if (s.pending > 0) act({ id: 'inbox', title: `Needs you: ${s.pending} waiting`, keywords: 'inbox prompts permissions questions', run: d.inbox });
  if (id && active) {
    if (isTurnRunning(active)) act({ id: 'stop', title: 'Stop the turn', shortcut: 'Esc', keywords: 'interrupt cancel', run: () => d.stop(id) });
    act({ id: 'find', title: 'Find in transcript', shortcut: d.key('F'), keywords: 'search', run: () => d.find(id) });
    act({
      id: 'aside',
      title: 'Ask aside: a question about the session, without interrupting it',
      shortcut: d.key('Shift+/'),
      keywords: 'btw side question ask aside while working',
      run: () => d.aside(id),
    });
    act({ id: 'mcp', title: 'MCP servers', keywords: 'mcp servers tools reconnect disable enable', run: d.mcp });
    act({ id: 'rules', title: 'Rules and hooks', keywords: 'permissions permission rules allow ask deny always hooks settings', run: d.rules });
    act({
      id: 'reload',
      title: 'Reload skills, plugins and output styles',
      detail: 'read again from disk',
      keywords: 'reload refresh skills plugins output styles commands slash agents reload-plugins reload-skills',
      run: () => d.reload(id),
    });
    act({ id: 'tasks', title: 'Background tasks', keywords: 'tasks background shell monitor subagent output stop', run: d.tasks });
    if (foregroundTasks(active).length > 0)
      act({
        id: 'background',
        title: 'Run in background',
        shortcut: 'Ctrl+B',
        keywords: 'background foreground command subagent move',
        run: () => d.background(id),
      });
    if (!active.info.location) {
      act({
        id: 'run',
        title: "Run the repository's run command",
        shortcut: d.key('Shift+R'),
        keywords: 'run start dev server script terminal .clide/run',
        run: () => d.runCommand(id),
      });
    }
    act({ id: 'export', title: 'Export transcript as Markdown', keywords: 'save download markdown', run: () => d.exportTranscript(id) });
    act({
      id: 'changes',
      title: 'Changes: review what this session changed',
      shortcut: d.key('Shift+G'),
      keywords: 'git diff review commit merge worktree branch pull request archive',
      run: () => d.changes(id),
    });
    act({ id: 'close', title: `Close ${tabTitle(active)}`, shortcut: d.key('W'), keywords: 'tab close end', run: () => d.closeTab(id) });
    splitCommands(s, id, d, act);
  }
  act({ id: 'history', title: 'Past sessions (History)', shortcut: d.key('Shift+H'), keywords: 'history resume previous', run: d.history });
  act({
    id: 'team',
    title: s.teamOpen ? 'Hide the Team panel' : 'Show the Team panel',
    shortcut: d.key('Shift+E'),
    keywords: 'team tasks messages board',
    run: d.toggleTeam,
  });
  act({ id: 'updates', title: 'Check for updates', keywords: 'update upgrade new version release install', run: d.checkForUpdates });
  act({ id: 'settings', title: 'Settings', shortcut: d.key(','), keywords: 'preferences options theme notifications executable', run: d.settings });
  const now = s.textSize ? `now ${s.textSize} px` : undefined;
  const sizeWords = 'font text size zoom bigger smaller scale transcript';
  act({ id: 'text-larger', title: 'Larger transcript text', detail: now, shortcut: d.key('='), keywords: sizeWords, run: () => d.textSize('larger') });
  act({ id: 'text-smaller', title: 'Smaller transcript text', detail: now, shortcut: d.key('-'), keywords: sizeWords, run: () => d.textSize('smaller') });
  act({
    id: 'text-reset',
    title: 'Reset transcript text size',
    detail: now,
    shortcut: d.key('0'),
    keywords: `${sizeWords} default`,
    run: () => d.textSize('reset'),
  });

  const live = active && active.status !== 'ended' && active.status !== 'failed';
  if (id && active && live) {
    const current = active.info.permissionMode ?? 'default';
    for (const mode of MODES) {
      if (mode === current) continue;
      out.push({
        id: `mode:${mode}`,
        group: 'Mode',
        title: `Switch to ${permissionModeLabel(mode)}`,
        keywords: `permission mode ${mode}`,
        run: () => d.mode(id, mode),
      });
    }
    for (const style of active.info.outputStyles ?? []) {
      if (style === (active.info.outputStyle ?? 'default')) continue;
      out.push({
        id: `style:${style}`,
        group: 'Model',
        title: `Output style: ${style}`,
        keywords: `output style ${style} tone format`,
        run: () => d.outputStyle(id, style),
      });
    }
    for (const m of active.info.models ?? []) {
      if (m.value === active.info.model) continue;
      out.push({
        id: `model:${m.value}`,
        group: 'Model',
        title: `Use ${m.displayName}`,
        detail: m.description,
        keywords: `model ${m.value}`,
        run: () => d.model(id, m.value),
      });
    }
  }

  const open = new Set(s.order.map((sid) => s.sessions[sid]?.info.claudeSessionId).filter(Boolean));
  for (const p of s.past ?? []) {
    if (p.openIn || open.has(p.sessionId)) continue;
    out.push({
      id: `past:${p.sessionId}`,
      group: 'Past sessions',
      title: `Resume “${p.title}”`,
      detail: p.cwd ? tildify(p.cwd, s.homeDir) : undefined,
      keywords: `${p.cwd ?? ''} resume history`,
      run: () => d.resume(p),
    });
  }
  return out;
}

/** The split view's commands: two panes need two tabs; a split can be closed, and focus moved. */
function splitCommands(s: PaletteState, id: string, d: PaletteDoers, act: (cmd: Omit<PaletteCommand, 'group'>) => void): void {
  const words = 'split view pane side by side two';
  if (!s.split && s.order.length > 1) act({ id: 'split-right', title: 'Split right', shortcut: d.key('\\'), keywords: words, run: d.splitRight });
  if (s.split) {
    act({ id: 'split-close', title: 'Close split', shortcut: d.key('\\'), keywords: `${words} one single unsplit`, run: d.closeSplit });
    act({ id: 'split-focus', title: 'Focus other pane', shortcut: 'F6', keywords: words, run: d.focusOtherPane });
  }
  if (s.order.length > 1)
    act({ id: 'split-move', title: 'Move tab to other pane', shortcut: d.key('Shift+\\'), keywords: words, run: () => d.moveToOtherPane(id) });
}

/** Past sessions only once something is typed: an empty palette is for what is open now. */
const MAX_PAST = 8;

/**
 * The commands matching `query`: every word must appear in the title, detail or keywords.
 * Title matches rank before keyword-only ones, words at the start of the title first; the
 * groups keep their order otherwise.
 */
export function filterCommands(commands: readonly PaletteCommand[], query: string): PaletteCommand[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return commands.filter((c) => c.group !== 'Past sessions');
  const scored: Array<{ c: PaletteCommand; score: number; at: number }> = [];
  commands.forEach((c, at) => {
    const title = c.title.toLowerCase();
    const all = `${title} ${(c.detail ?? '').toLowerCase()} ${(c.keywords ?? '').toLowerCase()}`;
    if (!words.every((w) => all.includes(w))) return;
    let score = 0;
    for (const w of words) {
      if (title.startsWith(w) || title.includes(` ${w}`)) score += 2;
      else if (title.includes(w)) score += 1;
    }
    scored.push({ c, score, at });
  });
  scored.sort((a, b) => b.score - a.score || a.at - b.at);
  let past = 0;
  return scored.map((s) => s.c).filter((c) => c.group !== 'Past sessions' || ++past <= MAX_PAST);
}
