// The part of a session's view that isolated sessions add (shared/git.ts): its worktree, the
// setup that runs before Claude starts, the git glance for the tab, and other tabs sharing
// its working tree. Pure, like the rest of the reducer (shared/transcript.ts calls this).
import type { SessionEventOf } from './events';
import type { GitStatus, WorktreeInfo } from './git';

/** Setup output kept in the view: enough to read a failure, bounded for a chatty `npm ci`. */
export const SETUP_OUTPUT_CHARS = 256 * 1024;

export interface SetupView {
  /** `confirm`: waiting for the person to allow the repository's `.clide/setup` (once per content). */
  phase: 'running' | 'confirm' | 'failed' | 'done';
  source: 'env-only' | 'settings' | 'file';
  command?: string;
  /** The tail of what the setup printed (clide's own lines included). */
  output: string;
  confirm?: { file: string; content: string; hash: string };
  exitCode?: number | null;
  signal?: string | null;
  error?: string;
  skipped?: boolean;
  startedAt: number;
  endedAt?: number;
}

export interface WorktreeFields {
  /** The session's own worktree (absent for a session in a shared folder). */
  worktree?: { info: WorktreeInfo; state: 'ready' | 'setting-up' | 'missing'; canRecreate?: boolean; message?: string };
  setup?: SetupView;
  gitStatus?: GitStatus;
  /** Other tabs working in the same tree without isolation. */
  sharedTree?: { tree: string; with: string[] };
}

export type WorktreeEvent = SessionEventOf<'worktree' | 'setup-started' | 'setup-confirm' | 'setup-output' | 'setup-finished' | 'git-status' | 'shared-tree'>;

export function applyWorktreeEvent<V extends WorktreeFields>(v: V, e: WorktreeEvent): V {
  switch (e.kind) {
    case 'worktree':
      return { ...v, worktree: { info: e.worktree, state: e.state, canRecreate: e.canRecreate, message: e.message } };
    case 'setup-started':
      return { ...v, setup: { phase: 'running', source: e.source, command: e.command, output: v.setup?.output ?? '', startedAt: e.at } };
    case 'setup-confirm': {
      const base = v.setup ?? { source: 'file' as const, output: '', startedAt: 0 };
      return { ...v, setup: { ...base, phase: 'confirm', confirm: { file: e.file, content: e.content, hash: e.hash } } };
    }
    case 'setup-output': {
      const base = v.setup ?? { phase: 'running' as const, source: 'env-only' as const, output: '', startedAt: 0 };
      const output = (base.output + e.text).slice(-SETUP_OUTPUT_CHARS);
      return { ...v, setup: { ...base, output } };
    }
    case 'setup-finished': {
      if (!v.setup) return v;
      const { confirm: _confirm, ...rest } = v.setup;
      return {
        ...v,
        setup: { ...rest, phase: e.ok ? 'done' : 'failed', exitCode: e.exitCode, signal: e.signal, error: e.error, skipped: e.skipped, endedAt: e.at },
      };
    }
    case 'git-status':
      return { ...v, gitStatus: e.status };
    case 'shared-tree':
      return { ...v, sharedTree: e.with.length > 0 ? { tree: e.tree, with: e.with } : undefined };
  }
}
