// The Team panel, docked at the right of the window: who is on the team, what waits for the
// person (pause, the loop guard, a stopped session), the shared task board and the log of
// messages between sessions. Everything it shows comes from the host's team state.
import { useState } from 'react';
import type { TeamMember, TeamState } from '../../../../shared/team';
import type { AppError } from '../../../../shared/result';
import { tildify } from '../../lib/format';
import { tabState, type TabState } from '../../store/selectors';
import { useClide } from '../../store/store';
import { MessageLog } from './message-log';
import { TaskBoard } from './task-board';
import { teamActions } from './team-actions';
import { TEAM_PANEL_ID } from './team-button';
import { TeamGlyph } from './team-glyph';
import './team.css';
import { makeVisible } from '../../../../shared/visible-chars';
import { VisibleText } from '../common/visible-text';

const stateWords: Record<TabState, string> = {
  working: 'working',
  'needs-you': 'needs you',
  error: 'failed',
  ended: 'ended',
  starting: 'starting',
  parked: 'parked',
  idle: 'idle',
};

export function TeamPanel() {
  const open = useClide((s) => s.teamOpen);
  const team = useClide((s) => s.team);
  if (!open) return null;
  return (
    <aside className="team-panel" id={TEAM_PANEL_ID} aria-labelledby="team-panel-title">
      <PanelHeader team={team} />
      {team ? (
        <div className="team-body">
          <Alerts team={team} />
          <Members team={team} />
          <TaskBoard team={team} />
          <MessageLog team={team} />
        </div>
      ) : (
        <p className="team-empty">The team is not available from this host. Sessions still work on their own.</p>
      )}
    </aside>
  );
}

function PanelHeader({ team }: { team: TeamState | undefined }) {
  const setOpen = useClide((s) => s.setTeamOpen);
  const [error, setError] = useState<AppError | undefined>();
  const toggle = async () => {
    setError(undefined);
    const r = team?.paused ? await teamActions().resume() : await teamActions().pause();
    if (!r.ok) setError(r.error);
  };
  return (
    <header className="team-head">
      <TeamGlyph size={16} />
      <h2 id="team-panel-title">Team</h2>
      {team?.paused && <span className="team-badge">Paused</span>}
      <span className="team-head-spacer" />
      {team && (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => void toggle()}
          title={team.paused ? 'Let messages between sessions flow again' : 'Hold every message between sessions until you resume'}
        >
          {team.paused ? 'Resume' : 'Pause'}
        </button>
      )}
      <button type="button" className="icon-button team-close" aria-label="Close the Team panel" title="Close" onClick={() => setOpen(false)}>
        <span aria-hidden="true">×</span>
      </button>
      {error && (
        <p className="team-error" role="alert">
          {error.message} {error.hint}
        </p>
      )}
    </header>
  );
}

/** What waits for the person, said plainly, each with the way to let it go. */
function Alerts({ team }: { team: TeamState }) {
  const held = team.members.filter((m) => m.hold && (m.hold.reason === 'cap' || m.waiting > 0));
  const problems = team.members.filter((m) => m.problem);
  if (!team.paused && held.length === 0 && problems.length === 0 && !team.notice) return null;
  return (
    <div className="team-alerts">
      {team.notice && (
        <div className="team-alert" data-kind="problem" role="status">
          <span>
            <VisibleText text={team.notice} />
          </span>
        </div>
      )}
      {team.paused && (
        <div className="team-alert" data-kind="paused" role="status">
          <span>
            <strong>The team is paused.</strong> Messages between sessions wait until you resume it. Sessions can still send them.
          </span>
        </div>
      )}
      {held.map((m) => (
        <HoldAlert key={m.id} member={m} paused={team.paused} />
      ))}
      {problems.map((m) => (
        <div key={m.id} className="team-alert" data-kind="problem" role="status">
          <span>
            <VisibleText text={m.problem ?? ''} /> It is tried again when the session is ready.
          </span>
        </div>
      ))}
    </div>
  );
}

function HoldAlert({ member, paused }: { member: TeamMember; paused: boolean }) {
  const [error, setError] = useState<AppError | undefined>();
  const release = async () => {
    setError(undefined);
    const r = await teamActions().release(member.id);
    if (!r.ok) setError(r.error);
  };
  const waiting = `${member.waiting} message${member.waiting === 1 ? '' : 's'}`;
  return (
    <div className="team-alert" data-kind={member.hold!.reason} role="status">
      {member.hold!.reason === 'cap' ? (
        <span>
          <strong>Loop guard.</strong> <VisibleText text={member.hold!.message} /> {member.waiting > 0 ? `${waiting} waiting.` : ''}
        </span>
      ) : (
        <span>
          <strong>
            <VisibleText text={member.name} /> is stopped.
          </strong>{' '}
          You stopped it, so {waiting} from the team wait{member.waiting === 1 ? 's' : ''} until you write to it or deliver them.
        </span>
      )}
      <button type="button" className="btn btn-small" onClick={() => void release()} disabled={paused} title={paused ? 'Resume the team first' : undefined}>
        {member.waiting > 0 ? 'Deliver now' : 'Lift the hold'}
      </button>
      {error && (
        <span className="team-error">
          <VisibleText text={error.message} />
        </span>
      )}
    </div>
  );
}

function Members({ team }: { team: TeamState }) {
  const setActive = useClide((s) => s.setActive);
  const home = useClide((s) => s.environment?.homeDir);
  return (
    <section className="team-section" aria-labelledby="team-members-title">
      <h3 id="team-members-title">
        Sessions <span className="team-count">{team.members.length}</span>
      </h3>
      {team.members.length < 2 && (
        <p className="team-hint">
          Open another tab to make a team: sessions can then message each other and share tasks. Ask Claude to coordinate with the other tab.
        </p>
      )}
      <ul className="team-members" aria-label="Sessions in the team">
        {team.members.map((m) => (
          <MemberRow key={m.id} member={m} cap={team.capPerMinute} home={home} onOpen={() => setActive(m.id)} />
        ))}
      </ul>
      <p className="team-cap">Loop guard: a session takes up to {team.capPerMinute} team messages a minute on its own; beyond that they wait for you.</p>
    </section>
  );
}

function MemberRow({ member, cap, home, onOpen }: { member: TeamMember; cap: number; home: string | undefined; onOpen: () => void }) {
  const state = useClide((s) => {
    const v = s.sessions[member.id];
    return v ? tabState(v) : 'ended';
  });
  return (
    <li className="team-member">
      <button type="button" className="team-member-button" onClick={onOpen} title={makeVisible(`Show ${member.name} (${member.cwd})`)}>
        <span className={`tab-marker marker-${state}`} aria-hidden="true" />
        <span className="team-member-name">
          <VisibleText text={member.name} />
        </span>
        <span className="team-member-cwd">
          <VisibleText text={tildify(member.cwd, home)} />
        </span>
      </button>
      {member.recentDeliveries > 0 && !member.hold && (
        <span
          className="team-member-recent"
          title={`Team messages delivered to it on its own in the last minute; past ${cap}, the loop guard holds them for you.`}
        >
          {member.recentDeliveries}/{cap} this minute
        </span>
      )}
      {member.waiting > 0 && (
        <span className="team-chip" data-state={member.hold ? 'held' : 'waiting'}>
          {member.waiting} waiting
        </span>
      )}
      <span className="team-member-state">{stateWords[state]}</span>
    </li>
  );
}
