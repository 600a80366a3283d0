// Changing the transcript's text size (the keys in text-size.ts, the palette): one step larger
// or smaller, or back to the default. Saved like any setting (the host keeps it and every window
// follows); the transcript reads it from the settings (transcript.tsx). A part of its own, loaded
// at the first key press: the first screen only needs to recognise the keys.
import { DEFAULT_TRANSCRIPT_TEXT_SIZE, stepTextSize } from '../../../../shared/text-size';
import { announce } from '../../lib/announce';
import { clideStore } from '../../store/store';
import type { WorkspaceActions } from '../../workspace-actions';
import type { TextSizeChange } from './text-size';

/** The size last asked for while the host has not answered: a second key press steps from it. */
let asked: number | undefined;

export function transcriptTextSize(): number {
  return clideStore.getState().settings?.transcriptTextSize ?? DEFAULT_TRANSCRIPT_TEXT_SIZE;
}

export async function changeTextSize(actions: Pick<WorkspaceActions, 'updateSettings'>, change: TextSizeChange): Promise<void> {
  const from = asked ?? transcriptTextSize();
  const to = change === 'reset' ? DEFAULT_TRANSCRIPT_TEXT_SIZE : stepTextSize(from, change === 'larger' ? 1 : -1);
  if (to === from) {
    if (change !== 'reset') announce(`Transcript text is already at its ${change === 'larger' ? 'largest' : 'smallest'}, ${to} pixels.`);
    return;
  }
  asked = to;
  const r = await actions.updateSettings({ transcriptTextSize: to });
  if (asked === to) asked = undefined;
  announce(r.ok ? `Transcript text ${to} pixels.` : `The transcript text size was not changed: ${r.error.message}`);
}
