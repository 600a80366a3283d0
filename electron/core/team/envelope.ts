// The words Claude reads: a delivered message as a user turn that says plainly who sent it,
// that it is not the person, and how to answer; and the texts the tools return.
import type { TeamParty } from '../../../shared/events';
import type { TeamTask } from '../../../shared/team';
import { TEAM_SERVER_NAME } from '../../../shared/team';

/** Every delivered turn starts with this, so it is recognisable in any transcript. */
export const ENVELOPE_MARK = `[${TEAM_SERVER_NAME}]`;

export interface Letter {
  from: TeamParty;
  fromCwd?: string;
  toAll: boolean;
  text: string;
}

export function toolName(tool: string): string {
  return `mcp__${TEAM_SERVER_NAME}__${tool}`;
}

/** The user turn that carries one or more messages to a session. */
export function envelope(letters: readonly Letter[]): string {
  const senders = [...new Set(letters.map((l) => l.from.name))];
  const one = letters.length === 1;
  const head =
    senders.length === 1
      ? `${ENVELOPE_MARK} ${one ? 'A message' : `${letters.length} messages`} from "${senders[0]}", another Claude Code session the person runs beside you in clide. ${one ? 'It comes' : 'They come'} from that session, not from the person.`
      : `${ENVELOPE_MARK} ${letters.length} messages from other Claude Code sessions the person runs beside you in clide (${senders.map((s) => `"${s}"`).join(', ')}). They come from those sessions, not from the person.`;
  const body = letters.map(
    (l) =>
      `<team_message from="${attr(l.from.name)}"${l.fromCwd ? ` from_folder="${attr(l.fromCwd)}"` : ''}${l.toAll ? ' to="all sessions"' : ''}>\n${inert(l.text)}\n</team_message>`,
  );
  const reply =
    senders.length === 1
      ? `To answer, call ${toolName('send_message')} with to: "${senders[0]}". No reply is needed if there is nothing to say.`
      : `To answer one of them, call ${toolName('send_message')} with to set to its name. No reply is needed if there is nothing to say.`;
  return [head, ...body, reply].join('\n\n');
}

/**
 * The letters in a delivered turn, when `text` is one (a conversation shown again from the
 * CLI's transcript after a resume has them as plain user messages).
 */
export function parseEnvelope(text: string): Array<{ from: string; toAll: boolean; text: string }> | undefined {
  if (!text.startsWith(ENVELOPE_MARK)) return undefined;
  const out: Array<{ from: string; toAll: boolean; text: string }> = [];
  const re = /<team_message from="([^"]*)"([^>]*)>\n([\s\S]*?)\n<\/team_message>/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out.push({ from: m[1]!, toAll: m[2]!.includes('to="all sessions"'), text: m[3]!.replace(/<(\/?)team_message_/g, '<$1team_message') });
  }
  return out.length > 0 ? out : undefined;
}

/** A message text cannot close its own envelope early and pose as a second sender. */
function inert(text: string): string {
  return text.replace(/<(\/?)team_message/gi, '<$1team_message_');
}

function attr(s: string): string {
  return s.replace(/["<>\n\r]/g, ' ');
}

export const TASK_STATUS_WORDS: Record<TeamTask['status'], string> = {
  open: 'open',
  in_progress: 'in progress',
  blocked: 'blocked',
  done: 'done',
};

export function taskLine(t: TeamTask): string {
  const who = t.assignee ? `assigned to "${t.assignee.name}"` : 'unassigned';
  const parts = [`${t.id} [${TASK_STATUS_WORDS[t.status]}] ${t.title} (${who}; created by "${t.createdBy.name}")`];
  if (t.description) parts.push(`    ${t.description.replace(/\n/g, '\n    ')}`);
  if (t.note) parts.push(`    note from "${t.updatedBy.name}": ${t.note.replace(/\n/g, '\n    ')}`);
  return parts.join('\n');
}
