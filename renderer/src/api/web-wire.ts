// The browser host's WebSocket frames, as the page sees them. Mirrors electron/web/wire.ts
// (the renderer cannot import main-process code); a unit test keeps the two in step.
import type { AppEvent } from '../../../shared/ipc';
import { base64Length, MAX_MESSAGE_IMAGE_BYTES, MAX_PROMPT_CHARS } from '../../../shared/message-limits';
import type { Result } from '../../../shared/result';

/**
 * Largest frame the host accepts (derived in electron/web/wire.ts from the message limits); a
 * bigger call is refused here instead of dropping the socket.
 */
export const MAX_FRAME_BYTES = base64Length(MAX_MESSAGE_IMAGE_BYTES) + MAX_PROMPT_CHARS * 6 + 64 * 1024;

/** The WebSocket endpoint's path on the page's own origin. */
export const WS_PATH = '/ws';
/** Answers 204 to a page whose token (Authorization: Bearer) the host accepts, 403 if not. */
export const ACCESS_PATH = '/access';
/** The subprotocol the page asks for and the host answers with. */
export const WS_PROTOCOL = 'clide.v1';
/** The token travels as a second subprotocol value: never in a URL, a cookie or a Referer. */
export const TOKEN_PROTOCOL_PREFIX = 'clide.token.';

/** The subprotocols a page offers: the host answers with the first and checks the second. */
export function socketProtocols(token: string): string[] {
  return [WS_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`];
}

export type CallFrame = { type: 'call'; id: number; channel: string; input: unknown };

export type ServerFrame =
  | { type: 'result'; id: number | string; result: Result<unknown> }
  | { type: 'events'; batch: AppEvent[] };
