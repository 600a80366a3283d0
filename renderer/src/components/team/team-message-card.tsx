// A message between two sessions of the team, as a card in a transcript: in the sender's
// transcript where it was sent (with where each copy stands), in the receiver's where it
// reached Claude. Never shown as "You": the person did not write it.
import { useState } from 'react';
import type { TeamDeliveryState } from '../../../../shared/events';
import type { TranscriptItem } from '../../../../shared/transcript';
import { cutText, formatClock } from '../../lib/format';
import { TeamGlyph } from './team-glyph';
import './team.css';
import { makeVisible } from '../../../../shared/visible-chars';
import { VisibleText } from '../common/visible-text';

type TeamItem = Extract<TranscriptItem, { type: 'team-message' }>;

export const deliveryLabel: Record<TeamDeliveryState, string> = {
  waiting: 'waiting',
  held: 'held for you',
  delivered: 'delivered',
  read: 'read',
  dropped: 'not delivered',
};

export const deliveryHint: Record<TeamDeliveryState, string> = {
  waiting: 'Waits in the session’s inbox until its current turn ends.',
  held: 'Held: the team is paused, or the loop guard or a Stop holds messages to this session. See the Team panel.',
  delivered: 'Arrived as a new turn.',
  read: 'Read by the session with read_inbox during a turn.',
  dropped: 'The session was closed before the message reached it.',
};

/** Long messages show their first lines until opened. */
const PREVIEW_CHARS = 900;
const PREVIEW_LINES = 14;

export function recipientsText(item: Pick<TeamItem, 'to' | 'toAll'>): string {
  return item.toAll ? 'all sessions' : item.to.map((t) => t.name).join(', ');
}

/** `time`: when the message was sent, in milliseconds since the epoch. */
export function TeamMessageCard({ item, time }: { item: TeamItem; time: number }) {
  const sent = item.direction === 'sent';
  const to = recipientsText(item);
  const [open, setOpen] = useState(false);
  const lines = item.text.split('\n');
  const long = item.text.length > PREVIEW_CHARS || lines.length > PREVIEW_LINES;
  const shown = long && !open ? `${cutText(lines.slice(0, PREVIEW_LINES).join('\n'), PREVIEW_CHARS)}…` : item.text;
  const kind = sent ? 'Sent' : item.via === 'inbox' ? 'Read from inbox' : 'Received';
  return (
    <article className="team-card" data-direction={item.direction} aria-label={makeVisible(`Team message from ${item.from.name} to ${to}`)} tabIndex={-1}>
      <header className="team-card-head">
        <TeamGlyph />
        <span className="team-card-kind">{kind}</span>
        <span className="team-card-route">
          <span className="team-name">
            <VisibleText text={item.from.name} />
          </span>
          <span className="team-arrow" aria-label="to">
            →
          </span>
          <span className="team-name">
            <VisibleText text={to} />
          </span>
        </span>
        <time className="team-card-time" dateTime={new Date(time).toISOString()}>
          {formatClock(time)}
        </time>
        {sent && <DeliveryChips to={item.to} named={item.to.length > 1} />}
      </header>
      <div className="team-card-text" data-find-part={item.id}>
        <VisibleText text={shown} />
      </div>
      {long && (
        <button type="button" className="team-more" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Show less' : 'Show all'}
        </button>
      )}
      {!sent && (
        <footer className="team-card-foot">
          From the session “<VisibleText text={item.from.name} />
          ”, not from you · {item.via === 'inbox' ? 'it read this during a turn' : 'this started a turn'}
        </footer>
      )}
    </article>
  );
}

export function DeliveryChips({ to, named }: { to: TeamItem['to']; named: boolean }) {
  return (
    <span className="team-chips">
      {to.map((t) => (
        <span key={t.id} className="team-chip" data-state={t.state} title={deliveryHint[t.state]}>
          {named ? <VisibleText text={`${t.name}: `} /> : ''}
          {deliveryLabel[t.state]}
        </span>
      ))}
    </span>
  );
}
