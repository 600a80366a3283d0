// What a Session is given: its options, grace periods and limits, with the defaults.
import type { SessionInfo } from '../../shared/events';
import type { AppError } from '../../shared/result';
import type { LaunchSpec, ProtocolExtensions } from './protocol/connection';
import type { ExitInfo } from './protocol/transport';
import type { ChildTracker } from './process-registry';
import type { SpareSource } from './spare-process';

export interface SessionOptions {
  id: string;
  cwd: string;
  claudePath: string;
  env: NodeJS.ProcessEnv;
  /** Start by resuming this Claude session id. */
  resume?: string;
  /** Start a copy of `resume` under this new id instead, cut after message `at` if given. */
  fork?: { sessionId: string; at?: string };
  model?: string;
  permissionMode?: string;
  /** Grace periods, shortened by tests. */
  timings?: Partial<SessionTimings>;
  limits?: SessionLimits;
  /** Records spawned children so a crashed app can reap them on its next launch. */
  tracker?: ChildTracker;
  /** Hook callbacks and in-process MCP servers registered with the CLI at initialize. */
  extensions?: ProtocolExtensions;
  now?: () => number;
  /** The warm spare (spare-process.ts): a process already spawned with this session's command line. */
  spare?: SpareSource;
  /** Throws a ClideError when the process may not start yet (a worktree still being set up). */
  gate?: () => void;
  /**
   * Throws a ClideError (and shows the question) while the folder is not trusted: checked again
   * right before every spawn, whoever asked for it (workspace trust, electron/core/trust).
   */
  trusted?: () => void;
  /** What must end before the process can start (the same Claude session still closing in another tab). */
  waitBeforeStart?: () => Promise<void> | undefined;
  /** The process answered `initialize` (kept for tabs that have not started theirs, init-cache.ts). */
  onInitialize?: (info: SessionInfo, modeFlag: string | undefined) => void;
  /** A process was spawned, or the spare claimed, for this session. */
  onStarted?: () => void;
  /** Where claude runs when not on this computer (a remote host, electron/core/remote). */
  place?: SessionPlace;
}

/** A session that runs elsewhere: how to start it there, and what its exits mean. */
export interface SessionPlace {
  /** The command line that runs claude there, from the local one. */
  launch(spec: LaunchSpec): LaunchSpec;
  /** Why the process ended, when the place rather than Claude explains it (a dropped connection). */
  exitProblem(info: ExitInfo, stderr: string, resumable: boolean): AppError | undefined;
}

export interface SessionTimings {
  initializeMs: number;
  /** After Stop, how long the turn may take to end before the process is terminated. */
  interruptGraceMs: number;
  /** On close with a turn running: how long the interrupt may take before stdin is closed. */
  closeInterruptMs: number;
  /** After closing stdin, how long the CLI gets to flush its session file and exit. */
  closeGraceMs: number;
  /** After SIGTERM, how long before SIGKILL. */
  termGraceMs: number;
  /** A working turn silent this long is reported as not responding (0 turns this off). */
  silenceMs: number;
}

export interface SessionLimits {
  /** Longest stdout line accepted; a longer one is dropped with a visible notice. */
  maxLineBytes?: number;
  /** Bytes of stderr kept for the failure report. */
  stderrBytes?: number;
  /** Characters of input allowed to wait for a CLI that is not reading. */
  maxQueuedChars?: number;
}

export const DEFAULT_TIMINGS: SessionTimings = {
  initializeMs: 30_000,
  interruptGraceMs: 10_000,
  closeInterruptMs: 2_000,
  closeGraceMs: 5_000,
  termGraceMs: 5_000,
  silenceMs: 90_000,
};

export const DENIED_BY_STOP = 'The user stopped this turn before answering.';
