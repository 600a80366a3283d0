// The browser host's WebSocket frames, for both ends: the host (electron/web/) and the page
// (renderer/src/api/). Calls carry a channel of the contract table (shared/ipc.ts) and are
// validated there by dispatch(); this file only checks the envelope. The constants both ends
// share live in web-socket.ts, which the page imports without zod.
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import type { AppEvent } from './ipc';
import type { Result } from './result';

export { ACCESS_PATH, DEFAULT_MAX_CONNECTIONS, MAX_FRAME_BYTES, socketProtocols, TOKEN_PROTOCOL_PREFIX, WS_PATH, WS_PROTOCOL } from './web-socket';

export const CallIdSchema = lazySchema(() => z.union([z.number().int().nonnegative(), z.string().min(1).max(100)]));

export const ClientFrameSchema = lazySchema(() =>
  z.object({
    type: z.literal('call'),
    id: CallIdSchema,
    channel: z.string().min(1).max(200),
    input: z.unknown().optional(),
  }),
);
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
