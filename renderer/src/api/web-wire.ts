// The browser host's WebSocket frames, as the page sees them. Mirrors electron/web/wire.ts
// (the renderer cannot import main-process code); a unit test keeps the two in step.
import type { AppEvent } from '../../../shared/ipc';
import type { Result } from '../../../shared/result';

/** Largest frame the host accepts; a bigger call is refused here instead of dropping the socket. */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024;

/** The WebSocket endpoint's path on the page's own origin. */
export const WS_PATH = '/ws';

export type CallFrame = { type: 'call'; id: number; channel: string; input: unknown };

export type ServerFrame =
  | { type: 'result'; id: number | string; result: Result<unknown> }
  | { type: 'events'; batch: AppEvent[] };
