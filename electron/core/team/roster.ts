// Who is on the team: every open session, named the way its tab is (the person's title, else
// the folder name), made unique so a name always picks one session.
import type { SessionStatus, TeamParty } from '../../../shared/events';
import type { SessionView } from '../../../shared/transcript';

export interface RosterSource {
  id: string;
  view: SessionView;
}

export interface Member extends TeamParty {
  cwd: string;
  status: SessionStatus;
  view: SessionView;
  /** The tab's own name before it was made unique (a second "web-ui" is "web-ui-2"). */
  baseName: string;
}

export function folderName(cwd: string): string {
  const trimmed = cwd.replace(/[\\/]+$/, '');
  const parts = trimmed.split(/[\\/]/);
  return parts[parts.length - 1] || trimmed || cwd;
}

/** Members in tab order (creation order), each with a unique name. */
export function roster(sources: readonly RosterSource[]): Member[] {
  const taken = new Set<string>();
  return sources.map(({ id, view }) => {
    const cwd = view.info.cwd ?? view.cwd;
    const baseName = view.info.title?.replace(/\s+/g, ' ').trim() || folderName(cwd) || 'session';
    let name = baseName;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${baseName}-${n}`;
    taken.add(name.toLowerCase());
    return { id, name, baseName, cwd, status: view.status, view };
  });
}

/** Words a model (and a person) understands for a session's state. */
export function stateWords(m: Pick<Member, 'status' | 'view'>): string {
  switch (m.status) {
    case 'starting':
      return 'starting';
    case 'ready':
      return 'idle';
    case 'not-started':
      return 'idle (its process starts with the next message)';
    case 'parked':
      return 'idle (parked: the next message resumes it)';
    case 'working':
      return 'working';
    case 'waiting':
      return 'waiting for the person to answer a prompt';
    case 'ended':
      return 'ended (the person can resume it)';
    case 'failed':
      return 'failed (the person can resume it)';
  }
}

/**
 * Find the session a model means by `who`: its id, its unique name, or its tab name when only
 * one session has it. Case and surrounding quotes or spaces do not matter.
 */
export function findMember(members: readonly Member[], who: string): Member | undefined {
  const key = who
    .trim()
    .replace(/^["'“”‘’]+|["'“”‘’]+$/g, '')
    .trim()
    .toLowerCase();
  if (!key) return undefined;
  const byId = members.find((m) => m.id.toLowerCase() === key);
  if (byId) return byId;
  const byName = members.find((m) => m.name.toLowerCase() === key);
  if (byName) return byName;
  const byBase = members.filter((m) => m.baseName.toLowerCase() === key);
  return byBase.length === 1 ? byBase[0] : undefined;
}
