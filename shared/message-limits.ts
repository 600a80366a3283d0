// How much one message to Claude may carry. The composer refuses more before anything is sent,
// the contract (ipc.ts) checks it at the host, and the browser host's WebSocket frame cap
// (shared/web-wire.ts) is derived from it, so the largest legitimate message always fits
// and anything larger is refused before it is buffered.

/** Characters of prompt text in one message. */
export const MAX_PROMPT_CHARS = 2_000_000;
/** Images attached to one message. */
export const MAX_IMAGES = 20;
/** One image file, before base64. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/**
 * All images of one message together, before base64: two full-size screenshots. More would
 * not reach Claude anyway (the API takes requests of about 32 MB), and a cap this size keeps
 * what one socket can make the host buffer small.
 */
export const MAX_MESSAGE_IMAGE_BYTES = 2 * MAX_IMAGE_BYTES;

/** Characters of base64 for this many bytes. */
export function base64Length(bytes: number): number {
  return 4 * Math.ceil(bytes / 3);
}
