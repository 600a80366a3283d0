// The browser host's WebSocket frames, for both ends: the host (electron/web/) and the page
// (renderer/src/api/). Calls carry a channel of the contract table (shared/ipc.ts) and are
// validated there by dispatch(); this file only checks the envelope.
import { z } from 'zod';
import type { AppEvent } from './ipc';
import { base64Length, MAX_MESSAGE_IMAGE_BYTES, MAX_PROMPT_CHARS } from './message-limits';
import type { Result } from './result';

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

export const CallIdSchema = z.union([z.number().int().nonnegative(), z.string().min(1).max(100)]);

export const ClientFrameSchema = z.object({
  type: z.literal('call'),
  id: CallIdSchema,
  channel: z.string().min(1).max(200),
  input: z.unknown().optional(),
});
export type ClientFrame = z.infer<typeof ClientFrameSchema>;
/** What the page sends: its ids are numbers. */
export type CallFrame = { type: 'call'; id: number; channel: string; input: unknown };

export type ServerFrame = { type: 'result'; id: number | string; result: Result<unknown> } | { type: 'events'; batch: AppEvent[] };

export type ParsedFrame =
  | { ok: true; frame: ClientFrame }
  /** `id` is set when the frame named one, so the caller can still be answered. */
  | { ok: false; id?: number | string; kind: 'not JSON' | 'not a call'; reason: string };

export function parseClientFrame(data: string): ParsedFrame {
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return { ok: false, kind: 'not JSON', reason: `not JSON (${data.length} chars)` };
  }
  const parsed = ClientFrameSchema.safeParse(raw);
  if (parsed.success) return { ok: true, frame: parsed.data };
  const id = CallIdSchema.safeParse((raw as { id?: unknown } | null)?.id);
  const issue = parsed.error.issues[0];
  const reason = `not a call frame: ${issue ? `${issue.path.join('.') || '(root)'} ${issue.message}` : 'rejected'}`;
  return id.success ? { ok: false, id: id.data, kind: 'not a call', reason } : { ok: false, kind: 'not a call', reason };
}
