// The Team button at the end of the top bar: opens the Team panel, and says when something
// there waits for the person (the team is paused, or messages are held).
import { useEffect } from 'react';
import type { TeamState } from '../../../../shared/team';
import { clideStore, useClide } from '../../store/store';
import { TeamGlyph } from './team-glyph';
import './team.css';

export const TEAM_PANEL_ID = 'team-panel';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
export const TEAM_KEY_LABEL = isMac ? '⇧⌘E' : 'Ctrl+Shift+E';

/** Messages held for the person (loop guard, a Stop) across the team. */
export function heldCount(team: TeamState | undefined): number {
  if (!team) return 0;
  return team.members.reduce((n, m) => n + (m.hold ? m.waiting : 0), 0);
}

/** Ctrl/Cmd+Shift+E opens and closes the panel. */
export function useTeamShortcut(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== 'e' || !e.shiftKey || e.altKey || !(isMac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey)) return;
      e.preventDefault();
      const s = clideStore.getState();
      s.setTeamOpen(!s.teamOpen);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
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
