// The command palette (Ctrl/Cmd+K): type a few letters of a session, an action, a mode, a
// model or a past session, pick it with the arrows and Enter. A modal <dialog>, so Esc and a
// click outside close it and focus goes back where it was.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useActions } from '../../actions-context';
import { keyLabel } from '../../lib/shortcuts';
import { pendingCount } from '../../store/attention';
import { historyStore } from '../../store/history-store';
import type { HistorySession } from '../../../../shared/history';
import { clideStore, useClide } from '../../store/store';
import { openFind } from '../find/find-store';
import { openPastSession, refreshHistory } from '../history/history-actions';
import { requestMode, requestModel, requestOutputStyle } from '../modes/mode-requests';
import { answering } from '../composer/api-calls';
import { useRequestClose } from '../tabs/close-tab';
import { Modal } from '../common/modal';
import { exportTranscript } from '../transcript/transcript-toolbar';
import { openChangesSoon } from '../changes/changes-parts';
import { openAside } from '../aside/aside-actions';
import { runInBackground } from '../tasks/task-calls';
import { filterCommands, paletteCommands, type PaletteCommand, type PaletteDoers } from './palette-commands';
import { checkForUpdates } from '../desktop/update-actions';
import { changeTextSize } from '../transcript/text-size-change';
import './palette.css';
import { VisibleText } from '../common/visible-text';
import { runCommand } from '../terminal/terminal-actions';

export function CommandPalette() {
  const open = useClide((s) => s.dialog === 'palette');
  return open ? <Palette /> : null;
}

function Palette() {
  const actions = useActions();
  const requestClose = useRequestClose();
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState({ query: '', at: 0 });
  const titleId = useId();
  const listId = useId();
  const list = useRef<HTMLUListElement>(null);
  // Only what the list is built from (the sessions change as they stream; the rest rarely).
  const state = useClide(
    useShallow((s) => ({
      order: s.order,
      activeId: s.activeId,
      sessions: s.sessions,
      teamOpen: s.teamOpen,
      homeDir: s.environment?.homeDir,
      split: s.split !== undefined,
      textSize: s.settings?.transcriptTextSize,
    })),
  );
  const past = useHistoryList();

  const doers = useMemo<PaletteDoers>(
    () => ({
      show: (id) => clideStore.getState().setActive(id),
      newSession: () => clideStore.getState().openDialog('new-session'),
      closeTab: requestClose,
      stop: (id) => void actions.interrupt(id),
      find: (id) => openFind(id),
      exportTranscript: (id) => void exportTranscript(id),
      changes: (id) => openChangesSoon(id),
      aside: (id) => openAside(id),
      toggleTeam: () => clideStore.getState().setTeamOpen(!clideStore.getState().teamOpen),
      mcp: () => clideStore.getState().openDialog('mcp'),
      rules: () => clideStore.getState().openDialog('rules'),
      reload: (id) => void answering.reload(id),
      outputStyle: (id, style) => void requestOutputStyle(id, style),
      tasks: () => clideStore.getState().openDialog('tasks'),
      usage: () => clideStore.getState().openDialog('usage'),
      background: (id) => void runInBackground(id),
      history: () => historyStore.getState().setOpen(true),
      inbox: () => clideStore.getState().openDialog('inbox'),
      settings: () => clideStore.getState().openDialog('settings'),
      checkForUpdates: () => void checkForUpdates(),
      mode: (id, mode) => void requestMode(id, mode),
      model: (id, model) => void requestModel(id, model),
      resume: (session) => void resumeFromPalette(session),
      splitRight: () => clideStore.getState().splitRight(),
      closeSplit: () => clideStore.getState().closeSplit(),
      moveToOtherPane: (id) => clideStore.getState().moveToOtherPane(id),
      focusOtherPane: () => clideStore.getState().focusOtherPane(),
      textSize: (change) => void changeTextSize(actions, change),
      runCommand: (id) => void runCommand(id),
      key: keyLabel,
    }),
    [actions, requestClose],
  );

  const commands = useMemo(
    () =>
      paletteCommands(
        {
          order: state.order,
          activeId: state.activeId,
          sessions: state.sessions,
          teamOpen: state.teamOpen,
          split: state.split,
          pending: pendingCount(state.sessions),
          past,
          homeDir: state.homeDir,
          textSize: state.textSize,
        },
        doers,
      ),
    [state.order, state.activeId, state.sessions, state.teamOpen, state.homeDir, state.split, state.textSize, past, doers],
  );
  const shown = useMemo(() => filterCommands(commands, query), [commands, query]);
  // The highlighted row: the first match again whenever the text changes.
  const at = picked.query === query ? Math.min(picked.at, Math.max(0, shown.length - 1)) : 0;

  useEffect(() => {
    list.current?.querySelector(`[data-index="${at}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [at]);

  const close = () => clideStore.getState().openDialog(undefined);
  const run = (cmd: PaletteCommand | undefined) => {
    if (!cmd) return;
    close();
    // After the palette has gone and given focus back, so a command that moves focus (find,
    // a dialog) keeps it.
    setTimeout(() => cmd.run(), 0);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const n = shown.length;
      if (n === 0) return;
      setPicked({ query, at: (at + (e.key === 'ArrowDown' ? 1 : n - 1)) % n });
    } else if (e.key === 'Enter') {
      e.preventDefault();
      run(shown[at]);
    }
  };

  return (
    <Modal labelledBy={titleId} onClose={close} className="palette">
      <h2 id={titleId} className="visually-hidden">
        Command palette
      </h2>
      <input
        className="palette-input"
        role="combobox"
        aria-label="Search commands, sessions and past sessions"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown.length > 0 ? `${listId}-${at}` : undefined}
        autoFocus
        autoComplete="off"
        spellCheck={false}
        placeholder="Go to a session, run an action, switch mode or model, resume a past session…"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} ref={list} role="listbox" aria-label="Commands" className="palette-list">
        {shown.map((c, i) => {
          const head = c.group !== shown[i - 1]?.group ? c.group : undefined;
          return (
            <li
              key={c.id}
              id={`${listId}-${i}`}
              data-index={i}
              role="option"
              aria-selected={i === at}
              className={`palette-item${head ? ' has-group' : ''}`}
              data-group={head}
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => i !== at && setPicked({ query, at: i })}
              onClick={() => run(c)}
            >
              <span className="palette-title">
                <VisibleText text={c.title} />
              </span>
              {c.detail && (
                <span className="palette-detail">
                  <VisibleText text={c.detail} />
                </span>
              )}
              {c.shortcut && <kbd className="modal-key">{c.shortcut}</kbd>}
            </li>
          );
        })}
      </ul>
      {shown.length === 0 && (
        <p className="palette-empty" role="status">
          Nothing matches “{query}”.
        </p>
      )}
    </Modal>
  );
}

/** Past sessions for the palette, listed once when it opens if the History panel has not yet. */
function useHistoryList() {
  const [past, setPast] = useState(() => historyStore.getState().sessions);
  useEffect(() => {
    const stop = historyStore.subscribe((h) => setPast(h.sessions));
    if (!historyStore.getState().sessions && !historyStore.getState().loading) void refreshHistory();
    return stop;
  }, []);
  return past;
}

/** A past session chosen in the palette; if it cannot be opened, History opens and says why. */
async function resumeFromPalette(session: HistorySession): Promise<void> {
  const r = await openPastSession(session);
  if (r.ok) return;
  historyStore.getState().openFailed(r.error);
  historyStore.getState().setOpen(true);
}
