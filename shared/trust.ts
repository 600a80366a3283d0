// Workspace trust: what a folder would run as soon as Claude Code starts there (its hooks, its
// MCP servers, its helpers and environment, clide's own setup and run files, CLAUDE.md imports
// from outside it), and the person's decision about it. In stream-json mode Claude Code asks
// nothing, so clide asks before the first `claude` process in a folder (electron/core/trust).
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

const SessionId = lazySchema(() => z.string().min(1).max(200));

export const trustItemKinds = ['hook', 'mcp-server', 'helper', 'env', 'plugin', 'setup', 'run', 'import', 'other'] as const;
export type TrustItemKind = (typeof trustItemKinds)[number];

export const TrustItemSchema = lazySchema(() =>
  z.object({
    kind: z.enum(trustItemKinds),
    /** The file it comes from, relative to the folder asked about (e.g. `.claude/settings.json`). */
    file: z.string(),
    /** What it is, in a few words: "SessionStart hook", "MCP server evil", "apiKeyHelper". */
    label: z.string(),
    /** What would run or be read, exactly as the file has it (a command line, a path). */
    detail: z.string(),
  }),
);
export type TrustItem = z.infer<typeof TrustItemSchema>;

/** A question to the person about one folder (or repository). */
export const TrustPromptSchema = lazySchema(() =>
  z.object({
    /** One-time id: trusting answers exactly the items this prompt showed. */
    promptId: z.string(),
    /** The folder the decision is kept for: the repository's main checkout, or the folder itself. */
    root: z.string(),
    /** The session's own folder, when it is not `root` (a subfolder, a worktree). */
    folder: z.string().optional(),
    /** The remote host the files are on; absent: this computer. */
    location: z.string().optional(),
    /** What is new since the folder was trusted (everything, when it never was). */
    items: z.array(TrustItemSchema),
    /** The folder was trusted before: these items came (or changed) since. */
    changed: z.boolean(),
    /** How many items were trusted before and are still there (not listed again). */
    alreadyTrusted: z.number(),
  }),
);
export type TrustPrompt = z.infer<typeof TrustPromptSchema>;

/**
 * A session's standing: `asking` (no process starts until the person answers `prompt`),
 * `trusted`, or `restricted` (Claude runs without anything of the folder's own: see RESTRICTED_OFF).
 */
export const TrustStateSchema = lazySchema(() =>
  z.object({
    state: z.enum(['asking', 'trusted', 'restricted']),
    prompt: TrustPromptSchema.optional(),
  }),
);
export type TrustState = z.infer<typeof TrustStateSchema>;

/** What a restricted session goes without (Claude Code's `--setting-sources user`). */
export const RESTRICTED_OFF =
  "This folder's settings, hooks, permission rules, MCP servers (.mcp.json), CLAUDE.md, skills, agents and commands are off. Your own settings (~/.claude) still apply.";

export const TrustedFolderSchema = lazySchema(() =>
  z.object({
    root: z.string(),
    location: z.string().optional(),
    /** When the person trusted it (epoch ms). */
    at: z.number(),
    /** Where the decision was made: in clide, or in Claude Code's own trust dialog. */
    source: z.enum(['clide', 'claude-code']),
    /** How many things that run it was trusted with. */
    items: z.number(),
  }),
);
export type TrustedFolder = z.infer<typeof TrustedFolderSchema>;

const empty = lazySchema(() => z.object({}).strict());
const done = lazySchema(() => z.object({}));

export const trustContracts = {
  /** The folders trusted in clide (and those Claude Code's own record trusts, once clide met them). */
  list: lazySchema(() => ({ input: empty, output: z.object({ folders: z.array(TrustedFolderSchema) }) })),
  /**
   * Trust what the session's prompt showed: its folder's decision is kept, and every tab waiting
   * on the same folder may start. Refused (a new prompt is shown) when the folder changed since.
   */
  grant: lazySchema(() => ({ input: z.object({ id: SessionId, promptId: z.string().min(1).max(200) }).strict(), output: done })),
  /** Open the session without anything of its folder's own (RESTRICTED_OFF); kept for the tab. */
  restrict: lazySchema(() => ({ input: z.object({ id: SessionId }).strict(), output: done })),
  /** Forget a folder's trust: the next `claude` process there asks again. */
  revoke: lazySchema(() => ({
    input: z.object({ root: z.string().min(1).max(4096), location: z.string().min(1).max(300).optional() }).strict(),
    output: done,
  })),
};
