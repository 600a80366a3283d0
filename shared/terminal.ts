// A session's terminals: real shells on a PTY in the core (electron/core/terminal), started in
// the session's folder, shown with xterm.js in the window. The shell lives in the core, so a
// window that reloads attaches again and gets the scrollback the core kept.
import { z } from 'zod';
import { ConfirmNonceSchema } from './confirm';
import { lazySchema } from './lazy-schema';

const SessionId = lazySchema(() => z.string().min(1).max(200));
const TerminalId = lazySchema(() => z.string().min(1).max(200));
const Cols = lazySchema(() => z.number().int().min(2).max(1000));
const Rows = lazySchema(() => z.number().int().min(1).max(500));

/** Lines of scrollback the core keeps per terminal (and the window's xterm.js shows). */
export const TERMINAL_SCROLLBACK_LINES = 10_000;
/** The most one write may carry (a paste); larger pastes are refused, not cut. */
export const MAX_TERMINAL_INPUT = 1_000_000;

export const TerminalExitSchema = lazySchema(() =>
  z.object({
    /** The shell's exit code (128 + n when a signal ended it, as shells report it). */
    code: z.number(),
    /** The signal that ended it, when one did. */
    signal: z.number().optional(),
  }),
);
export type TerminalExit = z.infer<typeof TerminalExitSchema>;

export const TerminalInfoSchema = lazySchema(() =>
  z.object({
    terminalId: TerminalId,
    sessionId: SessionId,
    /** The shell, as the tab names it (`bash`, `zsh`). */
    title: z.string(),
    /** The folder it started in (the session's folder: its worktree for an isolated session). */
    cwd: z.string(),
    cols: z.number(),
    rows: z.number(),
    /** Set once the shell has ended: the terminal stays, showing it, until it is closed. */
    exit: TerminalExitSchema.optional(),
  }),
);
export type TerminalInfo = z.infer<typeof TerminalInfoSchema>;

export const TerminalAttachSchema = lazySchema(() =>
  z.object({
    terminal: TerminalInfoSchema,
    /** What the core kept of its output (the last TERMINAL_SCROLLBACK_LINES lines, within a byte cap). */
    scrollback: z.string(),
    /**
     * Where the scrollback ends in the terminal's output (in UTF-16 units since it started):
     * `terminal-output` events up to here are already in it and are skipped.
     */
    end: z.number(),
  }),
);
export type TerminalAttach = z.infer<typeof TerminalAttachSchema>;

const done = lazySchema(() => z.object({}));

/** The title of the terminal Run starts. */
export const RUN_TITLE = 'Run';

export const TerminalRunSchema = lazySchema(() =>
  z.discriminatedUnion('state', [
    /** Started in a new terminal of the session, titled Run (a previous Run was stopped and closed first). */
    z.object({ state: z.literal('started'), terminal: TerminalInfoSchema, command: z.string() }),
    /**
     * The repository's committed `.clide/run` has not been allowed in this content: show it, and
     * run again with a 'run-file' nonce for this session and hash.
     */
    z.object({ state: z.literal('confirm'), file: z.string(), content: z.string(), hash: z.string() }),
  ]),
);
export type TerminalRun = z.infer<typeof TerminalRunSchema>;

export const terminalContracts = {
  /** A new shell in the session's folder; refused for a session on a remote host (for now). */
  create: lazySchema(() => ({
    input: z.object({ id: SessionId, cols: Cols, rows: Rows }).strict(),
    output: TerminalInfoSchema,
  })),
  /** Keys and pastes typed into the terminal. */
  write: lazySchema(() => ({
    input: z.object({ terminalId: TerminalId, data: z.string().min(1).max(MAX_TERMINAL_INPUT) }).strict(),
    output: done,
  })),
  resize: lazySchema(() => ({
    input: z.object({ terminalId: TerminalId, cols: Cols, rows: Rows }).strict(),
    output: done,
  })),
  /**
   * The repository's run command (Settings, or a committed `.clide/run` once allowed) in a new
   * terminal of the session, in its folder; refused without one, and for a remote session.
   */
  run: lazySchema(() => ({
    input: z.object({ id: SessionId, cols: Cols.optional(), rows: Rows.optional(), confirm: ConfirmNonceSchema.optional() }).strict(),
    output: TerminalRunSchema,
  })),
  /** End the shell and everything it started (its whole process group), and forget the terminal. */
  close: lazySchema(() => ({ input: z.object({ terminalId: TerminalId }).strict(), output: done })),
  /** The live terminals: a session's, or every one. */
  list: lazySchema(() => ({
    input: z.object({ id: SessionId.optional() }).strict(),
    output: z.object({ terminals: z.array(TerminalInfoSchema) }),
  })),
  /** The terminal with its scrollback, for a window that (re)opens it. */
  attach: lazySchema(() => ({ input: z.object({ terminalId: TerminalId }).strict(), output: TerminalAttachSchema })),
};

export const TerminalEventSchemas = lazySchema(
  () =>
    [
      /** Output from `start` (UTF-16 units since the shell started), coalesced per frame and capped per batch. */
      z.object({ type: z.literal('terminal-output'), terminalId: TerminalId, start: z.number(), data: z.string() }),
      z.object({ type: z.literal('terminal-created'), terminal: TerminalInfoSchema }),
      /** The shell ended; the terminal stays until it is closed. */
      z.object({ type: z.literal('terminal-exit'), terminalId: TerminalId, exit: TerminalExitSchema }),
      z.object({ type: z.literal('terminal-closed'), terminalId: TerminalId }),
    ] as const,
);
