// The list under the caret: slash commands (name, argument hint, description, whether it is
// your own project or user command) or files for an @ mention, fuzzy-matched in the session's
// folder. Arrow keys move, Enter or Tab accepts, Esc closes; the mouse works too.
import { useEffect, useId, useMemo, useState } from 'react';
import type { CommandInfo } from '../../../../shared/events';
import type { FileSuggestions } from '../../../../shared/ipc';
import { useSessionField } from '../../store/hooks';
import { answering } from './api-calls';
import { matchCommands, triggerAt, type CommandMatch, type Trigger } from './typeahead';

export type Suggestion = { kind: 'command'; key: string; command: CommandMatch } | { kind: 'file'; key: string; path: string; folder: boolean };

const NO_COMMANDS: CommandInfo[] = [];

export interface Typeahead {
  trigger: Trigger | undefined;
  items: Suggestion[];
  active: number;
  open: boolean;
  listId: string;
  optionId(i: number): string;
  /** A note under the list (loading, nothing found, an error, an incomplete index). */
  note: string | undefined;
  move(delta: number): void;
  setActive(i: number): void;
  close(): void;
}

export function useTypeahead(sessionId: string, text: string, caret: number): Typeahead {
  const commands = useSessionField(sessionId, (v) => v.info.commands ?? NO_COMMANDS, NO_COMMANDS);
  const trigger = useMemo(() => triggerAt(text, caret), [text, caret]);
  const [picked, setPicked] = useState<{ key: string | undefined; i: number }>({ key: undefined, i: 0 });
  const [closedFor, setClosedFor] = useState<string | undefined>();
  const [files, setFiles] = useState<{ query: string; result?: FileSuggestions; error?: string } | undefined>();
  const listId = useId();
  const triggerKey = trigger ? `${trigger.kind}:${trigger.start}:${trigger.query}` : undefined;
  const fileQuery = trigger?.kind === 'file' ? trigger.query : undefined;

  // The highlight starts at the top again whenever the query changes.
  const active = picked.key === triggerKey ? picked.i : 0;
  const setActive = (i: number) => setPicked({ key: triggerKey, i });

  useEffect(() => {
    if (fileQuery === undefined) return;
    let live = true;
    // A short pause so fast typing asks once, not once per key.
    const timer = setTimeout(() => {
      void answering.fileSuggestions(sessionId, fileQuery).then((r) => {
        if (!live) return;
        setFiles(r.ok ? { query: fileQuery, result: r.value } : { query: fileQuery, error: r.error.message });
      });
    }, 60);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [sessionId, fileQuery]);

  const items: Suggestion[] = useMemo(() => {
    if (!trigger) return [];
    if (trigger.kind === 'command') return matchCommands(commands, trigger.query).map((c) => ({ kind: 'command', key: c.name, command: c }));
    // While a new query runs, the last answer stays up rather than flickering empty.
    return (files?.result?.items ?? []).map((f) => ({ kind: 'file', key: f.path, path: f.path, folder: f.folder }));
  }, [trigger, commands, files]);

  let note: string | undefined;
  if (trigger?.kind === 'file') {
    if (files?.error) note = files.error;
    else if (!files || files.query !== trigger.query) note = items.length === 0 ? 'Looking for files…' : undefined;
    else if (items.length === 0) note = `No file matches “${trigger.query}”.`;
    else if (files.result?.truncated) note = 'This folder is large; only part of it was searched.';
  } else if (trigger?.kind === 'command' && items.length === 0) {
    note = commands.length === 0 ? 'Commands appear once Claude has started.' : `No command matches “/${trigger.query}”.`;
  }

  const open = trigger !== undefined && closedFor !== triggerKey && (items.length > 0 || note !== undefined);
  const clamp = (i: number) => (items.length === 0 ? 0 : (i + items.length) % items.length);
  return {
    trigger,
    items,
    active: Math.min(active, Math.max(0, items.length - 1)),
    open,
    listId,
    optionId: (i) => `${listId}-${i}`,
    note,
    move: (delta) => setActive(clamp(active + delta)),
    setActive,
    close: () => setClosedFor(triggerKey),
  };
}
