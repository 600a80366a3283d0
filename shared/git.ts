// Isolated sessions on real git: a worktree per session, what it changed (the Changes panel),
// and bringing the work back. The contract between the window and electron/core/git. Every
// channel takes a session id, never a path to run git in: the core looks the folder up itself.
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { ConfirmNonceSchema } from './confirm';

const SessionId = lazySchema(() => z.string().min(1).max(200));

/**
 * A file inside the session's working tree as git prints it: relative, `/`-separated. The core
 * refuses anything that leaves the tree (`..`, absolute paths) before git sees it.
 */
export const RepoPathSchema = lazySchema(() =>
  z
    .string()
    .min(1)
    .max(4096)
    .refine((p) => !p.includes('\0'), 'contains a NUL character'),
);

/** A branch or commit name as typed by the person (checked with `git check-ref-format` in the core). */
const RefName = lazySchema(() => z.string().trim().min(1).max(255));

/** What a session remembers about its worktree, across restarts (tab state and History). */
export const WorktreeInfoSchema = lazySchema(() =>
  z.object({
    /** The checkout the session was started from; "Merge into <base>" runs here. */
    repoRoot: z.string(),
    /** The session's own working tree (its cwd), in the clide-managed folder. */
    worktreeDir: z.string(),
    branch: z.string(),
    /** The branch (or commit, when the checkout was detached) the worktree was made from. */
    base: z.string(),
    /** The commit `base` pointed at when the worktree was made. */
    baseCommit: z.string(),
    createdAt: z.number(),
  }),
);
export type WorktreeInfo = z.infer<typeof WorktreeInfoSchema>;

/** `session:create { worktree }`: start the session in a new worktree. */
export const WorktreeRequestSchema = lazySchema(() =>
  z
    .object({
      /** Default: the checkout's current branch (its HEAD commit when detached). */
      base: RefName.optional(),
      /** Default: the suggestion from `worktree:capability`. */
      branch: RefName.optional(),
    })
    .strict(),
);
export type WorktreeRequest = z.infer<typeof WorktreeRequestSchema>;

export const capabilityProblems = ['not-a-folder', 'git-missing', 'git-too-old', 'not-a-repository', 'bare-repository', 'no-commits'] as const;

/** Whether "Work in a new worktree" can be offered for a folder, and if not, why. */
export const GitCapabilitySchema = lazySchema(() =>
  z.object({
    available: z.boolean(),
    problem: z.enum(capabilityProblems).optional(),
    /** Why the option is disabled, in one sentence for the person. */
    reason: z.string().optional(),
    /** What to do about it. */
    hint: z.string().optional(),
    gitVersion: z.string().optional(),
    repo: z
      .object({
        /** The top of the working tree the folder is in. */
        root: z.string(),
        /** The repository's main checkout (differs from root when the folder is a linked worktree). */
        mainRoot: z.string(),
        linkedWorktree: z.boolean(),
        /** The checked-out branch; absent when detached. */
        branch: z.string().optional(),
        head: z.string(),
      })
      .optional(),
    /** The person's last choice for this repository (absent: never chosen). */
    remembered: z.boolean().optional(),
    suggestedBranch: z.string().optional(),
    /** Where the suggested branch's worktree would be made. */
    worktreeDir: z.string().optional(),
    /** Local branches to pick a base from, the current one first (at most 200). */
    branches: z.array(z.string()),
  }),
);
export type GitCapability = z.infer<typeof GitCapabilitySchema>;

/**
 * The tab's glance: cheap to compute, pushed as a `git-status` event when it changes, and again
 * (a new `at`) whenever the worktree's watcher saw files change: an open Changes panel re-reads then.
 */
export const GitStatusSchema = lazySchema(() =>
  z.object({
    /** Absent when HEAD is detached. */
    branch: z.string().optional(),
    head: z.string(),
    /** What "changed" is measured against: the worktree's base, or HEAD for a session without one. */
    base: z.string(),
    /** Files that differ from the base (committed on the branch, staged, unstaged or untracked). */
    filesChanged: z.number(),
    /** Commits on the branch that the base does not have, and the other way round. */
    ahead: z.number(),
    behind: z.number(),
    /** Staged, unstaged or untracked changes exist. */
    uncommitted: z.boolean(),
    conflicted: z.number(),
    /** A merge or rebase left unfinished (here, or in the checkout a merge back runs in). */
    operation: z.object({ kind: z.enum(['merge', 'rebase']), checkout: z.string() }).optional(),
    at: z.number(),
  }),
);
export type GitStatus = z.infer<typeof GitStatusSchema>;

export const changeKinds = ['added', 'modified', 'deleted', 'renamed', 'copied', 'type-changed', 'untracked', 'conflicted'] as const;

/** One file that differs from the base. */
export const ChangedFileSchema = lazySchema(() =>
  z.object({
    path: z.string(),
    /** The path at the base, for a rename or copy. */
    oldPath: z.string().optional(),
    kind: z.enum(changeKinds),
    /** Lines added and removed (0 for a binary file). */
    added: z.number(),
    removed: z.number(),
    binary: z.boolean(),
    /** Where the change sits: in commits on the branch, in the index, in the working tree. */
    committed: z.boolean(),
    staged: z.boolean(),
    unstaged: z.boolean(),
    untracked: z.boolean(),
  }),
);
export type ChangedFile = z.infer<typeof ChangedFileSchema>;

export const ChangesSchema = lazySchema(() =>
  z.object({
    base: z.string(),
    /** The commit the files are compared with (the merge base of the branch and its base). */
    baseCommit: z.string(),
    head: z.string(),
    files: z.array(ChangedFileSchema),
    totals: z.object({ files: z.number(), added: z.number(), removed: z.number() }),
    /** Listed without line counts (asked with `counts: false`): every added/removed is 0 and binary files are not yet known. */
    counted: z.literal(false).optional(),
  }),
);
export type Changes = z.infer<typeof ChangesSchema>;

/**
 * Which difference a diff shows: `base` the base against the working tree (what the session
 * changed, the Changes panel's view), `staged` HEAD against the index, `unstaged` the index
 * against the working tree.
 */
export const DiffScopeSchema = lazySchema(() => z.enum(['base', 'staged', 'unstaged']));
export type DiffScope = z.infer<typeof DiffScopeSchema>;

export const HunkSchema = lazySchema(() =>
  z.object({
    index: z.number(),
    /** The `@@ -a,b +c,d @@` line. */
    header: z.string(),
    oldStart: z.number(),
    oldLines: z.number(),
    newStart: z.number(),
    newLines: z.number(),
    /** Names this hunk's exact text: an edit on a hunk that changed since it was shown is refused. */
    digest: z.string(),
  }),
);
export type Hunk = z.infer<typeof HunkSchema>;

export const FileDiffSchema = lazySchema(() =>
  z.object({
    path: z.string(),
    oldPath: z.string().optional(),
    scope: DiffScopeSchema,
    binary: z.boolean(),
    /** Unified patch text (word-level highlighting is the window's job); cut at a size limit. */
    patch: z.string(),
    hunks: z.array(HunkSchema),
    /** Lines in the whole patch. */
    lines: z.number(),
    /** Over the size the panel shows open: show it collapsed. */
    large: z.boolean(),
    /** `patch` was cut (ask with `full` for up to the hard limit). */
    truncated: z.boolean(),
  }),
);
export type FileDiff = z.infer<typeof FileDiffSchema>;

/** A hunk as last shown: its position in the diff of `scope` and its digest. */
export const HunkRefSchema = lazySchema(() => z.object({ index: z.number().int().min(0).max(100_000), digest: z.string().min(1).max(128) }).strict());

export const ReviewCommentSchema = lazySchema(() =>
  z
    .object({
      path: RepoPathSchema,
      /** Line numbers in the file as it is now (the new side of the diff), 1-based. */
      startLine: z.number().int().min(1),
      endLine: z.number().int().min(1).optional(),
      /** `old`: the lines are on the base side (a removed line). */
      side: z.enum(['old', 'new']).optional(),
      comment: z.string().trim().min(1).max(100_000),
    })
    .strict(),
);
export type ReviewComment = z.infer<typeof ReviewCommentSchema>;

export const mergeRefusals = [
  'wrong-branch',
  'dirty-checkout',
  'operation-in-progress',
  'uncommitted-in-worktree',
  'checkout-missing',
  'nothing-to-merge',
] as const;

export const MergeResultSchema = lazySchema(() =>
  z.discriminatedUnion('outcome', [
    z.object({ outcome: z.literal('fast-forward'), checkout: z.string(), commit: z.string() }),
    z.object({ outcome: z.literal('merge-commit'), checkout: z.string(), commit: z.string(), output: z.string() }),
    /** The branch was rebased onto the base in the worktree, then the base fast-forwarded. */
    z.object({ outcome: z.literal('rebased'), checkout: z.string(), commit: z.string() }),
    z.object({ outcome: z.literal('up-to-date'), checkout: z.string() }),
    /** Stopped on conflicts: the checkout is left mid-merge (or the worktree mid-rebase) and says so. */
    z.object({
      outcome: z.literal('conflicts'),
      operation: z.enum(['merge', 'rebase']),
      /** Where the unfinished operation is: the base's checkout for a merge, the worktree for a rebase. */
      checkout: z.string(),
      conflicts: z.array(z.string()),
      message: z.string(),
    }),
    /** Nothing was touched; `message` says why and which branch or files are in the way. */
    z.object({
      outcome: z.literal('refused'),
      reason: z.enum(mergeRefusals),
      message: z.string(),
      files: z.array(z.string()).optional(),
      /** The branch the checkout is on, for `wrong-branch`. */
      branch: z.string().optional(),
    }),
  ]),
);
export type MergeResult = z.infer<typeof MergeResultSchema>;

/** An unfinished merge or rebase the session's merge back left, if any. */
export const MergeStateSchema = lazySchema(() =>
  z.object({
    operation: z.object({ kind: z.enum(['merge', 'rebase']), checkout: z.string(), conflicts: z.array(z.string()) }).nullable(),
  }),
);
export type MergeState = z.infer<typeof MergeStateSchema>;

/** Whether "Create pull request" can work: `gh` installed and logged in, a remote to push to. */
export const PullRequestCheckSchema = lazySchema(() =>
  z.object({
    available: z.boolean(),
    problem: z.enum(['gh-missing', 'gh-logged-out', 'no-remote']).optional(),
    reason: z.string().optional(),
    /** What to install or run. */
    hint: z.string().optional(),
    remote: z.string().optional(),
  }),
);
export type PullRequestCheck = z.infer<typeof PullRequestCheckSchema>;

/** What archiving would lose, listed exactly. */
export const ArchiveLossesSchema = lazySchema(() =>
  z.object({
    /** Files with staged, unstaged or untracked changes (`git status` paths). */
    uncommitted: z.array(z.string()),
    /** Commits only this branch has (in neither the base nor any remote); lost when the branch is deleted. */
    commits: z.array(z.object({ commit: z.string(), subject: z.string() })),
  }),
);
export type ArchiveLosses = z.infer<typeof ArchiveLossesSchema>;

export const ArchiveResultSchema = lazySchema(() =>
  z.discriminatedUnion('outcome', [
    z.object({ outcome: z.literal('archived'), branchDeleted: z.boolean() }),
    /** Nothing removed: confirm by calling again with `confirm` set to this token (it names exactly this list). */
    z.object({ outcome: z.literal('refused'), losses: ArchiveLossesSchema, confirm: z.string() }),
  ]),
);
export type ArchiveResult = z.infer<typeof ArchiveResultSchema>;

/** Setup of a new worktree: what runs, as the tab shows it (reduced from the setup events). */
export const SetupSourceSchema = lazySchema(() => z.enum(['env-only', 'settings', 'file']));

/** The session's worktree as its tab knows it (the `worktree` event). */
export const WorktreeStateSchema = lazySchema(() => z.enum(['ready', 'setting-up', 'missing']));

const id = lazySchema(() => z.object({ id: SessionId }).strict());

/** Inputs of the `git:*` and `worktree:*` channels (see shared/ipc.ts for what each does). */
export const GitInputs = lazySchema(() => ({
  session: id,
  /** `counts: false`: the list without +/− line counts, which are the slow part of a long list. */
  changes: z.object({ id: SessionId, counts: z.boolean().optional() }).strict(),
  capability: z.object({ cwd: z.string().min(1).max(4096), hint: z.string().max(200).optional() }).strict(),
  diff: z
    .object({
      id: SessionId,
      /** As `git:changes` lists them: a rename's old path and whether the file is untracked. */
      files: z
        .array(z.object({ path: RepoPathSchema, oldPath: RepoPathSchema.optional(), untracked: z.boolean().optional() }).strict())
        .min(1)
        .max(2000),
      scope: DiffScopeSchema.optional(),
      /** Up to the hard limit rather than the panel's size. */
      full: z.boolean().optional(),
      /**
       * The `baseCommit` of the listing the panel shows, for scope `base`: the diff is then
       * against the same commit as the list, and the host need not work it out again (two git
       * commands). A full object name only: it becomes an argument of `git diff`.
       */
      baseCommit: z
        .string()
        .regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/, 'a full commit id')
        .optional(),
    })
    .strict(),
  revert: z.object({ id: SessionId, path: RepoPathSchema, hunk: HunkRefSchema.optional(), scope: z.enum(['base', 'unstaged']).optional() }).strict(),
  undo: z.object({ id: SessionId, token: z.string().min(1).max(200) }).strict(),
  stage: z.object({ id: SessionId, path: RepoPathSchema, hunk: HunkRefSchema.optional() }).strict(),
  commit: z.object({ id: SessionId, message: z.string().trim().min(1).max(100_000), all: z.boolean().optional() }).strict(),
  review: z.object({ id: SessionId, comments: z.array(ReviewCommentSchema).min(1).max(500), intro: z.string().max(10_000).optional() }).strict(),
  merge: z.object({ id: SessionId, strategy: z.enum(['merge', 'rebase']).optional() }).strict(),
  createPr: z.object({ id: SessionId, title: z.string().trim().min(1).max(500), body: z.string().max(100_000) }).strict(),
  archive: z.object({ id: SessionId, deleteBranch: z.boolean().optional(), confirm: z.string().max(200).optional() }).strict(),
  /** Running it (`run: true`) needs `confirm` (shared/confirm.ts). */
  confirmSetup: z.object({ id: SessionId, hash: z.string().min(1).max(200), run: z.boolean(), confirm: ConfirmNonceSchema.optional() }).strict(),
}));

export const RevertResultSchema = lazySchema(() =>
  z.object({
    /** Undoes this revert while the files are as the revert left them (kept in memory only). */
    undo: z.string(),
    files: z.array(z.string()),
  }),
);
export const CommitResultSchema = lazySchema(() =>
  z.object({
    commit: z.string(),
    /** What git and the repository's hooks printed. */
    output: z.string(),
  }),
);
export const ReviewResultSchema = lazySchema(() => z.object({ text: z.string(), queued: z.string().optional() }));
export const UndoResultSchema = lazySchema(() => z.object({ files: z.array(z.string()) }));
export const DiffResultSchema = lazySchema(() => z.object({ files: z.array(FileDiffSchema) }));
export const PullRequestSchema = lazySchema(() => z.object({ url: z.string() }));
export const SharedTreesSchema = lazySchema(() => z.object({ groups: z.array(z.object({ tree: z.string(), sessions: z.array(z.string()) })) }));
