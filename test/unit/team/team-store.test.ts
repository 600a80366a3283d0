import { describe, expect, it } from 'vitest';
import { createClideStore } from '../../../renderer/src/store/store';
import { emptyTeam } from '../../../shared/team';
import { environment } from '../../support/api-double';

describe('the team slice of the window store', () => {
  it('takes the team from the snapshot and from pushed changes, newest last, and keeps it otherwise', () => {
    const store = createClideStore();
    expect(store.getState().team).toBeUndefined();
    store.getState().loadSnapshot({ environment: environment(), sessions: [], team: { ...emptyTeam(), paused: true } });
    expect(store.getState().team?.paused).toBe(true);
    store.getState().apply([
      { type: 'team-changed', team: { ...emptyTeam(), capPerMinute: 3 } },
      { type: 'team-changed', team: { ...emptyTeam(), capPerMinute: 4 } },
    ]);
    expect(store.getState().team).toEqual({ ...emptyTeam(), capPerMinute: 4 });
    store.getState().apply([{ type: 'session-closed', id: 'nobody' }]);
    store.getState().loadSnapshot({ environment: environment(), sessions: [] });
    expect(store.getState().team?.capPerMinute).toBe(4);
  });

  it('remembers whether the panel is open', () => {
    const store = createClideStore();
    const before = store.getState().teamOpen;
    store.getState().setTeamOpen(!before);
    expect(store.getState().teamOpen).toBe(!before);
  });
});
