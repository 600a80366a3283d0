// Past sessions (from the CLI's own transcripts) and what keeps a session alive across a
// restart: drafts saved by the window, forks, titles for sessions that are no longer running.
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { SplitLayoutSchema } from './split';

const ClaudeSessionId = lazySchema(() => z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'is not a Claude session id'));
const TabId = lazySchema(() => z.string().min(1).max(200));

export const HistorySessionSchema = lazySchema(() =>
  z.object({
    sessionId: z.string(),
    /** The folder it ran in (absent for transcripts that never recorded one). */
    cwd: z.string().optional(),
    /** The person's title, else the CLI's generated one, else a summary, else the first prompt. */
    title: z.string(),
    /** The title was given by the person. */
    named: z.boolean(),
    firstPrompt: z.string().optional(),
    /** Epoch ms of the last record. */
    lastActivity: z.number(),
    /** Prompts plus replies (not tool results or injected context). */
    messageCount: z.number(),
    /** Size of the transcript file. */
    bytes: z.number(),
    gitBranch: z.string().optional(),
    /** The last prompt got no reply. */
    cutOff: z.boolean(),
    /** The tab the session is open in now, if any. */
    openIn: z.string().optional(),
    /** It ran on this remote host (group it under the host; resume it there). Absent: this computer. */
    location: z.string().optional(),
    /** It ran in a worktree clide made: group it under `repoRoot`, show its branch. */
    worktree: z.object({ repoRoot: z.string(), branch: z.string(), base: z.string() }).optional(),
  }),
);
export type HistorySession = z.infer<typeof HistorySessionSchema>;

export const HistoryInputs = lazySchema(() => ({
  rename: z.object({ sessionId: ClaudeSessionId, title: z.string().trim().min(1).max(200) }).strict(),
  /** Fork the tab's conversation just before one of its user messages (its transcript item id). */
  fork: z.object({ id: TabId, messageId: z.string().min(1).max(200) }).strict(),
  saveDraft: z.object({ id: TabId, text: z.string().max(2_000_000) }).strict(),
  /** The window's tab order, the tab it shows and its split view, so a restart reopens them the same way. */
  saveLayout: z.object({ order: z.array(TabId).max(1000), active: TabId.optional(), split: SplitLayoutSchema.optional() }).strict(),
}));

export const HistoryListSchema = lazySchema(() => z.object({ sessions: z.array(HistorySessionSchema) }));
/** The new tab, and the text of the message it was forked at (to edit and send again). */
export const ForkResultSchema = lazySchema(() => z.object({ id: TabId, draft: z.string() }));
export const DraftsSchema = lazySchema(() =>
  z.object({
    drafts: z.record(z.string(), z.string()),
    /** The tab that was shown when the app last closed (a starting window shows it too). */
    active: z.string().optional(),
    /** The split view it had then (tabs by their ids now). */
    split: SplitLayoutSchema.optional(),
  }),
);
