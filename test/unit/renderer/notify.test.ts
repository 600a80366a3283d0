// Notifications: the words, the settings that allow them, and when they are shown at all.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionEvent, TaskPatch } from '../../../shared/events';
import type { AppEvent } from '../../../shared/ipc';
import { defaultSettings } from '../../../shared/settings';
import { emptySession } from '../../../shared/transcript';
import { notificationText, startNotifier, wanted } from '../../../renderer/src/lib/notify';
import { createClideStore } from '../../../renderer/src/store/store';

const bash = { requestId: 'r1', toolName: 'Bash', displayName: 'Bash', input: { command: 'npm test' }, suggestions: [], at: 1 };

describe('notificationText', () => {
  it('says who needs the person and for what, apart from "finished"', () => {
    const needs = notificationText({ kind: 'needs-you', sessionId: 'a', request: bash }, 'api-server');
    expect(needs).toEqual({ title: 'api-server needs you', body: 'Allow Bash? npm test', tag: 'clide:a:needs-you', needsYou: true });
    const question = notificationText(
      { kind: 'needs-you', sessionId: 'a', request: { ...bash, toolName: 'AskUserQuestion', input: { questions: [{ question: 'Which database?' }] } } },
      'api-server',
    );
    expect(question.body).toBe('Claude asks: Which database?');
    expect(notificationText({ kind: 'needs-you', sessionId: 'a', request: { ...bash, toolName: 'ExitPlanMode', input: {} } }, 'x').body).toMatch(/plan/);
    // An MCP server's request for input is not a tool call to allow.
    const input = { ...bash, toolName: 'clide:mcp-input', displayName: 'github', description: 'Pick a repository', input: {} };
    expect(notificationText({ kind: 'needs-you', sessionId: 'a', request: input }, 'x').body).toBe('github asks for input: Pick a repository');
    const done = notificationText(
      { kind: 'finished', sessionId: 'a', result: { subtype: 'success', isError: false, text: 'All tests pass.\n\nDetails…', denials: [] } },
      'api-server',
    );
    expect(done).toEqual({ title: 'api-server: Claude finished', body: 'All tests pass. Details…', tag: 'clide:a:finished', needsYou: false });
    const failed = notificationText({ kind: 'finished', sessionId: 'a', result: { subtype: 'error_max_turns', isError: true, denials: [] } }, 'x');
    expect(failed.body).toBe('The turn ended with an error: error_max_turns');
    expect(
      notificationText({ kind: 'finished', sessionId: 'a', result: { subtype: 'success', isError: false, text: 'x'.repeat(500), denials: [] } }, 'x').body
        .length,
    ).toBeLessThanOrEqual(180);
  });

  it('shows hidden characters in a tab name or a command as markers', () => {
    const n = notificationText({ kind: 'needs-you', sessionId: 'a', request: { ...bash, input: { command: 'cat invoice\u202Efdp.exe' } } }, 'ops\u2067');
    expect(n.title).toBe('ops⟨U+2067⟩ needs you');
    expect(n.body).toBe('Allow Bash? cat invoice⟨U+202E⟩fdp.exe');
  });

  it('follows the switches in Settings', () => {
    const n = defaultSettings().notifications;
    expect(wanted(n, true)).toBe(true);
    expect(wanted({ ...n, enabled: false }, true)).toBe(false);
    expect(wanted({ ...n, needsYou: false }, true)).toBe(false);
    expect(wanted({ ...n, needsYou: false }, false)).toBe(true);
    expect(wanted({ ...n, finished: false }, false)).toBe(false);
    expect(wanted(undefined, true)).toBe(false);
  });
});

class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
  close(): void {
    this.closed = true;
  }
}

describe('startNotifier', () => {
  let emit: (batch: AppEvent[]) => void;
  let inView: boolean;
  const focusWindow = vi.fn();

  beforeEach(() => {
    FakeNotification.shown = [];
    FakeNotification.permission = 'granted';
    inView = false;
    focusWindow.mockClear();
    vi.stubGlobal('window', Object.assign(new EventTarget(), { focus: vi.fn() }));
    vi.stubGlobal('document', new EventTarget());
  });
  afterEach(() => vi.unstubAllGlobals());

  function setup() {
    const store = createClideStore();
    store.getState().apply([{ type: 'session-created', session: { id: 'a', view: emptySession('a', '/code/api-server', 1) } }]);
    store.getState().apply([{ type: 'session-created', session: { id: 'b', view: emptySession('b', '/code/web', 1) } }]);
    store.getState().setSettings(defaultSettings());
    const api = {
      onEvents: (l: (batch: AppEvent[]) => void) => {
        emit = (batch) => {
          store.getState().apply(batch);
          l(batch);
        };
        return () => {};
      },
    };
    const stop = startNotifier({ api, store, focusWindow, Notification: FakeNotification as unknown as typeof Notification, inView: () => inView });
    return { store, stop };
  }
  const to = (id: string, ...events: SessionEvent[]): AppEvent[] => [{ type: 'session-events', id, events }];

  it('notifies only while the window is not in view, once per prompt, and a click opens the tab', () => {
    const { store } = setup();
    inView = true;
    emit(to('b', { kind: 'permission', request: bash }));
    expect(FakeNotification.shown).toHaveLength(0);
    inView = false;
    emit(to('b', { kind: 'permission', request: { ...bash, requestId: 'r2' } }));
    emit(to('b', { kind: 'permission', request: { ...bash, requestId: 'r2' } }));
    expect(FakeNotification.shown.map((n) => n.title)).toEqual(['web needs you']);
    expect(FakeNotification.shown[0]!.options).toMatchObject({ tag: 'clide:b:needs-you', requireInteraction: true });
    expect(store.getState().activeId).toBe('a');
    FakeNotification.shown[0]!.onclick?.();
    expect(store.getState().activeId).toBe('b');
    expect(focusWindow).toHaveBeenCalledTimes(1);
    expect(FakeNotification.shown[0]!.closed).toBe(true);
  });

  it('tells "finished" apart, and respects Settings and the browser’s permission', () => {
    const { store } = setup();
    emit(to('a', { kind: 'result', result: { subtype: 'success', isError: false, text: 'Done.', denials: [] } }));
    expect(FakeNotification.shown.map((n) => [n.title, n.options.requireInteraction])).toEqual([['api-server: Claude finished', false]]);
    store.getState().setSettings({ ...defaultSettings(), notifications: { enabled: true, needsYou: true, finished: false } });
    emit(to('a', { kind: 'result', result: { subtype: 'success', isError: false, text: 'Again.', denials: [] } }));
    expect(FakeNotification.shown).toHaveLength(1);
    store.getState().setSettings({ ...defaultSettings(), notifications: { enabled: false, needsYou: true, finished: true } });
    emit(to('a', { kind: 'permission', request: { ...bash, requestId: 'r9' } }));
    expect(FakeNotification.shown).toHaveLength(1);
    store.getState().setSettings(defaultSettings());
    FakeNotification.permission = 'denied';
    emit(to('a', { kind: 'permission', request: { ...bash, requestId: 'r10' } }));
    expect(FakeNotification.shown).toHaveLength(1);
  });

  it('a background task that ends on its own while its tab is hidden is a notification; a stopped or foreground one is not', () => {
    const { store } = setup();
    inView = true;
    const bg = (taskId: string, extra: Partial<TaskPatch> = {}): SessionEvent => ({
      kind: 'task',
      phase: 'started',
      task: { taskId, taskType: 'local_bash', toolName: 'Bash', description: 'Run the tests', backgrounded: true, ...extra },
      at: 1,
    });
    const end = (taskId: string, status: string, summary?: string): SessionEvent => ({
      kind: 'task',
      phase: 'ended',
      task: { taskId, status, summary },
      at: 2,
    });
    // Tab b is hidden (a is shown): its task's end is news even with the window in view.
    emit(to('b', bg('t1')));
    emit(to('b', end('t1', 'completed', 'Background command "Run the tests" completed (exit code 0)')));
    expect(FakeNotification.shown.map((n) => [n.title, n.options.body, n.options.tag])).toEqual([
      ['web: a background task finished', 'Background command "Run the tests" completed (exit code 0)', 'clide:b:task:t1'],
    ]);
    // Started and failed in one batch: still known to have run in the background.
    emit(to('b', bg('t2', { taskType: 'local_agent', toolName: 'Agent', description: 'Review' }), end('t2', 'failed', 'It crashed.')));
    expect(FakeNotification.shown.at(-1)?.title).toBe('web: a background task failed');
    expect(FakeNotification.shown.at(-1)?.options.body).toBe('Review: It crashed.');
    // Stopped (by the person or by Claude), run in the foreground, or on the tab on screen: nothing.
    emit(to('b', bg('t3'), end('t3', 'stopped')));
    emit(to('b', bg('t4', { backgrounded: false }), end('t4', 'completed')));
    emit(to('a', bg('t5'), end('t5', 'completed')));
    expect(FakeNotification.shown).toHaveLength(2);
    // The shown tab's task notifies once the window is out of view; the "finished" switch governs it.
    inView = false;
    emit(to('a', bg('t6'), end('t6', 'completed')));
    expect(FakeNotification.shown).toHaveLength(3);
    store.getState().setSettings({ ...defaultSettings(), notifications: { enabled: true, needsYou: true, finished: false } });
    emit(to('a', bg('t7'), end('t7', 'completed')));
    expect(FakeNotification.shown).toHaveLength(3);
  });

  it('closes its notifications when the window comes back into view', () => {
    setup();
    emit(to('a', { kind: 'permission', request: bash }));
    expect(FakeNotification.shown[0]!.closed).toBe(false);
    inView = true;
    window.dispatchEvent(new Event('focus'));
    expect(FakeNotification.shown[0]!.closed).toBe(true);
  });
});
