// The lifecycle of one session as a pure transition function, so every (phase, event) pair
// has one written-down outcome and a test can walk the whole table.
//
//   idle -> starting -> ready <-> working <-> waiting          (a live process)
//   (idle: no process yet, until the first message or anything else that needs one)
//                         \         |  \         /
//                          \        |   stopping  (Stop: interrupt sent, turn still ending)
//                           \       |      |
//                            \      +-- terminating (Stop timed out, or Kill): SIGTERM/SIGKILL
//                             \            |
//   any live phase --close--> closing -----+--> ended   (we shut it down, or it exited cleanly)
//   any live phase --exit---------------------> failed  (it died, or we had to terminate it)
//
//   ready --park--> parking --exited--> parked --start--> starting   (idle too long: the process
//   is ended cleanly and the next message resumes the same Claude session)
//
// The session keeps the facts (pending prompts, whether a turn runs); this file decides what an
// event means in the phase the session is in. Rejections say why, so callers can tell the person.
import type { SessionStatus } from '../../shared/events';

export const phases = [
  'idle',
  'starting',
  'ready',
  'working',
  'waiting',
  'stopping',
  'terminating',
  'closing',
  'parking',
  'parked',
  'ended',
  'failed',
] as const;
export type Phase = (typeof phases)[number];

export type LifecycleEvent =
  /** Spawn the process (first start, or Resume after it ended). */
  | { type: 'start' }
  /** The initialize handshake completed (or was given up on: the process still runs). */
  | { type: 'handshake' }
  /** The process could not be started at all (not found, not executable, cwd missing). */
  | { type: 'spawn-failed' }
  /** A user message was written. */
  | { type: 'send' }
  /** The CLI asked a person something (a permission prompt). */
  | { type: 'ask' }
  /** The last open prompt was answered or withdrawn; `turn` says whether a turn still runs. */
  | { type: 'prompts-cleared'; turn: boolean }
  /** A `result` arrived: the turn is over. */
  | { type: 'turn-ended' }
  /** The person pressed Stop. */
  | { type: 'stop' }
  /** Stop's grace period passed and the turn is still running. */
  | { type: 'stop-timeout' }
  /** The person chose Kill (e.g. on a "not responding" session). */
  | { type: 'kill' }
  /** Close the tab or quit the app. */
  | { type: 'close' }
  /** End an idle process to free its memory; the session resumes on the next message. */
  | { type: 'park' }
  /** The process is gone. `clean`: exit code 0, no signal, no turn was running. */
  | { type: 'exited'; clean: boolean };

export type LifecycleEventType = LifecycleEvent['type'];

export type Outcome =
  | { ok: true; phase: Phase }
  /** The event is not allowed now; `reason` picks the error the caller raises. */
  | { ok: false; reason: 'not-running' | 'busy' };

const LIVE: ReadonlySet<Phase> = new Set(['starting', 'ready', 'working', 'waiting', 'stopping']);
/** Phases with a process that is (still) running, including ones on their way out. */
const HAS_PROCESS: ReadonlySet<Phase> = new Set([...LIVE, 'terminating', 'closing', 'parking']);
/** No process, and a message starts (or resumes) one. */
const DORMANT: ReadonlySet<Phase> = new Set(['idle', 'parked']);

export function isLive(phase: Phase): boolean {
  return LIVE.has(phase);
}

export function hasProcess(phase: Phase): boolean {
  return HAS_PROCESS.has(phase);
}

/** Not started yet, or parked: the next message starts the process first. */
export function isDormant(phase: Phase): boolean {
  return DORMANT.has(phase);
}

const stay = (phase: Phase): Outcome => ({ ok: true, phase });
const to = (phase: Phase): Outcome => ({ ok: true, phase });
const notRunning: Outcome = { ok: false, reason: 'not-running' };
const busy: Outcome = { ok: false, reason: 'busy' };

export function transition(phase: Phase, e: LifecycleEvent): Outcome {
  switch (e.type) {
    case 'start':
      return DORMANT.has(phase) || phase === 'ended' || phase === 'failed' ? to('starting') : busy;
    case 'handshake':
      return phase === 'starting' ? to('ready') : stay(phase);
    case 'spawn-failed':
      return phase === 'starting' ? to('failed') : stay(phase);
    case 'send':
      if (phase === 'starting' || phase === 'ready' || phase === 'working') return to('working');
      // A message sent while a prompt waits does not answer it: the prompt stays open.
      if (phase === 'waiting') return stay('waiting');
      // The turn is being stopped; a new message would race the interrupt.
      if (phase === 'stopping') return busy;
      return notRunning;
    case 'ask':
      if (phase === 'starting' || phase === 'ready' || phase === 'working' || phase === 'waiting') return to('waiting');
      // stopping: the session cancels the newcomer at once; terminating/closing: it is going away.
      return stay(phase);
    case 'prompts-cleared':
      return phase === 'waiting' ? to(e.turn ? 'working' : 'ready') : stay(phase);
    case 'turn-ended':
      return phase === 'working' || phase === 'waiting' || phase === 'stopping' ? to('ready') : stay(phase);
    case 'stop':
      if (phase === 'working' || phase === 'waiting') return to('stopping');
      if (HAS_PROCESS.has(phase)) return stay(phase);
      return notRunning;
    case 'stop-timeout':
      return phase === 'stopping' ? to('terminating') : stay(phase);
    case 'kill':
      if (LIVE.has(phase)) return to('terminating');
      if (phase === 'terminating' || phase === 'closing' || phase === 'parking') return stay(phase);
      return notRunning;
    case 'close':
      if (HAS_PROCESS.has(phase)) return to('closing');
      return DORMANT.has(phase) ? to('ended') : stay(phase);
    case 'park':
      // Only a process with nothing going on: no turn, no open prompt, not on its way out.
      return phase === 'ready' ? to('parking') : stay(phase);
    case 'exited':
      if (phase === 'closing') return to('ended');
      // Asked to go: whatever its exit code, the conversation is in its transcript.
      if (phase === 'parking') return to('parked');
      if (phase === 'terminating') return to('failed');
      if (LIVE.has(phase)) return to(e.clean ? 'ended' : 'failed');
      return stay(phase);
  }
}

/** The coarse status the window shows; the finer phase travels as a `liveness` event. */
export function statusOf(phase: Phase): SessionStatus {
  switch (phase) {
    case 'idle':
      return 'not-started';
    case 'starting':
      return 'starting';
    case 'parking':
    case 'parked':
      // Parking takes a moment; a message sent meanwhile waits for it, then resumes.
      return 'parked';
    case 'ready':
    case 'working':
    case 'waiting':
    case 'ended':
    case 'failed':
      return phase;
    case 'stopping':
    case 'terminating':
      return 'working';
    case 'closing':
      // The tab is going away; the process may need a few seconds more (liveness says so).
      return 'ended';
  }
}
