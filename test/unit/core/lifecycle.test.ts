// The whole lifecycle table, written out: every event in every phase. A change to what an
// event means anywhere shows up here as a one-cell diff.
import { describe, expect, it } from 'vitest';
import { phases, statusOf, transition, type LifecycleEvent, type Phase } from '../../../electron/core/lifecycle';

// '=' stays, a phase name moves there, '!busy' / '!not-running' refuses with that reason.
type Cell = '=' | Phase | '!busy' | '!not-running';
type Row = Record<Phase, Cell>;

const row = (cells: Cell[]): Row => Object.fromEntries(phases.map((p, i) => [p, cells[i] as Cell])) as Row;

//                                  idle            starting        ready      working    waiting    stopping        terminating     closing   parking   parked          ended           failed
const TABLE: Array<[LifecycleEvent, Row]> = [
  [{ type: 'start' }, row(['starting', '!busy', '!busy', '!busy', '!busy', '!busy', '!busy', '!busy', '!busy', 'starting', 'starting', 'starting'])],
  [{ type: 'handshake' }, row(['=', 'ready', '=', '=', '=', '=', '=', '=', '=', '=', '=', '='])],
  [{ type: 'spawn-failed' }, row(['=', 'failed', '=', '=', '=', '=', '=', '=', '=', '=', '=', '='])],
  [
    { type: 'send' },
    row([
      '!not-running',
      'working',
      'working',
      '=',
      '=',
      '!busy',
      '!not-running',
      '!not-running',
      '!not-running',
      '!not-running',
      '!not-running',
      '!not-running',
    ]),
  ],
  [{ type: 'ask' }, row(['=', 'waiting', 'waiting', 'waiting', '=', '=', '=', '=', '=', '=', '=', '='])],
  [{ type: 'prompts-cleared', turn: true }, row(['=', '=', '=', '=', 'working', '=', '=', '=', '=', '=', '=', '='])],
  [{ type: 'prompts-cleared', turn: false }, row(['=', '=', '=', '=', 'ready', '=', '=', '=', '=', '=', '=', '='])],
  [{ type: 'turn-ended' }, row(['=', '=', '=', 'ready', 'ready', 'ready', '=', '=', '=', '=', '=', '='])],
  [{ type: 'stop' }, row(['!not-running', '=', '=', 'stopping', 'stopping', '=', '=', '=', '=', '!not-running', '!not-running', '!not-running'])],
  [{ type: 'stop-timeout' }, row(['=', '=', '=', '=', '=', 'terminating', '=', '=', '=', '=', '=', '='])],
  [
    { type: 'kill' },
    row([
      '!not-running',
      'terminating',
      'terminating',
      'terminating',
      'terminating',
      'terminating',
      '=',
      '=',
      '=',
      '!not-running',
      '!not-running',
      '!not-running',
    ]),
  ],
  [{ type: 'close' }, row(['ended', 'closing', 'closing', 'closing', 'closing', 'closing', 'closing', '=', 'closing', 'ended', '=', '='])],
  [{ type: 'park' }, row(['=', '=', 'parking', '=', '=', '=', '=', '=', '=', '=', '=', '='])],
  [{ type: 'exited', clean: true }, row(['=', 'ended', 'ended', 'ended', 'ended', 'ended', 'failed', 'ended', 'parked', '=', '=', '='])],
  [{ type: 'exited', clean: false }, row(['=', 'failed', 'failed', 'failed', 'failed', 'failed', 'failed', 'ended', 'parked', '=', '=', '='])],
];

function cell(phase: Phase, e: LifecycleEvent): Cell {
  const r = transition(phase, e);
  if (!r.ok) return `!${r.reason}`;
  return r.phase === phase ? '=' : r.phase;
}

describe('session lifecycle', () => {
  for (const [event, expected] of TABLE) {
    it(`${event.type}${'turn' in event ? ` (turn: ${event.turn})` : ''}${'clean' in event ? ` (clean: ${event.clean})` : ''}`, () => {
      const actual = Object.fromEntries(phases.map((p) => [p, cell(p, event)]));
      expect(actual).toEqual(expected);
    });
  }

  it('covers every event type', () => {
    const covered = new Set(TABLE.map(([e]) => e.type));
    const all: Array<LifecycleEvent['type']> = [
      'start',
      'handshake',
      'spawn-failed',
      'send',
      'ask',
      'prompts-cleared',
      'turn-ended',
      'stop',
      'stop-timeout',
      'kill',
      'close',
      'park',
      'exited',
    ];
    expect([...covered].sort()).toEqual([...all].sort());
  });

  it('ended and failed are left only by start (Resume)', () => {
    for (const terminal of ['ended', 'failed'] as const) {
      for (const [event] of TABLE) {
        const r = transition(terminal, event);
        if (event.type === 'start') expect(r).toEqual({ ok: true, phase: 'starting' });
        else if (r.ok) expect(r.phase).toBe(terminal);
      }
    }
  });

  it('parks only a ready process, and leaves parked only by start (the next message) or close', () => {
    for (const [event] of TABLE) {
      const r = transition('parked', event);
      if (event.type === 'start') expect(r).toEqual({ ok: true, phase: 'starting' });
      else if (event.type === 'close') expect(r).toEqual({ ok: true, phase: 'ended' });
      else if (r.ok) expect(r.phase).toBe('parked');
    }
  });

  it('shows stopping and terminating as working, closing as ended, not started and parked as such', () => {
    expect(statusOf('stopping')).toBe('working');
    expect(statusOf('terminating')).toBe('working');
    expect(statusOf('closing')).toBe('ended');
    expect(statusOf('idle')).toBe('not-started');
    expect(statusOf('parking')).toBe('parked');
    expect(statusOf('parked')).toBe('parked');
    for (const p of ['ready', 'working', 'waiting', 'ended', 'failed'] as const) expect(statusOf(p)).toBe(p);
  });
});
