// What 2.1.337 (Agent SDK 0.3.337) added to the stream, through the real pipeline from stdout
// lines shaped as sdk.d.ts 0.3.337 and the CLI write them: a task closed on resume, a start
// refused with its cause, a turn whose actions auto mode refused unchecked, the Interrupt hook.
import { describe, expect, it } from 'vitest';
import type { Json } from '../../../electron/core/protocol/control';
import { ProtocolPipeline } from '../../../electron/core/protocol/pipeline';
import type { SessionEvent } from '../../../shared/events';
import { applyEvents, emptySession } from '../../../shared/transcript';

function run(...msgs: Json[]): SessionEvent[] {
  const events: SessionEvent[] = [];
  let n = 0;
  const p = new ProtocolPipeline(
    { write: () => {}, now: () => 1, newId: () => `id-${++n}` },
    { onEvents: (e) => events.push(...e), onAsk: () => {}, onWithdrawn: () => {} },
  );
  p.push(Buffer.from(msgs.map((m) => `${JSON.stringify(m)}\n`).join('')));
  return events;
}

const SID = '0d6c1a55-1111-4222-8333-944455556666';
const zeroUsage = { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };

describe('task_notification on resume', () => {
  it('a task the resumed process closed says it did not finish before the restart, with its type', () => {
    const [e] = run({
      type: 'system',
      subtype: 'task_notification',
      task_id: 'a1b2c3',
      tool_use_id: 'toolu_agent',
      status: 'stopped',
      reason: 'unfinished_at_resume',
      task_type: 'local_agent',
      output_file: '/tmp/x/tasks/a1b2c3.output',
      summary: 'Agent "count the badges" did not finish before Claude Code restarted',
      uuid: 'n1',
      session_id: SID,
    });
    expect(e).toMatchObject({
      kind: 'task',
      phase: 'ended',
      task: { taskId: 'a1b2c3', taskType: 'local_agent', status: 'stopped', endReason: 'unfinished-at-restart' },
    });
  });

  it('a shell’s own run time is kept; an unknown reason is not mistaken for one clide knows', () => {
    const [e] = run({
      type: 'system',
      subtype: 'task_notification',
      task_id: 'b9',
      status: 'completed',
      reason: 'something_new',
      duration_ms: 61_500,
      output_file: '/tmp/x/tasks/b9.output',
      summary: 'Background command "npm test" completed (exit code 0)',
      uuid: 'n2',
      session_id: SID,
    });
    expect(e).toMatchObject({ kind: 'task', task: { taskId: 'b9', durationMs: 61_500 } });
    expect(e?.kind === 'task' && e.task.endReason).toBeUndefined();
  });
});

describe('a start Claude Code refuses', () => {
  const refused = (reason: string, errors: string[]) =>
    run({
      type: 'result',
      subtype: 'error_during_execution',
      duration_ms: 0,
      is_error: true,
      num_turns: 0,
      session_id: SID,
      total_cost_usd: 0,
      usage: zeroUsage,
      modelUsage: {},
      permission_denials: [],
      uuid: 'r1',
      errors,
      startup_failure_reason: reason,
    }).find((e) => e.kind === 'result');

  it.each([
    ['resume_target_not_found', 'session-not-found', /no conversation to resume/, /Start a new session/, false],
    ['consumer_terms_review_in_terminal', 'unauthorized', /review the updated Consumer Terms/, /Run claude in a terminal/, true],
    ['consumer_terms_accept_on_web', 'unauthorized', /not accepted the updated Consumer Terms/, /Accept them on claude\.ai/, true],
    ['org_signin_ended', 'unauthorized', /organization’s sign-in has ended/, /Sign in again.*Do not log out first/, true],
  ] as const)('%s is an error that says what to do', (reason, kind, message, hint, resumable) => {
    const e = refused(reason, ['What the CLI said, with https://claude.ai/terms in it']);
    expect(e?.kind === 'result' && e.result.startupFailure).toMatchObject({
      error: { kind, message: expect.stringMatching(message), hint: expect.stringMatching(hint) },
      resumable,
    });
    // The CLI's own words stay with it (the terms' address, the session id).
    expect(e?.kind === 'result' && e.result.startupFailure?.error.detail).toBe('What the CLI said, with https://claude.ai/terms in it');
  });

  it('a reason clide has no words for keeps the CLI’s message', () => {
    const e = refused('brand_new_reason', ['Something new went wrong.']);
    expect(e?.kind === 'result' && e.result.startupFailure?.error).toMatchObject({
      kind: 'process-exit',
      message: 'Claude Code refused to start: Something new went wrong.',
    });
  });

  it('is the session’s failure, not a turn error as well', () => {
    const events = run({
      type: 'result',
      subtype: 'error_during_execution',
      is_error: true,
      uuid: 'r2',
      errors: ['x'],
      startup_failure_reason: 'org_signin_ended',
    });
    expect(applyEvents(emptySession('s', '/'), events).items.filter((i) => i.type === 'turn-error')).toEqual([]);
  });

  it('a result without a cause is no startup failure', () => {
    const [e] = run({ type: 'result', subtype: 'error_during_execution', is_error: true, uuid: 'r3', errors: ['No conversation found'] });
    expect(e?.kind === 'result' && e.result.startupFailure).toBeUndefined();
  });
});

describe('auto mode refusing without its check', () => {
  const result = (denials: Json[], extra: Json = {}) =>
    run({
      type: 'result',
      subtype: 'success',
      is_error: true,
      result: 'I could not run the tests, so here is what I changed instead.',
      num_turns: 2,
      duration_ms: 900,
      session_id: SID,
      usage: zeroUsage,
      permission_denials: denials,
      uuid: 'r4',
      ...extra,
    });

  it('the turn ends with Claude’s reply, not an API error, and a note says what was refused and why', () => {
    const events = result([
      { tool_name: 'Bash', tool_use_id: 'tu1', tool_input: { command: 'npm test' }, auto_mode_unchecked: 'no_check_in_session' },
      { tool_name: 'Bash', tool_use_id: 'tu2', tool_input: { command: 'npm run lint' }, auto_mode_unchecked: 'no_check_in_session' },
    ]);
    const r = events.find((e) => e.kind === 'result');
    expect(r?.kind === 'result' && r.result).toMatchObject({ isError: false, text: 'I could not run the tests, so here is what I changed instead.' });
    expect(r?.kind === 'result' && r.result.denials).toEqual([
      { toolName: 'Bash', toolUseId: 'tu1', unchecked: 'no-check-in-session' },
      { toolName: 'Bash', toolUseId: 'tu2', unchecked: 'no-check-in-session' },
    ]);
    const v = applyEvents(emptySession('s', '/'), events);
    expect(v.items.map((i) => i.type)).toEqual(['notice']);
    expect(v.items[0]).toMatchObject({
      code: 'auto-mode-unchecked',
      text: expect.stringMatching(/^Auto mode refused 2 actions \(Bash\) without judging them unsafe: its safety check does not run in this session\./),
    });
  });

  it('a value clide does not know yet still counts; an API error is still an error', () => {
    const later = result([{ tool_name: 'Write', tool_use_id: 'tu3', auto_mode_unchecked: 'no_budget' }]).find((e) => e.kind === 'result');
    expect(later?.kind === 'result' && later.result).toMatchObject({ isError: false, denials: [{ unchecked: 'other' }] });
    const api = result([{ tool_name: 'Write', tool_use_id: 'tu3', auto_mode_unchecked: 'no_verdict' }], { api_error_status: 529 }).find(
      (e) => e.kind === 'result',
    );
    expect(api?.kind === 'result' && api.result.isError).toBe(true);
  });

  it('an ordinary denial changes nothing', () => {
    const events = result([{ tool_name: 'Bash', tool_use_id: 'tu1' }]);
    expect(events.map((e) => e.kind)).toEqual(['result']);
    const r = events[0];
    expect(r?.kind === 'result' && r.result).toMatchObject({ isError: true, denials: [{ toolName: 'Bash', toolUseId: 'tu1' }] });
  });
});

describe('the Interrupt hook event', () => {
  // 2.1.337 runs a person's Interrupt hooks but (checked with --include-hook-events) reports none
  // on stdout yet; when it does, they read like every other hook: running, then a failure kept.
  it('a failing Interrupt hook, reported after the stopped turn’s result, shows like any failing hook', () => {
    const hook = { hook_id: 'h1', hook_name: 'Interrupt', hook_event: 'Interrupt', uuid: 'x', session_id: SID };
    const started = run({ type: 'system', subtype: 'hook_started', ...hook });
    const running = applyEvents(emptySession('s', '/'), started);
    expect(running.hooks).toMatchObject({ h1: { event: 'Interrupt', name: 'Interrupt' } });
    const done = run({
      type: 'system',
      subtype: 'hook_response',
      ...hook,
      outcome: 'error',
      exit_code: 1,
      output: 'the stop hook broke',
      stdout: '',
      stderr: 'the stop hook broke',
    });
    const v = applyEvents(running, done);
    expect(v.hooks).toEqual({});
    expect(v.items).toMatchObject([{ type: 'hook', event: 'Interrupt', outcome: 'error', exitCode: 1, output: 'the stop hook broke' }]);
  });
});
