import { describe, expect, it } from 'vitest';
import type { PermissionRequest } from '../../../shared/events';
import { applyEvents, emptySession } from '../../../shared/transcript';
import { attentionKind, attentionSignals, inboxEntries, pendingCount } from '../../../renderer/src/store/attention';

const ask = (requestId: string, toolName = 'Bash'): PermissionRequest => ({
  requestId,
  toolName,
  displayName: toolName,
  input: { command: 'ls' },
  suggestions: [],
  at: 1,
});

describe('attention', () => {
  it('tells permissions, questions and plan approvals apart', () => {
    expect(attentionKind(ask('1'))).toBe('permission');
    expect(attentionKind(ask('2', 'AskUserQuestion'))).toBe('question');
    expect(attentionKind(ask('3', 'ExitPlanMode'))).toBe('plan');
    expect(attentionKind(ask('4', 'clide:mcp-input'))).toBe('input');
    expect(attentionKind(ask('5', 'clide:dialog'))).toBe('dialog');
  });

  it('lists every pending prompt in tab order, oldest first within a tab', () => {
    const a = applyEvents(emptySession('a', '/a', 1), [
      { kind: 'permission', request: ask('a1') },
      { kind: 'permission', request: ask('a2', 'ExitPlanMode') },
    ]);
    const b = applyEvents(emptySession('b', '/b', 1), [{ kind: 'permission', request: ask('b1', 'AskUserQuestion') }]);
    const c = emptySession('c', '/c', 1);
    const entries = inboxEntries({ a, b, c }, ['b', 'c', 'a']);
    expect(entries.map((e) => [e.sessionId, e.request.requestId, e.kind])).toEqual([
      ['b', 'b1', 'question'],
      ['a', 'a1', 'permission'],
      ['a', 'a2', 'plan'],
    ]);
    expect(pendingCount({ a, b, c })).toBe(3);
  });

  it('finds prompts, finished turns and failures in a batch, not turns the person stopped', () => {
    const signals = attentionSignals([
      { type: 'session-created', session: { id: 'x', view: emptySession('x', '/x', 1) } },
      {
        type: 'session-events',
        id: 'a',
        events: [
          { kind: 'permission', request: ask('a1') },
          { kind: 'result', result: { subtype: 'success', isError: false, denials: [] } },
          { kind: 'result', result: { subtype: 'error_during_execution', isError: true, interrupted: true, denials: [] } },
          { kind: 'failure', error: { kind: 'process-exit', message: 'Claude exited with code 1.' }, resumable: true },
        ],
      },
    ]);
    expect(signals.map((s) => s.kind)).toEqual(['needs-you', 'finished', 'failed']);
  });
});
