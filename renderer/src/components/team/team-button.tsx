// The Team button at the end of the top bar: opens the Team panel, and says when something
// there waits for the person (the team is paused, or messages are held).
import type { TeamState } from '../../../../shared/team';
import { isShortcut, keyLabel, useWindowKeys } from '../../lib/shortcuts';
import { clideStore, useClide } from '../../store/store';
import { TeamGlyph } from './team-glyph';
import './team.css';

export const TEAM_PANEL_ID = 'team-panel';

export const TEAM_KEY_LABEL = keyLabel('E', { shift: true });

/** Messages held for the person (loop guard, a Stop) across the team. */
export function heldCount(team: TeamState | undefined): number {
  if (!team) return 0;
  return team.members.reduce((n, m) => n + (m.hold ? m.waiting : 0), 0);
}

function toggleOnKey(e: KeyboardEvent): void {
  if (!isShortcut(e, 'e', { shift: true })) return;
  e.preventDefault();
  const s = clideStore.getState();
  s.setTeamOpen(!s.teamOpen);
}

/** Ctrl/Cmd+Shift+E opens and closes the panel. */
export function useTeamShortcut(): void {
  useWindowKeys(toggleOnKey);
}

export function TeamButton() {
  const open = useClide((s) => s.teamOpen);
  const setOpen = useClide((s) => s.setTeamOpen);
  const paused = useClide((s) => s.team?.paused === true);
  const held = useClide((s) => heldCount(s.team));
  useTeamShortcut();
  const note = paused ? 'paused' : held > 0 ? `${held} held` : undefined;
  return (
    <button
      type="button"
      className="team-toggle"
      aria-expanded={open}
      aria-controls={open ? TEAM_PANEL_ID : undefined}
      data-attention={note ? '' : undefined}
      title={`Team: tasks and messages between your sessions (${TEAM_KEY_LABEL})`}
      onClick={() => setOpen(!open)}
    >
      <TeamGlyph size={15} />
      <span>Team</span>
      {note && <span className="team-toggle-note">{note}</span>}
    </button>
  );
}
