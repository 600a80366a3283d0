// The team: every open session can message the others and share a task board through the
// in-process MCP server `clide-team` (electron/core/team). This is the state the window shows
// in its Team panel; messages also appear in both transcripts as `team-message` items.
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { TeamDeliveryStateSchema, TeamPartySchema } from './events';

/** The MCP server every session gets; the model sees its tools as mcp__clide-team__<tool>. */
export const TEAM_SERVER_NAME = 'clide-team';

/** Automatic deliveries a session may receive per minute before the rest wait for the person. */
export const DEFAULT_TEAM_CAP = 5;

/** The person, when they act on the board from the Team panel. */
export const PERSON: z.infer<typeof TeamPartySchema> = { id: 'person', name: 'You' };

export const teamTaskStatuses = ['open', 'in_progress', 'blocked', 'done'] as const;
export const TeamTaskStatusSchema = lazySchema(() => z.enum(teamTaskStatuses));
export type TeamTaskStatus = z.infer<typeof TeamTaskStatusSchema>;

export const TeamTaskSchema = lazySchema(() =>
  z.object({
    /** Short and stable: T1, T2, ... */
    id: z.string(),
    title: z.string(),
    description: z.string().optional(),
    status: TeamTaskStatusSchema,
    assignee: TeamPartySchema.optional(),
    createdBy: TeamPartySchema,
    updatedBy: TeamPartySchema,
    /** The latest note: why it is blocked, what was done when it was completed. */
    note: z.string().optional(),
    createdAt: z.number(),
    updatedAt: z.number(),
  }),
);
export type TeamTask = z.infer<typeof TeamTaskSchema>;

export const TeamRecipientSchema = lazySchema(() =>
  TeamPartySchema.extend({
    state: TeamDeliveryStateSchema,
    /** When it reached the receiver (delivered or read). */
    at: z.number().optional(),
  }),
);
export type TeamRecipient = z.infer<typeof TeamRecipientSchema>;

export const TeamMessageSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    from: TeamPartySchema,
    to: z.array(TeamRecipientSchema),
    /** Sent to every other session. */
    toAll: z.boolean(),
    text: z.string(),
    /** The log keeps the first part of a long message; the transcripts have all of it. */
    clipped: z.boolean().optional(),
    at: z.number(),
  }),
);
export type TeamMessage = z.infer<typeof TeamMessageSchema>;

/**
 * Why messages to a session wait for the person: it had too many automatic deliveries in a
 * minute (a likely loop between sessions), or the person stopped its turn.
 */
export const TeamHoldSchema = lazySchema(() =>
  z.object({
    reason: z.enum(['cap', 'stopped']),
    message: z.string(),
    since: z.number(),
  }),
);
export type TeamHold = z.infer<typeof TeamHoldSchema>;

export const TeamMemberSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    /** Unique within the team (a second session in the same folder gets "-2"). */
    name: z.string(),
    cwd: z.string(),
    /** Messages waiting to reach it. */
    waiting: z.number(),
    hold: TeamHoldSchema.optional(),
    /** Automatic deliveries it received in the last minute. */
    recentDeliveries: z.number(),
    /** The last delivery failed, and why (e.g. the session had ended). */
    problem: z.string().optional(),
  }),
);
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TeamStateSchema = lazySchema(() =>
  z.object({
    /** The person paused the team: no message is delivered until they resume it. */
    paused: z.boolean(),
    capPerMinute: z.number(),
    members: z.array(TeamMemberSchema),
    /** The latest messages, oldest first. */
    messages: z.array(TeamMessageSchema),
    tasks: z.array(TeamTaskSchema),
    /** A problem with the saved task board (unreadable and set aside, or not saved). */
    notice: z.string().optional(),
  }),
);
export type TeamState = z.infer<typeof TeamStateSchema>;

export function emptyTeam(capPerMinute = DEFAULT_TEAM_CAP): TeamState {
  return { paused: false, capPerMinute, members: [], messages: [], tasks: [] };
}

const TaskId = lazySchema(() => z.string().min(1).max(20));
const MemberId = lazySchema(() => z.string().min(1).max(200));

/** Inputs of the team channels (shared/ipc.ts). */
export const TeamInputs = lazySchema(() => ({
  addTask: z
    .object({
      title: z.string().trim().min(1).max(200),
      description: z.string().max(4000).optional(),
      /** A session id; absent leaves it unassigned. */
      assignee: MemberId.optional(),
    })
    .strict(),
  editTask: z
    .object({
      taskId: TaskId,
      title: z.string().trim().min(1).max(200).optional(),
      description: z.string().max(4000).optional(),
      status: TeamTaskStatusSchema.optional(),
      note: z.string().max(4000).optional(),
    })
    .strict(),
  /** null leaves the task unassigned. */
  reassignTask: z.object({ taskId: TaskId, assignee: MemberId.nullable() }).strict(),
  removeTask: z.object({ taskId: TaskId }).strict(),
  /** Deliver what waits for a session now (after the loop guard or a Stop held it). */
  release: z.object({ sessionId: MemberId }).strict(),
}));
