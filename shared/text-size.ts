// The transcript's text size (Settings > Transcript text size, Ctrl/Cmd+= / - / 0): a few fixed
// steps in pixels, so every size is one the styles were looked at in. Kept apart from the
// settings schema so the window's first screen can step sizes without loading zod.

/** Smallest to largest; 14 is the size of the window's own text (the default). */
export const TRANSCRIPT_TEXT_SIZES = [13, 14, 16, 18, 20, 22] as const;
export type TranscriptTextSize = (typeof TRANSCRIPT_TEXT_SIZES)[number];
export const DEFAULT_TRANSCRIPT_TEXT_SIZE: TranscriptTextSize = 14;

export function isTranscriptTextSize(n: unknown): n is TranscriptTextSize {
  return (TRANSCRIPT_TEXT_SIZES as readonly unknown[]).includes(n);
}

/** The next size up (+1) or down (-1); at either end the size stays. */
export function stepTextSize(size: number, step: 1 | -1): TranscriptTextSize {
  // In the order of the step: the first size past this one, else the last (the end).
  const sizes = step > 0 ? [...TRANSCRIPT_TEXT_SIZES] : [...TRANSCRIPT_TEXT_SIZES].reverse();
  return sizes.find((s) => (step > 0 ? s > size : s < size)) ?? sizes[sizes.length - 1] ?? DEFAULT_TRANSCRIPT_TEXT_SIZE;
}
