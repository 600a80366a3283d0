// What the team's MCP tools (tools.ts) ask of the broker (broker.ts), and the logged message
// both speak of. Declared here so the broker, which builds each session's tool server, and the
// tools, which call back into the broker, need not import each other.
import type { TeamParty } from '../../../shared/events';
import type { TeamHold, TeamTask, TeamTaskStatus } from '../../../shared/team';
import type { Member } from './roster';

type Stored = 'pending' | 'delivered' | 'read' | 'dropped';

export interface Recipient {
  party: TeamParty;
  state: Stored;
  at?: number;
}

export interface Logged {
  id: string;
  from: TeamParty;
  fromCwd: string;
  toAll: boolean;
  text: string;
  at: number;
  to: Recipient[];
  /** The sender's send_message call, when the message came from one. */
  toolUseId?: string;
  /** The sender's permission mode when it sent (its class travels with the delivery). */
  senderMode: string | undefined;
}

/** The broker as one session's tools see it; every call names the calling session. */
export interface TeamToolBroker {
  team(callerId: string): { you: Member; others: Member[]; paused: boolean };
  pendingFor(sessionId: string): Logged[];
  holdOf(sessionId: string): TeamHold | undefined;
  sendMessage(callerId: string, to: string, text: string, toolUseId?: string): { message: Logged; recipients: Member[] };
  /** What happens next to a message for that recipient, in words for the sender. */
  outlook(recipient: Member): string;
  readInbox(callerId: string, includeRead: number): { fresh: Logged[]; earlier: Logged[]; paused: boolean; held: number };
  listTasks(): TeamTask[];
  createTask(callerId: string, input: { title: string; description?: string; assignee?: string }): TeamTask;
  claimTask(callerId: string, taskId: string): TeamTask;
  updateTask(callerId: string, taskId: string, status: TeamTaskStatus, note?: string): TeamTask;
}
