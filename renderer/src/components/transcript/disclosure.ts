// Open/closed state of collapsible parts of the transcript (tool cards, thinking, context
// cards, long outputs), kept outside the components: the list is virtualised, so a card that
// scrolls out of view unmounts, and it must come back the way the person left it. Find in
// transcript opens parts here too, to reveal a match.
import { useCallback, useSyncExternalStore } from 'react';

const state = new Map<string, boolean>();
const listeners = new Map<string, Set<() => void>>();

function notify(key: string): void {
  for (const l of listeners.get(key) ?? []) l();
}

export function disclosureKey(sessionId: string, part: string): string {
  return `${sessionId}|${part}`;
}

/** The person's (or find's) explicit choice, if any. */
export function getDisclosure(key: string): boolean | undefined {
  return state.get(key);
}

export function setDisclosure(key: string, open: boolean): void {
  if (state.get(key) === open) return;
  state.set(key, open);
  notify(key);
}

/** Forget a session's choices (its tab closed). */
export function clearDisclosures(sessionId: string): void {
  const prefix = `${sessionId}|`;
  for (const key of [...state.keys()]) if (key.startsWith(prefix)) state.delete(key);
}

function subscribe(key: string, l: () => void): () => void {
  let set = listeners.get(key);
  if (!set) listeners.set(key, (set = new Set()));
  set.add(l);
  return () => {
    set.delete(l);
    if (set.size === 0) listeners.delete(key);
  };
}

/**
 * `[open, setOpen]` for one collapsible part. `defaultOpen` applies until someone chooses;
 * it may change over time (a subagent card is open while it runs, closed when it is done).
 */
export function useDisclosure(key: string, defaultOpen = false): [boolean, (open: boolean) => void] {
  const sub = useCallback((l: () => void) => subscribe(key, l), [key]);
  const chosen = useSyncExternalStore(sub, () => state.get(key));
  const set = useCallback((open: boolean) => setDisclosure(key, open), [key]);
  return [chosen ?? defaultOpen, set];
}

/**
 * What a collapsed part holds, said to screen readers with the toggle (its aria-description):
 * the toggle's own name says what it is, aria-expanded that it opens.
 */
export const expandsTo = {
  context: 'Opens the full text Claude Code added',
  thinking: 'Opens Claude’s thinking',
  output: 'Opens the whole text',
  tool: {
    bash: 'Opens the command and its output',
    edit: 'Opens the change as a diff',
    write: 'Opens the file as written',
    read: 'Opens the lines read',
    search: 'Opens the matches',
    todo: 'Opens the task list',
    agent: 'Opens the subagent’s messages and result',
    fetch: 'Opens the page and what was read from it',
    websearch: 'Opens the search results',
    question: 'Opens the questions and answers',
    generic: 'Opens the input and the result',
  },
} as const;
