// The browser host's socket, as both ends know it: its paths, subprotocols and frame cap. No
// zod here: the page imports this on its first screen, and the frame schemas (web-wire.ts) are
// the host's business.
import { base64Length, MAX_MESSAGE_IMAGE_BYTES, MAX_PROMPT_CHARS } from './message-limits';

/**
 * Largest frame the host accepts: 67,989,592 bytes (about 65 MiB), the largest legitimate
 * message, which is a session:send with everything the composer allows (shared/message-limits.ts):
 * - images: 40 MiB in all, 55,924,056 characters of base64;
 * - text: 2,000,000 UTF-16 units, at most 6 bytes each once JSON-escaped (`\u0001`), 12,000,000;
 * - the envelope (keys, ids, media types of 20 images): far below the 64 KiB allowed for it.
 * ws reads a frame's length from its header and closes the socket with 1009 before buffering
 * a larger one (maxPayload); the page refuses to send one in the first place.
 */
export const MAX_FRAME_BYTES = base64Length(MAX_MESSAGE_IMAGE_BYTES) + MAX_PROMPT_CHARS * 6 + 64 * 1024;

/**
 * Authenticated sockets allowed at once: a person has a few tabs open, not dozens, and each
 * socket gets every event batch, so an unbounded number is a cheap way to exhaust the host.
 */
export const DEFAULT_MAX_CONNECTIONS = 8;

/** The WebSocket endpoint, and the page's "does the host still accept my token?" check. */
export const WS_PATH = '/ws';
export const ACCESS_PATH = '/access';

/** The subprotocol the page asks for and the host answers with (a browser insists on one). */
export const WS_PROTOCOL = 'clide.v1';
/** The page offers `clide.token.<token>` beside WS_PROTOCOL: the one header a browser lets it set. */
export const TOKEN_PROTOCOL_PREFIX = 'clide.token.';

/**
 * The subprotocols a page offers: the host answers with the first and checks the second. The
 * token travels there, never in a URL, a cookie or a Referer.
 */
export function socketProtocols(token: string): string[] {
  return [WS_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`];
}
