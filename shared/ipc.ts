// Every channel between the window and the main process, declared once. The preload's
// allowlist, the typed API object, the main-process handlers and the browser host's
// WebSocket protocol are all derived from this table.
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { AppErrorSchema, type Result } from './result';
import { DialogAnswerSchema } from './dialogs';
import { ContextUsageSchema, McpServerStatusSchema, RewindResultSchema, SessionEventSchema } from './events';
import { TaskOutputSchema } from './task-schemas';
import { ElicitationAnswerSchema, McpChangeSchema, mcpReadAppContract } from './mcp';
import { DraftsSchema, ForkResultSchema, HistoryInputs, HistoryListSchema } from './history';
import { MAX_IMAGES, MAX_PROMPT_CHARS } from './message-limits';
import { SearchInputSchema, SearchProgressSchema, SearchResultSchema } from './search';
import { FolderPickInputSchema, FolderPickSchema, PathCompleteInputSchema, PathCompletionSchema } from './folders';
import { SettingsPatchSchema, SettingsSchema, SettingsStateSchema } from './settings';
import { TeamInputs, TeamStateSchema, TeamTaskSchema } from './team';
import {
  ArchiveResultSchema,
  ChangesSchema,
  CommitResultSchema,
  DiffResultSchema,
  GitCapabilitySchema,
  GitInputs,
  GitStatusSchema,
  MergeResultSchema,
  MergeStateSchema,
  PullRequestCheckSchema,
  PullRequestSchema,
  ReviewResultSchema,
  RevertResultSchema,
  SharedTreesSchema,
  UndoResultSchema,
  WorktreeRequestSchema,
} from './git';
import type { SessionView } from './transcript';
import { LocationSchema, RemoteEventSchemas, remoteContracts } from './remote';
import { ReloadReportSchema } from './reload';
import { rulesContracts } from './rules';
import { trustContracts } from './trust';
import { usageContracts } from './usage-report';
import { filesContracts } from './files';
import { ConfirmNonceSchema, confirmContracts } from './confirm';
import { TerminalEventSchemas, terminalContracts } from './terminal';
import { MAX_ASIDE_CHARS } from './aside';
import { PlanUsageSchema } from './usage';
import { DesktopEventSchemas, desktopContracts } from './desktop';

const SessionId = lazySchema(() => z.string().min(1).max(200));

export const ImageInputSchema = lazySchema(() =>
  z.object({
    mediaType: z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/webp']),
    /** Base64, without a data: prefix. */
    data: z.string().min(1).max(30_000_000),
  }),
);
export type ImageInput = z.infer<typeof ImageInputSchema>;

export const PermissionDecisionSchema = lazySchema(() =>
  z.discriminatedUnion('behavior', [
    z.object({
      behavior: z.literal('allow'),
      /** Defaults to the tool's own input, unchanged. */
      updatedInput: z.record(z.string(), z.unknown()).optional(),
      /** Chosen permission suggestions to save ("Always allow"). */
      updatedPermissions: z.array(z.record(z.string(), z.unknown())).optional(),
    }),
    z.object({
      behavior: z.literal('deny'),
      message: z.string().max(100_000).optional(),
      /** Also stop the turn. */
      interrupt: z.boolean().optional(),
    }),
  ]),
);
export type PermissionDecision = z.infer<typeof PermissionDecisionSchema>;

/** The answer to a prompt that is not a tool call: an MCP server's request for input, or a dialog. */
export const PromptAnswerSchema = lazySchema(() =>
  z.union([z.object({ input: ElicitationAnswerSchema }).strict(), z.object({ dialog: DialogAnswerSchema }).strict()]),
);
export type PromptAnswer = z.infer<typeof PromptAnswerSchema>;

export const FileSuggestionsSchema = lazySchema(() =>
  z.object({
    cwd: z.string(),
    /** Paths relative to cwd with `/` separators; folders end with `/`. */
    items: z.array(z.object({ path: z.string(), folder: z.boolean() })),
    /** The folder has more files than clide indexes; some may be missing. */
    truncated: z.boolean(),
  }),
);
export type FileSuggestions = z.infer<typeof FileSuggestionsSchema>;

export const ClaudeCheckSchema = lazySchema(() =>
  z.object({
    found: z.boolean(),
    path: z.string().optional(),
    /** Where it was found: the env variable, Settings, the login shell's PATH, clide's PATH, or a usual install location. */
    source: z.enum(['env', 'setting', 'login-shell', 'path', 'install-location']).optional(),
    /** Its version, as its package or `claude --version` says. */
    version: z.string().optional(),
    error: AppErrorSchema.optional(),
  }),
);
export type ClaudeCheck = z.infer<typeof ClaudeCheckSchema>;

export const EnvironmentSchema = lazySchema(() =>
  z.object({
    host: z.enum(['electron', 'web']),
    platform: z.string(),
    defaultCwd: z.string(),
    homeDir: z.string(),
    claude: ClaudeCheckSchema,
    testedCliVersion: z.string(),
    appVersion: z.string(),
    /** A native folder dialog is available (the desktop app); else new sessions use a path field. */
    folderPicker: z.boolean().optional(),
  }),
);
export type Environment = z.infer<typeof EnvironmentSchema>;

/**
 * A session as a (re)connecting window first sees it: the view the main process reduced with
 * the same pure reducer (shared/transcript.ts) the window uses, so both always agree.
 * Main-to-window traffic is trusted, so the view is not re-validated field by field.
 */
export const SessionSnapshotSchema = lazySchema(() =>
  z.object({
    id: SessionId,
    view: z.custom<SessionView>((v) => typeof v === 'object' && v !== null),
  }),
);
export type SessionSnapshot = z.infer<typeof SessionSnapshotSchema>;

export const AppSnapshotSchema = lazySchema(() =>
  z.object({
    environment: EnvironmentSchema,
    sessions: z.array(SessionSnapshotSchema),
    /** The team of sessions: task board, message log, pause and loop-guard state. */
    team: TeamStateSchema.optional(),
  }),
);
export type AppSnapshot = z.infer<typeof AppSnapshotSchema>;

const empty = lazySchema(() => z.object({}).strict());
const done = lazySchema(() => z.object({}));

/** Channel table: `domain:verb` -> input and output schemas. */
export const contracts = {
  app: {
    snapshot: lazySchema(() => ({ input: empty, output: AppSnapshotSchema })),
    checkClaude: lazySchema(() => ({ input: empty, output: ClaudeCheckSchema })),
    /** Raise and focus the window (a notification was clicked); nothing to do in a browser. */
    focusWindow: lazySchema(() => ({ input: empty, output: done })),
    /** Folders handed to the app, and its updates (shared/desktop.ts). */
    ...desktopContracts,
  },
  settings: {
    get: lazySchema(() => ({ input: empty, output: SettingsStateSchema })),
    /** Bypass as the default, a setup command or the claude executable need `confirm` (shared/confirm.ts). */
    update: lazySchema(() => ({ input: SettingsPatchSchema.extend({ confirm: ConfirmNonceSchema.optional() }).strict(), output: SettingsStateSchema })),
  },
  folders: {
    pick: lazySchema(() => ({ input: FolderPickInputSchema, output: FolderPickSchema })),
    complete: lazySchema(() => ({ input: PathCompleteInputSchema, output: PathCompletionSchema })),
  },
  session: {
    create: lazySchema(() => ({
      input: z
        .object({
          cwd: z.string().min(1).max(4096).optional(),
          resume: z.string().min(1).max(200).optional(),
          model: z.string().min(1).max(200).optional(),
          permissionMode: z.string().min(1).max(64).optional(),
          /**
           * Work in a new git worktree of `cwd`'s repository (`git worktree add -b`): the tab
           * gets `worktree` and `setup-*` events, and Claude starts once the setup has run.
           * Fails (nothing made) with the reason when the folder cannot have one.
           */
          worktree: WorktreeRequestSchema.optional(),
          /** A few words for the suggested branch name (e.g. what the session is for). */
          hint: z.string().max(200).optional(),
          /** Run on this remote host over ssh (shared/remote.ts); `cwd` is a folder there. Absent: this computer. */
          location: LocationSchema.optional(),
        })
        .strict(),
      output: z.object({ id: SessionId }),
    })),
    send: lazySchema(() => ({
      input: z
        .object({
          id: SessionId,
          text: z.string().max(MAX_PROMPT_CHARS),
          images: z.array(ImageInputSchema).max(MAX_IMAGES).optional(),
          /**
           * While a turn runs, hold the message in the queue and send it when the turn ends,
           * instead of writing it into the running turn now (which the CLI folds into it: "steer").
           */
          queue: z.boolean().optional(),
        })
        .strict(),
      /** `queued`: the id it waits under in the queue (absent when it was sent at once). */
      output: z.object({ queued: z.string().optional() }),
    })),
    /** Change the text of a queued message. */
    queueEdit: lazySchema(() => ({
      input: z.object({ id: SessionId, messageId: z.string().min(1).max(200), text: z.string().max(2_000_000) }).strict(),
      output: done,
    })),
    queueRemove: lazySchema(() => ({ input: z.object({ id: SessionId, messageId: z.string().min(1).max(200) }).strict(), output: done })),
    /** Move a queued message to position `to` (0 is sent first). */
    queueMove: lazySchema(() => ({
      input: z.object({ id: SessionId, messageId: z.string().min(1).max(200), to: z.number().int().min(0).max(10_000) }).strict(),
      output: done,
    })),
    /** Send a queued message now, into the running turn if there is one. */
    queueSendNow: lazySchema(() => ({ input: z.object({ id: SessionId, messageId: z.string().min(1).max(200) }).strict(), output: done })),
    /** Let a queue held after Stop or a failed turn send again. */
    queueResume: lazySchema(() => ({ input: z.object({ id: SessionId }).strict(), output: done })),
    /** Files and folders in the session's working directory matching an @ mention, best first. */
    fileSuggestions: lazySchema(() => ({
      input: z.object({ id: SessionId, query: z.string().max(1000) }).strict(),
      output: FileSuggestionsSchema,
    })),
    respond: lazySchema(() => ({
      input: z.object({ id: SessionId, requestId: z.string().min(1).max(200), decision: PermissionDecisionSchema }).strict(),
      output: done,
    })),
    /** Answer an MCP server's request for input (checked against its form) or a dialog. */
    answerPrompt: lazySchema(() => ({
      input: z.object({ id: SessionId, requestId: z.string().min(1).max(200), answer: PromptAnswerSchema }).strict(),
      output: done,
    })),
    interrupt: lazySchema(() => ({ input: z.object({ id: SessionId }).strict(), output: done })),
    /** End the process by force (offered when a session is not responding). */
    kill: lazySchema(() => ({ input: z.object({ id: SessionId }).strict(), output: done })),
    close: lazySchema(() => ({ input: z.object({ id: SessionId }).strict(), output: done })),
    restart: lazySchema(() => ({ input: z.object({ id: SessionId }).strict(), output: done })),
    setPermissionMode: lazySchema(() => ({
      /** bypassPermissions needs `confirm` (shared/confirm.ts). */
      input: z.object({ id: SessionId, mode: z.string().min(1).max(64), confirm: ConfirmNonceSchema.optional() }).strict(),
      output: z.object({ mode: z.string() }),
    })),
    setModel: lazySchema(() => ({
      input: z.object({ id: SessionId, model: z.string().min(1).max(200) }).strict(),
      output: z.object({ model: z.string() }),
    })),
    /** null restores the CLI's default thinking budget. */
    setMaxThinkingTokens: lazySchema(() => ({
      input: z.object({ id: SessionId, tokens: z.number().int().min(0).max(10_000_000).nullable() }).strict(),
      output: done,
    })),
    setEffort: lazySchema(() => ({
      input: z
        .object({
          id: SessionId,
          level: z
            .string()
            .min(1)
            .max(32)
            .regex(/^[a-z_]+$/),
        })
        .strict(),
      output: done,
    })),
    /** For this session only (apply_flag_settings): the person's settings files stay as they are. */
    setOutputStyle: lazySchema(() => ({ input: z.object({ id: SessionId, style: z.string().min(1).max(200) }).strict(), output: done })),
    /** Read the session's skills, plugins and output styles again from disk (starts a tab not yet started). */
    reload: lazySchema(() => ({ input: z.object({ id: SessionId }).strict(), output: ReloadReportSchema })),
    /**
     * What fills the context window; starts Claude in a tab that has no process yet, unless
     * `cached`: then a tab that has not started answers with the count a new session in its
     * folder started with last time (`cached: true` in the answer), or not-running.
     */
    getContextUsage: lazySchema(() => ({ input: z.object({ id: SessionId, cached: z.boolean().optional() }).strict(), output: ContextUsageSchema })),
    /** The MCP servers now (also pushed to every window as info.mcp). */
    mcpStatus: lazySchema(() => ({ input: z.object({ id: SessionId }).strict(), output: z.object({ servers: z.array(McpServerStatusSchema) }) })),
    /** Reconnect a server, or disable or enable it (Claude Code remembers that for the folder). Refused with the CLI's reason. */
    mcpChange: lazySchema(() => ({
      input: z.object({ id: SessionId, change: McpChangeSchema }).strict(),
      output: z.object({ servers: z.array(McpServerStatusSchema) }),
    })),
    /** MCP Apps: a tool's own UI (`ui://`), read from its server; refused with Claude Code's reason. */
    mcpReadApp: mcpReadAppContract,
    /** Restore files to their state at a user message (the id of its transcript item). */
    rewindFiles: lazySchema(() => ({
      input: z.object({ id: SessionId, userMessageId: z.string().min(1).max(200), dryRun: z.boolean().optional() }).strict(),
      output: RewindResultSchema,
    })),
    /** Stop one background task (a shell, a Monitor, a subagent); its end arrives as task events. */
    stopTask: lazySchema(() => ({ input: z.object({ id: SessionId, taskId: z.string().min(1).max(200) }).strict(), output: done })),
    /** The end of a shell's or Monitor's output, as the running Claude Code has it; refused with its reason for other tasks. */
    taskOutput: lazySchema(() => ({ input: z.object({ id: SessionId, taskId: z.string().min(1).max(200) }).strict(), output: TaskOutputSchema })),
    /**
     * Move the running foreground command or subagent to the background: the one `toolUseId`
     * started (`backgrounded` says whether there was one), or every one (Ctrl+B).
     */
    backgroundTasks: lazySchema(() => ({
      input: z.object({ id: SessionId, toolUseId: z.string().min(1).max(200).optional() }).strict(),
      output: z.object({ backgrounded: z.boolean().optional() }),
    })),
    /** Name the session (also sent to the CLI as rename_session while it runs). */
    rename: lazySchema(() => ({ input: z.object({ id: SessionId, title: z.string().trim().min(1).max(200) }).strict(), output: done })),
    /**
     * Ask aside: a question answered beside the conversation (the CLI's side_question), while a
     * turn runs or not; its progress and answer come as `aside` events, never in the transcript.
     * Starts Claude in a tab that has no process yet.
     */
    ask: lazySchema(() => ({
      input: z.object({ id: SessionId, question: z.string().max(MAX_ASIDE_CHARS + 1000) }).strict(),
      output: z.object({ asideId: z.string() }),
    })),
    /** Give a side question up (shown as cancelled at once). */
    cancelAside: lazySchema(() => ({ input: z.object({ id: SessionId, asideId: z.string().min(1).max(200) }).strict(), output: done })),
    /**
     * After a usage limit stopped the turn (`limit-stop`): send it again, then the queue, when the
     * limit resets (`on`), or cancel that (`off`). The main process keeps the timer.
     */
    autoContinue: lazySchema(() => ({ input: z.object({ id: SessionId, on: z.boolean() }).strict(), output: done })),
    /** The plan and its usage windows (get_usage); starts Claude in a tab that has no process yet. */
    getUsage: lazySchema(() => ({ input: z.object({ id: SessionId }).strict(), output: PlanUsageSchema })),
  },
  /** Past sessions and what survives a restart (electron/core/continuity.ts). */
  history: {
    /** Every past session, newest first; open one with session:create { resume, cwd }. */
    list: lazySchema(() => ({ input: empty, output: HistoryListSchema })),
    /** Title a past session (a running one is renamed in its tab, and in the CLI's transcript). */
    rename: lazySchema(() => ({ input: HistoryInputs.rename, output: done })),
    /** A new tab with the conversation up to just before that user message; its text comes back to edit. */
    fork: lazySchema(() => ({ input: HistoryInputs.fork, output: ForkResultSchema })),
    /** The window's unsent text of a tab, kept across a restart (send it debounced). */
    saveDraft: lazySchema(() => ({ input: HistoryInputs.saveDraft, output: done })),
    /** Saved drafts by tab id (a window that starts fills its composers from these). */
    drafts: lazySchema(() => ({ input: empty, output: DraftsSchema })),
    saveLayout: lazySchema(() => ({ input: HistoryInputs.saveLayout, output: done })),
    /** Full-text search over every message of every past session (electron/core/search). */
    search: lazySchema(() => ({ input: SearchInputSchema, output: SearchResultSchema })),
    /** How far the search index has got (also pushed as `search-progress` events). */
    searchStatus: lazySchema(() => ({ input: empty, output: SearchProgressSchema })),
  },
  /**
   * A session's working tree (electron/core/git): the Changes panel. Every call names a session;
   * git runs in that session's own folder (its worktree, or the checkout it works in), never in
   * a path the window names. File paths are relative to that tree; ones that leave it are refused.
   */
  git: {
    /** The tab's glance now; it is also pushed as `git-status` events while it changes (worktrees). */
    status: lazySchema(() => ({ input: GitInputs.session, output: GitStatusSchema })),
    /** Every file that differs from the base: committed on the branch, staged, unstaged, untracked (without line counts when asked: `counts: false`). */
    changes: lazySchema(() => ({ input: GitInputs.changes, output: ChangesSchema })),
    /** Unified patches with hunks, for files as `changes` listed them (default scope: against the base). */
    diff: lazySchema(() => ({ input: GitInputs.diff, output: DiffResultSchema })),
    /**
     * Revert a file to the base (working tree and index), or one hunk (from scope `base` or
     * `unstaged`, working tree only). Commits stay; the revert shows as a new change. The answer's
     * `undo` token undoes it while the files are as the revert left them (memory only).
     */
    revert: lazySchema(() => ({ input: GitInputs.revert, output: RevertResultSchema })),
    /** Undo a revert by its token; refused (nothing changed) when a file changed since the revert. */
    undo: lazySchema(() => ({ input: GitInputs.undo, output: UndoResultSchema })),
    /** Stage a file, or one hunk of its `unstaged` diff. */
    stage: lazySchema(() => ({ input: GitInputs.stage, output: done })),
    /** Unstage a file, or one hunk of its `staged` diff. */
    unstage: lazySchema(() => ({ input: GitInputs.stage, output: done })),
    /** Commit what is staged (everything with `all`); the repository's hooks run, their output comes back. A refusing hook is a `git-failed` error with its output in `detail`. */
    commit: lazySchema(() => ({ input: GitInputs.commit, output: CommitResultSchema })),
    /** Send the comments to Claude as one message naming each file and line (the normal send path, queued while a turn runs). */
    review: lazySchema(() => ({ input: GitInputs.review, output: ReviewResultSchema })),
    /** Tabs that share one working tree without isolation (each also gets a `shared-tree` event). */
    sharedTrees: lazySchema(() => ({ input: empty, output: SharedTreesSchema })),
  },
  /** Isolated sessions: the worktree's life from New session to merge, pull request or archive. */
  worktree: {
    /**
     * Whether New session can offer "Work in a new worktree" for a folder (or why not), with the
     * suggested branch, where its worktree would go, the branches to pick a base from and the
     * person's last choice for that repository. Read-only; the one channel that takes a folder.
     */
    capability: lazySchema(() => ({ input: GitInputs.capability, output: GitCapabilitySchema })),
    /** Answer the `setup-confirm` of a committed `.clide/setup`: run it (remembered for this content) or skip it. */
    confirmSetup: lazySchema(() => ({ input: GitInputs.confirmSetup, output: done })),
    /** Start Claude although the setup failed, or stop a running setup and start. */
    startAnyway: lazySchema(() => ({ input: GitInputs.session, output: done })),
    /** Run the setup again after it failed. */
    retrySetup: lazySchema(() => ({ input: GitInputs.session, output: done })),
    /** Make a worktree deleted outside clide again from its branch (when `canRecreate`), then start. */
    recreate: lazySchema(() => ({ input: GitInputs.session, output: done })),
    /**
     * Merge the branch into its base in the checkout the session came from: fast-forward when
     * possible, else a merge commit; `rebase` rebases first. A refusal touches nothing and says
     * why; conflicts leave the merge in progress (see `mergeState`, `mergeAbort`).
     */
    merge: lazySchema(() => ({ input: GitInputs.merge, output: MergeResultSchema })),
    /** An unfinished merge (in the checkout) or rebase (in the worktree), with its conflicted files. */
    mergeState: lazySchema(() => ({ input: GitInputs.session, output: MergeStateSchema })),
    /** Its conflicted files as diffs against that checkout's HEAD, conflict markers included (none: no conflicts). */
    conflictDiffs: lazySchema(() => ({ input: GitInputs.session, output: DiffResultSchema })),
    /** Abort that merge or rebase; the state after. */
    mergeAbort: lazySchema(() => ({ input: GitInputs.session, output: MergeStateSchema })),
    /** Whether "Create pull request" can work (gh installed and logged in, a remote), or what to do. */
    prCheck: lazySchema(() => ({ input: GitInputs.session, output: PullRequestCheckSchema })),
    /** Push the branch and open a pull request against the base. */
    createPr: lazySchema(() => ({ input: GitInputs.createPr, output: PullRequestSchema })),
    /**
     * Remove the worktree (and the branch with `deleteBranch`), then close the session. When that
     * would lose work the answer is `refused` with the exact list and a `confirm` token; calling
     * again with that token removes it. Refused while Claude is working.
     */
    archive: lazySchema(() => ({ input: GitInputs.archive, output: ArchiveResultSchema })),
  },
  /** Remote hosts over ssh (electron/core/remote): the host list, connecting, the folder field, prompts. */
  remote: remoteContracts,
  /** What decides what is asked (electron/core/rules): a session's permission rules and hooks. */
  rules: rulesContracts,
  /** Workspace trust (electron/core/trust): nothing from a folder runs before the person trusts it. */
  trust: trustContracts,
  /** The Usage view (electron/core/usage): tokens and cost over every transcript, and the plan's limits over time. */
  usage: usageContracts,
  /** The Files panel (electron/core/files): a session's folder as a tree, quick open, the editor's reads and saves. */
  files: filesContracts,
  /** Confirmations the core requires (electron/core/confirmations.ts). */
  confirm: confirmContracts,
  /** A session's terminals: shells on a PTY in the core (electron/core/terminal). */
  terminal: terminalContracts,
  /** The team broker (electron/core/team): what the person does in the Team panel. */
  team: {
    snapshot: lazySchema(() => ({ input: empty, output: TeamStateSchema })),
    addTask: lazySchema(() => ({ input: TeamInputs.addTask, output: TeamTaskSchema })),
    editTask: lazySchema(() => ({ input: TeamInputs.editTask, output: TeamTaskSchema })),
    reassignTask: lazySchema(() => ({ input: TeamInputs.reassignTask, output: TeamTaskSchema })),
    removeTask: lazySchema(() => ({ input: TeamInputs.removeTask, output: done })),
    /** Hold every delivery between sessions until resume. */
    pause: lazySchema(() => ({ input: empty, output: done })),
    resume: lazySchema(() => ({ input: empty, output: done })),
    release: lazySchema(() => ({ input: TeamInputs.release, output: done })),
  },
} as const;

type Contracts = typeof contracts;
export type Domain = keyof Contracts;
export type Verb<D extends Domain> = keyof Contracts[D] & string;
export type Channel = { [D in Domain]: `${D}:${Verb<D>}` }[Domain];

type ContractOf<D extends Domain, V extends Verb<D>> = Contracts[D][V] extends { input: infer I; output: infer O } ? { input: I; output: O } : never;
export type InputOf<D extends Domain, V extends Verb<D>> = z.input<Extract<ContractOf<D, V>['input'], z.ZodType>>;
export type OutputOf<D extends Domain, V extends Verb<D>> = z.output<Extract<ContractOf<D, V>['output'], z.ZodType>>;

/** The channels of one domain, e.g. `team:${'snapshot' | 'addTask' | ...}`. */
export type ChannelOf<D extends Domain> = `${D}:${Verb<D>}`;

type ContractAt<C extends Channel> = C extends `${infer D extends Domain}:${infer V}` ? (V extends Verb<D> ? ContractOf<D, V> : never) : never;

/**
 * The main-process side of one channel: it receives the input as safeParse returns it (defaults
 * filled in, strings trimmed) and answers the channel's output, so a handler that disagrees
 * with its contract does not compile.
 */
export type HandlerOf<C extends Channel> = (
  input: z.output<Extract<ContractAt<C>['input'], z.ZodType>>,
) => z.output<Extract<ContractAt<C>['output'], z.ZodType>> | Promise<z.output<Extract<ContractAt<C>['output'], z.ZodType>>>;

/** One handler for each channel of the table (or of the channels `C`): none missing, none extra. */
export type Handlers<C extends Channel = Channel> = { [K in C]: HandlerOf<K> };

/** The one API object the window gets (preload in Electron, WebSocket in the browser host). */
export type ClideApi = {
  [D in Domain]: { [V in Verb<D>]: (input: InputOf<D, V>) => Promise<Result<OutputOf<D, V>>> };
} & {
  /** Subscribe to pushed events; returns an unsubscribe function. */
  onEvents(listener: (batch: AppEvent[]) => void): () => void;
  /**
   * Connection state of a host that can drop (the browser host's WebSocket); absent in
   * Electron. After 'connected' following a drop, fetch a fresh `app:snapshot`.
   */
  /** 'full': the host has as many windows connected as it allows (browser host only). */
  onConnectionChange?(listener: (state: 'connected' | 'disconnected' | 'full') => void): () => void;
};

/** Events pushed from the main process, batched per frame. */
export const AppEventSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('session-events'), id: SessionId, events: z.array(SessionEventSchema) }),
    z.object({ type: z.literal('session-created'), session: SessionSnapshotSchema }),
    z.object({ type: z.literal('session-closed'), id: SessionId }),
    z.object({ type: z.literal('settings-changed'), settings: SettingsSchema }),
    z.object({ type: z.literal('team-changed'), team: TeamStateSchema }),
    z.object({ type: z.literal('search-progress'), progress: SearchProgressSchema }),
    ...RemoteEventSchemas,
    ...DesktopEventSchemas,
    ...TerminalEventSchemas,
  ]),
);
export type AppEvent = z.infer<typeof AppEventSchema>;

/** The single push channel name. */
export const EVENTS_CHANNEL = 'app:events';

/** All invoke channels, in a stable order. */
export function channels(): Array<{ domain: Domain; verb: string; channel: string }> {
  const out: Array<{ domain: Domain; verb: string; channel: string }> = [];
  for (const domain of Object.keys(contracts) as Domain[]) {
    for (const verb of Object.keys(contracts[domain])) out.push({ domain, verb, channel: `${domain}:${verb}` });
  }
  return out;
}

export function contractFor(channel: string): { input: z.ZodType; output: z.ZodType } | undefined {
  const [domain, verb] = channel.split(':');
  if (!domain || !verb || !Object.hasOwn(contracts, domain)) return undefined;
  const d = contracts[domain as Domain] as Record<string, { input: z.ZodType; output: z.ZodType }>;
  return Object.hasOwn(d, verb) ? d[verb] : undefined;
}
