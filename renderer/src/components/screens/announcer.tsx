// The window's one polite live region (lib/announce.ts says what goes in it). A log rather than
// a status: each announcement is an addition, read on its own, not the whole region again.
import { useAnnouncements } from '../../lib/announce';

export function Announcer() {
  const said = useAnnouncements();
  return (
    <div className="visually-hidden" role="log" aria-live="polite" aria-label="Announcements">
      {said.map((a) => (
        <p key={a.id}>{a.text}</p>
      ))}
    </div>
  );
}
