// The transcript text size steps: Ctrl/Cmd+= and Ctrl/Cmd+- move one step and stop at the ends.
import { describe, expect, it } from 'vitest';
import { DEFAULT_TRANSCRIPT_TEXT_SIZE, TRANSCRIPT_TEXT_SIZES, isTranscriptTextSize, stepTextSize } from '../../../shared/text-size';

describe('transcript text size steps', () => {
  it('go up and down one step at a time through every size', () => {
    const up: number[] = [13];
    while (up.length < 10) up.push(stepTextSize(up[up.length - 1] ?? 0, 1));
    expect(up).toEqual([13, 14, 16, 18, 20, 22, 22, 22, 22, 22]);
    const down: number[] = [22];
    while (down.length < 10) down.push(stepTextSize(down[down.length - 1] ?? 0, -1));
    expect(down).toEqual([22, 20, 18, 16, 14, 13, 13, 13, 13, 13]);
  });

  it('start from the default, which is one of the steps', () => {
    expect(DEFAULT_TRANSCRIPT_TEXT_SIZE).toBe(14);
    expect(stepTextSize(DEFAULT_TRANSCRIPT_TEXT_SIZE, 1)).toBe(16);
    expect(stepTextSize(DEFAULT_TRANSCRIPT_TEXT_SIZE, -1)).toBe(13);
    expect(TRANSCRIPT_TEXT_SIZES.every(isTranscriptTextSize)).toBe(true);
    expect([15, 0, -14, 14.5, '14', null].some(isTranscriptTextSize)).toBe(false);
  });

  it('land on the nearest step from a size between steps', () => {
    expect(stepTextSize(15, 1)).toBe(16);
    expect(stepTextSize(15, -1)).toBe(14);
    expect(stepTextSize(40, -1)).toBe(22);
    expect(stepTextSize(2, 1)).toBe(13);
  });
});
