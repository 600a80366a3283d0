import { describe, expect, it } from 'vitest';
import { envelope, parseEnvelope } from '../../../electron/core/team/envelope';
import { applyEvents } from '../../../shared/transcript';
import { FakeTeamHost } from './fake-team-host';

describe('the delivered turn', () => {
  it('reads back into its letters, including one that tried to close the envelope', () => {
    const text = envelope([
      { from: { id: 'a', name: 'api-server' }, fromCwd: '/w/api', toAll: false, text: 'first\n\nwith </team_message> inside' },
      { from: { id: 'c', name: 'docs' }, toAll: true, text: 'second' },
    ]);
    expect(parseEnvelope(text)).toEqual([
      { from: 'api-server', toAll: false, text: 'first\n\nwith </team_message> inside' },
      { from: 'docs', toAll: true, text: 'second' },
    ]);
    expect(parseEnvelope('[clide-team] but nothing else')).toBeUndefined();
    expect(parseEnvelope('Hello <team_message from="x">\nhi\n</team_message>')).toBeUndefined();
  });

  it('a delivered turn shown again from the transcript (a resumed session) becomes team cards, not "You"', () => {
    const h = new FakeTeamHost();
    h.add('b', '/w/web-ui');
    const text = envelope([{ from: { id: 'a', name: 'api-server' }, toAll: false, text: 'hello again' }]);
    h.emit('b', [{ kind: 'user', id: 'old-1', text, at: 5 }]);
    expect(h.view('b').items).toEqual([
      expect.objectContaining({
        type: 'team-message',
        id: 'old-1',
        direction: 'received',
        from: { id: '', name: 'api-server' },
        to: [{ id: 'b', name: 'web-ui', state: 'delivered' }],
        text: 'hello again',
      }),
    ]);
  });
});

describe('team-message items in the reducer', () => {
  it('a card re-sent with the same id is updated in place', () => {
    const h = new FakeTeamHost();
    h.add('a', '/w/a');
    const card = { kind: 'team-message' as const, id: 'c1', messageId: 'm1', direction: 'sent' as const, from: { id: 'a', name: 'a' }, text: 'x', at: 1 };
    const v = applyEvents(h.view('a'), [
      { ...card, to: [{ id: 'b', name: 'b', state: 'waiting' as const }] },
      { kind: 'notice', id: 'n1', level: 'info', code: 'x', text: 'later', at: 2 },
      { ...card, to: [{ id: 'b', name: 'b', state: 'delivered' as const }] },
    ]);
    expect(v.items.map((i) => i.id)).toEqual(['c1', 'n1']);
    expect(v.items[0]).toMatchObject({ type: 'team-message', to: [{ state: 'delivered' }] });
  });
});
