// The transcript's text size from the keyboard and the palette: Ctrl/Cmd+= (or +) larger,
// Ctrl/Cmd+- smaller, Ctrl/Cmd+0 back to the default. Saved like any setting (the host keeps it
// and every window follows); the transcript reads it from the settings (transcript.tsx).
import { useCallback } from 'react';
import { DEFAULT_TRANSCRIPT_TEXT_SIZE, stepTextSize } from '../../../../shared/text-size';
import { useActions } from '../../actions-context';
import { announce } from '../../lib/announce';
import { hasModifier, useWindowKeys } from '../../lib/shortcuts';
import { clideStore } from '../../store/store';
import type { WorkspaceActions } from '../../workspace-actions';

export type TextSizeChange = 'larger' | 'smaller' | 'reset';

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

/** Which change a key asks for, if any. */
export function textSizeKey(e: KeyboardEvent): TextSizeChange | undefined {
  if (!hasModifier(e)) return undefined;
  // Plus is Shift+= on many keyboards; the number pad's keys count too.
  if (e.key === '=' || e.key === '+') return 'larger';
  if (e.shiftKey) return undefined;
  if (e.key === '-') return 'smaller';
  // By the key's place as well, for layouts where that key types something else (AZERTY's à).
  if (e.key === '0' || e.code === 'Digit0' || e.code === 'Numpad0') return 'reset';
  return undefined;
}

export function useTextSizeKeys(): void {
  const actions = useActions();
  const onKey = useCallback(
    (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const change = textSizeKey(e);
      if (!change) return;
      // A modal dialog owns the keyboard while it is open; the browser's own zoom is not taken then either.
      const s = clideStore.getState();
      if ((s.dialog && s.dialog !== 'inbox') || s.confirmClose) return;
      e.preventDefault();
      void changeTextSize(actions, change);
    },
    [actions],
  );
  useWindowKeys(onKey);
}
