// Prompt history for Up/Down in the composer, like a shell: Up walks back through what was
// sent in this session, Down walks forward, and stepping past the newest restores the draft
// the person had before they started browsing.

export interface HistoryState {
  /** Position in the list while browsing (0 = oldest); undefined when not browsing. */
  at: number | undefined;
  /** The draft to restore when browsing ends at the bottom. */
  saved: string;
}

export const notBrowsing: HistoryState = { at: undefined, saved: '' };

/** Sent prompts, oldest first, without consecutive repeats or blanks. */
export function promptHistory(texts: readonly string[]): string[] {
  const out: string[] = [];
  for (const t of texts) if (t.trim() && out[out.length - 1] !== t) out.push(t);
  return out;
}

export interface Step {
  state: HistoryState;
  /** The text to put in the composer, or undefined when nothing changes. */
  text: string | undefined;
}

export function stepBack(list: readonly string[], state: HistoryState, draft: string): Step {
  if (list.length === 0) return { state, text: undefined };
  if (state.at === undefined) return { state: { at: list.length - 1, saved: draft }, text: list[list.length - 1] };
  if (state.at === 0) return { state, text: undefined };
  return { state: { ...state, at: state.at - 1 }, text: list[state.at - 1] };
}

export function stepForward(list: readonly string[], state: HistoryState): Step {
  if (state.at === undefined) return { state, text: undefined };
  if (state.at >= list.length - 1) return { state: notBrowsing, text: state.saved };
  return { state: { ...state, at: state.at + 1 }, text: list[state.at + 1] };
}

/** Whether the caret is on the first line of the text (Up moves through history from there). */
export function onFirstLine(text: string, caret: number): boolean {
  return !text.slice(0, caret).includes('\n');
}

export function onLastLine(text: string, caret: number): boolean {
  return !text.slice(caret).includes('\n');
}
