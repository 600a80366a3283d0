// The team slice: the broker's state as the host last pushed it (task board, message log,
// pause and loop-guard holds) and whether the Team panel is open. Pure updates only; the
// calls to the host live in components/team/team-actions.ts.
import type { AppEvent } from '../../../shared/ipc';
import type { TeamState } from '../../../shared/team';

export interface TeamSlice {
  /** Absent until the host has said anything about the team (or when it runs without one). */
  team: TeamState | undefined;
  teamOpen: boolean;
  setTeamOpen(open: boolean): void;
}

const OPEN_KEY = 'clide.teamOpen';

function storedOpen(): boolean {
  try {
    return globalThis.localStorage?.getItem(OPEN_KEY) === '1';
  } catch {
    return false;
  }
}

export function teamSlice(set: (partial: Partial<TeamSlice>) => void): TeamSlice {
  return {
    team: undefined,
    teamOpen: storedOpen(),
    setTeamOpen: (open) => {
      try {
        globalThis.localStorage?.setItem(OPEN_KEY, open ? '1' : '0');
      } catch {
        // Private mode or no storage: the panel simply opens closed next time.
      }
      set({ teamOpen: open });
    },
  };
}

/** The newest team state in a pushed batch, if the batch carries one. */
export function teamFromBatch(batch: readonly AppEvent[]): TeamState | undefined {
  let team: TeamState | undefined;
  for (const e of batch) if (e.type === 'team-changed') team = e.team;
  return team;
}
