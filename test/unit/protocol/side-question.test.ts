// side_question through the real pipeline, and get_usage's answer, with the shapes 2.1.332 sent
// live (test/integration/aside-real-cli.test.ts and usage-limit-real-cli.test.ts run them on the
// CLI itself): progress is handed to the request it names and never becomes a transcript event;
// aborting sends control_cancel_request; the answer and the plan map to the app's own shapes.
import { describe, expect, it } from 'vitest';
import type { Json } from '../../../electron/core/protocol/control';
import { ProtocolPipeline } from '../../../electron/core/protocol/pipeline';
import * as requests from '../../../electron/core/protocol/requests';
import type { SessionEvent } from '../../../shared/events';
import { ClideError } from '../../../shared/result';

function setup() {
  const written: Json[] = [];
  const events: SessionEvent[] = [];
  const p = new ProtocolPipeline(
    { write: (m) => written.push(m), now: () => 1 },
    { onEvents: (e) => events.push(...e), onAsk: () => {}, onWithdrawn: () => {} },
  );
  const req: requests.Requester = (subtype, payload, timeoutMs, extras) => p.control.request(subtype, payload, timeoutMs, extras);
  // The control channel names its requests itself: the n-th request written is `req-n` here.
  const ids = () => written.filter((m) => m.type === 'control_request').map((m) => String(m.request_id));
  const send = (...msgs: Json[]) => {
    const named = msgs.map((m) => JSON.stringify(m).replace(/"req-(\d+)"/g, (all, k: string) => JSON.stringify(ids()[Number(k) - 1] ?? all)));
    p.push(Buffer.from(named.map((l) => `${l}\n`).join('')));
  };
  const shown = () =>
    written.map(
      (m) => JSON.parse(JSON.stringify(m).replace(/"[0-9a-f-]{36}"/g, (id) => JSON.stringify(`req-${ids().indexOf(JSON.parse(id) as string) + 1}`))) as Json,
    );
  return { p, written: { shown }, events, send, req };
}

const progress = (requestId: string, extra: Json) => ({
  type: 'system',
  subtype: 'control_request_progress',
  request_id: requestId,
  uuid: 'u',
  session_id: 's',
  ...extra,
});

describe('side_question', () => {
  it('sends the question with the earlier exchanges, hands progress to it, and maps the answer', async () => {
    const t = setup();
    const seen: requests.SideProgress[] = [];
    const answer = requests.sideQuestion(t.req, 'Why?', [{ question: 'What?', response: 'That.' }], { onProgress: (x) => seen.push(x) });
    expect(t.written.shown()).toEqual([
      {
        type: 'control_request',
        request_id: 'req-1',
        request: { subtype: 'side_question', question: 'Why?', history: [{ question: 'What?', response: 'That.' }] },
      },
    ]);
    t.send(
      progress('req-1', { status: 'started' }),
      progress('req-1', { status: 'api_retry', attempt: 1, max_retries: 10, retry_delay_ms: 522, error_status: 529 }),
      progress('req-1', { status: 'api_retry', attempt: 2, max_retries: 10, retry_delay_ms: 1109, error_status: null }),
      // For a request that is not (or no longer) waiting: nothing happens.
      progress('req-9', { status: 'started' }),
    );
    expect(seen).toEqual([
      { state: 'started' },
      { state: 'retrying', retry: { attempt: 1, maxRetries: 10, delayMs: 522, httpStatus: 529 } },
      { state: 'retrying', retry: { attempt: 2, maxRetries: 10, delayMs: 1109, httpStatus: undefined } },
    ]);
    // Progress is the request's business, not the conversation's.
    expect(t.events).toEqual([]);
    t.send({ type: 'control_response', response: { subtype: 'success', request_id: 'req-1', response: { response: 'Because.', synthetic: false } } });
    await expect(answer).resolves.toEqual({ answer: 'Because.', synthetic: false });
  });

  it('sends no history when there is none, and keeps a null or synthetic answer apart from a real one', async () => {
    const t = setup();
    const none = requests.sideQuestion(t.req, 'Q', []);
    expect((t.written.shown()[0]!.request as Json).history).toBeUndefined();
    t.send({ type: 'control_response', response: { subtype: 'success', request_id: 'req-1', response: { response: null, synthetic: false } } });
    await expect(none).resolves.toEqual({ answer: null, synthetic: false });
    const failed = requests.sideQuestion(t.req, 'Q', []);
    t.send({
      type: 'control_response',
      response: { subtype: 'success', request_id: 'req-2', response: { response: '(API error: Repeated 529 Overloaded errors.)', synthetic: true } },
    });
    await expect(failed).resolves.toEqual({ answer: '(API error: Repeated 529 Overloaded errors.)', synthetic: true });
  });

  it('aborting asks the CLI to cancel; its error answer settles the request', async () => {
    const t = setup();
    const abort = new AbortController();
    const asked = requests.sideQuestion(t.req, 'Slow', [], { signal: abort.signal });
    abort.abort();
    abort.abort();
    expect(t.written.shown().slice(1)).toEqual([{ type: 'control_cancel_request', request_id: 'req-1' }]);
    t.send({ type: 'control_response', response: { subtype: 'error', request_id: 'req-1', error: 'Side question cancelled' } });
    await expect(asked).rejects.toBeInstanceOf(ClideError);
    // Aborted after it was answered: nothing more is written.
    const done = new AbortController();
    const quick = requests.sideQuestion(t.req, 'Quick', [], { signal: done.signal });
    t.send({ type: 'control_response', response: { subtype: 'success', request_id: 'req-2', response: { response: 'Yes.', synthetic: false } } });
    await quick;
    done.abort();
    expect(t.written.shown().filter((m) => m.type === 'control_cancel_request')).toHaveLength(1);
  });
});

describe('get_usage', () => {
  const ask = (response: Json) => {
    const sent: Array<[string, Json | undefined]> = [];
    const req: requests.Requester = async (subtype, payload) => {
      sent.push([subtype, payload]);
      return response;
    };
    return { req, sent };
  };

  it('asks without the transcript scan; an API key has no plan limits (as 2.1.332 answers)', async () => {
    const { req, sent } = ask({ session: {}, subscription_type: null, rate_limits_available: false, rate_limits: null, behaviors: null });
    await expect(requests.getUsage(req)).resolves.toEqual({ subscription: undefined, limitsApply: false, windows: null, extraUsage: undefined });
    expect(sent).toEqual([['get_usage', { skip_behaviors: true }]]);
  });

  it('maps the windows of a plan: session, weekly, per model; extra usage', async () => {
    const { req } = ask({
      subscription_type: 'max',
      rate_limits_available: true,
      rate_limits: {
        five_hour: { utilization: 37, resets_at: '2030-01-01T05:00:00Z' },
        seven_day: { utilization: 12.5, resets_at: '2030-01-04T00:00:00Z' },
        seven_day_opus: null,
        seven_day_sonnet: { utilization: null, resets_at: null },
        model_scoped: [{ display_name: 'Fable', utilization: 80, resets_at: '2030-01-05T00:00:00Z' }],
        extra_usage: { is_enabled: true, monthly_limit: 5000, used_credits: 1200, utilization: 24, currency: 'USD' },
      },
    });
    await expect(requests.getUsage(req)).resolves.toEqual({
      subscription: 'max',
      limitsApply: true,
      windows: [
        { key: 'five_hour', percent: 37, resetsAt: Date.parse('2030-01-01T05:00:00Z') },
        { key: 'seven_day', percent: 12.5, resetsAt: Date.parse('2030-01-04T00:00:00Z') },
        { key: 'seven_day_sonnet', percent: undefined, resetsAt: undefined },
        { key: 'model', label: 'Fable', percent: 80, resetsAt: Date.parse('2030-01-05T00:00:00Z') },
      ],
      extraUsage: { enabled: true, monthlyLimit: 5000, usedCredits: 1200, percent: 24, currency: 'USD' },
    });
  });

  it('keeps the percent to one decimal for display where 2.1.337 gives it (utilization_precise), beside the whole one', async () => {
    const { req } = ask({
      subscription_type: 'max',
      rate_limits_available: true,
      rate_limits: {
        five_hour: { utilization: 43, utilization_precise: 42.7, resets_at: null },
        seven_day: { utilization: 12, utilization_precise: null, resets_at: null },
        model_scoped: [{ display_name: 'Fable', utilization: 100, utilization_precise: 99.9, resets_at: null }],
      },
    });
    const usage = await requests.getUsage(req);
    expect(usage.windows).toEqual([
      { key: 'five_hour', percent: 43, shownPercent: 42.7, resetsAt: undefined },
      { key: 'seven_day', percent: 12, resetsAt: undefined },
      { key: 'model', label: 'Fable', percent: 100, shownPercent: 99.9, resetsAt: undefined },
    ]);
  });

  it('a subscriber whose usage could not be read has no windows', async () => {
    const { req } = ask({ subscription_type: 'max', rate_limits_available: true, rate_limits: null });
    await expect(requests.getUsage(req)).resolves.toMatchObject({ subscription: 'max', limitsApply: true, windows: null });
  });

  it('an answer in another shape is a decode error naming the field', async () => {
    const { req } = ask({ rate_limits_available: 'yes' });
    await expect(requests.getUsage(req)).rejects.toMatchObject({ info: { kind: 'decode', message: expect.stringContaining('rate_limits_available') } });
  });
});
