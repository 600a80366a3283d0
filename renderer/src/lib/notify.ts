// Desktop notifications for a window that is not in view: "needs you" (a prompt, a question, a
// plan to approve) told apart from "finished". The Web Notification API is Electron's own
// notification system inside the desktop app too, so one code path serves both hosts.
// Clicking one brings the window forward and opens the tab.
import type { PermissionRequest } from '../../../shared/events';
import type { AppEvent, ClideApi } from '../../../shared/ipc';
import type { Settings } from '../../../shared/settings';
import { attentionKind, attentionSignals, taskEndSignals, type AttentionSignal } from '../store/attention';
import { taskName } from '../components/tasks/task-words';
import type { ClideStore } from '../store/store';
import { tabTitle } from '../store/tabs';
import { shownTabs } from '../store/split';
import { summarizeToolInput } from './tools/tool-summary';
import { makeVisible } from '../../../shared/visible-chars';

export interface NotificationText {
  title: string;
  body: string;
  /** One notification per tab and kind: a newer one replaces the older. */
  tag: string;
  needsYou: boolean;
}

const MAX_BODY = 180;

function clip(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > MAX_BODY ? `${one.slice(0, MAX_BODY - 1)}…` : one;
}

function promptBody(request: PermissionRequest): string {
  switch (attentionKind(request)) {
    case 'question': {
      const questions = request.input.questions;
      const first = Array.isArray(questions) ? (questions[0] as { question?: unknown } | undefined) : undefined;
      return typeof first?.question === 'string' ? `Claude asks: ${first.question}` : 'Claude has a question for you.';
    }
    case 'plan':
      return 'A plan is ready for your approval.';
    case 'input':
      return `${request.displayName} asks for input${request.description ? `: ${request.description}` : '.'}`;
    case 'dialog':
      return 'The model would not answer: Claude Code asks whether to retry on another model.';
    case 'permission': {
      const summary = summarizeToolInput(request.toolName, request.input);
      return `Allow ${request.displayName}? ${summary.text}`;
    }
  }
}

/**
 * The words of a notification, or undefined when this signal should not notify. A notification
 * is plain text outside the app, so hidden characters in a tab name or a command show as markers.
 */
export function notificationText(signal: AttentionSignal, tabName: string): NotificationText {
  const n = rawNotificationText(signal, tabName);
  return { ...n, title: makeVisible(n.title), body: clip(makeVisible(n.body)) };
}

function rawNotificationText(signal: AttentionSignal, tabName: string): NotificationText {
  switch (signal.kind) {
    case 'needs-you':
      return { title: `${tabName} needs you`, body: promptBody(signal.request), tag: `clide:${signal.sessionId}:needs-you`, needsYou: true };
    case 'finished': {
      const r = signal.result;
      const body = r.isError ? `The turn ended with an error: ${r.errors?.join(' ') || r.text || r.subtype}` : r.text?.trim() || 'The turn is done.';
      return { title: `${tabName}: Claude finished`, body, tag: `clide:${signal.sessionId}:finished`, needsYou: false };
    }
    case 'failed':
      return { title: `${tabName}: Claude stopped`, body: signal.message, tag: `clide:${signal.sessionId}:finished`, needsYou: false };
    case 'task-ended': {
      const t = signal.task;
      const name = taskName(t);
      // The CLI's summary often names the task already ('Background command "x" completed').
      const detail = t.error ?? t.summary;
      return {
        title: `${tabName}: a background task ${t.status === 'failed' ? 'failed' : 'finished'}`,
        body: !detail || detail === name ? name : detail.includes(name) ? detail : `${name}: ${detail}`,
        tag: `clide:${signal.sessionId}:task:${t.taskId}`,
        needsYou: false,
      };
    }
  }
}

export function wanted(settings: Settings['notifications'] | undefined, needsYou: boolean): boolean {
  if (!settings?.enabled) return false;
  return needsYou ? settings.needsYou : settings.finished;
}

/** The page cannot be seen or is not the one being used. */
export function windowInView(doc: Pick<Document, 'visibilityState' | 'hasFocus'> = document): boolean {
  return doc.visibilityState === 'visible' && doc.hasFocus();
}

export interface NotifierDeps {
  api: Pick<ClideApi, 'onEvents'>;
  store: ClideStore;
  focusWindow: () => void;
  /** Injected by tests; the browser's by default. */
  Notification?: typeof Notification;
  inView?: () => boolean;
}

/** Listen to pushed events and notify; returns a function that stops it. */
export function startNotifier(deps: NotifierDeps): () => void {
  const N = deps.Notification ?? (typeof Notification === 'undefined' ? undefined : Notification);
  const inView = deps.inView ?? (() => windowInView());
  const notified = new Set<string>();
  const open = new Map<string, Notification>();

  const show = (signal: AttentionSignal) => {
    if (!N || N.permission !== 'granted') return;
    const state = deps.store.getState();
    const view = state.sessions[signal.sessionId];
    if (!view) return;
    const text = notificationText(signal, tabTitle(view));
    if (!wanted(state.settings?.notifications, text.needsYou)) return;
    try {
      const n = new N(text.title, { body: text.body, tag: text.tag, requireInteraction: text.needsYou });
      open.get(text.tag)?.close();
      open.set(text.tag, n);
      n.onclick = () => {
        window.focus();
        deps.focusWindow();
        deps.store.getState().setActive(signal.sessionId);
        n.close();
      };
      n.onclose = () => {
        if (open.get(text.tag) === n) open.delete(text.tag);
      };
    } catch (err) {
      // Some browsers only allow notifications from a service worker; the inbox still shows it.
      console.warn('[clide] could not show a notification:', err);
    }
  };

  const off = deps.api.onEvents((batch: AppEvent[]) => {
    for (const signal of attentionSignals(batch)) {
      if (signal.kind === 'needs-you') {
        if (notified.has(signal.request.requestId)) continue;
        notified.add(signal.request.requestId);
      }
      if (!inView()) show(signal);
    }
    // A background task's end is news unless its own tab is on screen (in either pane of a split).
    const state = deps.store.getState();
    for (const signal of taskEndSignals(batch, state.sessions)) {
      if (!inView() || !shownTabs(deps.store.getState()).includes(signal.sessionId)) show(signal);
    }
  });

  // Back in view: what the notifications said is on screen now.
  const onVisible = () => {
    if (!inView()) return;
    for (const n of open.values()) n.close();
    open.clear();
  };
  window.addEventListener('focus', onVisible);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    off();
    window.removeEventListener('focus', onVisible);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/**
 * Browsers ask the person before a page may notify, and only in answer to a click or key.
 * Ask once, on the first such gesture, while notifications are switched on and not yet decided.
 */
export function askPermissionOnFirstGesture(
  store: ClideStore,
  N: typeof Notification | undefined = typeof Notification === 'undefined' ? undefined : Notification,
): () => void {
  if (!N || N.permission !== 'default') return () => {};
  const ask = () => {
    const settings = store.getState().settings;
    // Settings not loaded yet: wait for the next gesture rather than decide without them.
    if (!settings) return;
    remove();
    if (N.permission !== 'default' || !settings.notifications.enabled) return;
    void N.requestPermission().catch(() => undefined);
  };
  const remove = () => {
    window.removeEventListener('pointerdown', ask, true);
    window.removeEventListener('keydown', ask, true);
  };
  window.addEventListener('pointerdown', ask, true);
  window.addEventListener('keydown', ask, true);
  return remove;
}
