// Every message between sessions, newest first, with where each copy stands. The same
// messages are also cards in the sender's and the receiver's transcripts.
import { useState } from 'react';
import type { TeamMessage, TeamState } from '../../../../shared/team';
import { formatClock } from '../../lib/format';
import { useClide } from '../../store/store';
import { DeliveryChips, recipientsText } from './team-message-card';
import { makeVisible } from '../../../../shared/visible-chars';
import { VisibleText } from '../common/visible-text';

const SHOWN = 50;

export function MessageLog({ team }: { team: TeamState }) {
  const [all, setAll] = useState(false);
  const newest = [...team.messages].reverse();
  const shown = all ? newest : newest.slice(0, SHOWN);
  return (
    <section className="team-section" aria-labelledby="team-messages-title">
      <h3 id="team-messages-title">
        Messages <span className="team-count">{team.messages.length}</span>
      </h3>
      {team.messages.length === 0 ? (
        <p className="team-hint">No messages yet. Sessions write to each other with their clide-team tools; every message also shows in both transcripts.</p>
      ) : (
        <ol className="team-log" aria-label="Messages between sessions, newest first">
          {shown.map((m) => (
            <LogEntry key={m.id} message={m} />
          ))}
        </ol>
      )}
      {newest.length > shown.length && (
        <button type="button" className="team-link" onClick={() => setAll(true)}>
          Show {newest.length - shown.length} older
        </button>
      )}
    </section>
  );
}

function LogEntry({ message }: { message: TeamMessage }) {
  const setActive = useClide((s) => s.setActive);
  const order = useClide((s) => s.order);
  const [expanded, setExpanded] = useState(false);
  const long = message.text.length > 280 || message.text.split('\n').length > 4;
  const to = recipientsText(message);
  const link = (id: string, name: string) =>
    order.includes(id) ? (
      <button type="button" className="team-name-link" onClick={() => setActive(id)} title={makeVisible(`Show ${name}`)}>
        <VisibleText text={name} />
      </button>
    ) : (
      <span className="team-name">
        <VisibleText text={name} />
      </span>
    );
  return (
    <li className="team-log-entry" aria-label={makeVisible(`From ${message.from.name} to ${to}`)}>
      <div className="team-log-head">
        {link(message.from.id, message.from.name)}
        <span className="team-arrow" aria-label="to">
          →
        </span>
        {message.toAll ? <span className="team-name">{to}</span> : link(message.to[0]?.id ?? '', to)}
        <time className="team-card-time" dateTime={new Date(message.at).toISOString()}>
          {formatClock(message.at)}
        </time>
      </div>
      <div className="team-log-text" data-clamped={long && !expanded ? '' : undefined}>
        <VisibleText text={message.text} />
      </div>
      <div className="team-log-foot">
        <DeliveryChips to={message.to} named={message.to.length > 1} />
        {long && (
          <button type="button" className="team-link" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
            {expanded ? 'Less' : 'More'}
          </button>
        )}
      </div>
    </li>
  );
}
