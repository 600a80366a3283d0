import { afterEach, describe, expect, it, vi } from 'vitest';
import { ControlChannel, ControlRefused, type Json } from '../../../electron/core/protocol/control';
import { reloadPlugins } from '../../../electron/core/protocol/reload-control';
import { ClideError } from '../../../shared/result';

function setup(timeoutMs = 1000) {
  const written: Json[] = [];
  let n = 0;
  const ch = new ControlChannel({ write: (m) => written.push(m), defaultTimeoutMs: timeoutMs, newId: () => `req-${++n}` });
  return { ch, written };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ControlChannel outbound', () => {
  it('correlates responses by request_id, out of order', async () => {
    const { ch, written } = setup();
    const a = ch.request('interrupt');
    const b = ch.request('set_model', { model: 'opus' });
    expect(written).toEqual([
      { type: 'control_request', request_id: 'req-1', request: { subtype: 'interrupt' } },
      { type: 'control_request', request_id: 'req-2', request: { subtype: 'set_model', model: 'opus' } },
    ]);
    expect(ch.handleResponse({ subtype: 'success', request_id: 'req-2', response: { model: 'opus' } })).toBe(true);
    expect(ch.handleResponse({ subtype: 'success', request_id: 'req-1', response: {} })).toBe(true);
    await expect(b).resolves.toEqual({ model: 'opus' });
    await expect(a).resolves.toEqual({});
    expect(ch.pendingOutbound).toBe(0);
  });

  it('ignores a response that matches nothing', () => {
    const { ch } = setup();
    expect(ch.handleResponse({ subtype: 'success', request_id: 'nope' })).toBe(false);
  });

  it('turns an error response into a typed control-error', async () => {
    const { ch } = setup();
    const p = ch.request('set_permission_mode', { mode: 'bypassPermissions' });
    ch.handleResponse({ subtype: 'error', request_id: 'req-1', error: 'bypass_not_launched' });
    const err = await p.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClideError);
    expect((err as ClideError).info.kind).toBe('control-error');
    expect((err as ClideError).info.message).toContain('bypass_not_launched');
  });

  it('keeps the error_code of a refusal, and a busy reload_plugins reads as busy', async () => {
    const { ch } = setup();
    const p = ch.request('set_model', { model: 'x' });
    ch.handleResponse({ subtype: 'error', request_id: 'req-1', error: 'no such model', error_code: 'invalid_model' });
    const err = await p.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ControlRefused);
    expect((err as ControlRefused).code).toBe('invalid_model');

    const busy = reloadPlugins((subtype, payload) => ch.request(subtype, payload));
    const busyText = 'The session is busy, so plugins were not reloaded. Ask again once it is idle.';
    ch.handleResponse({ subtype: 'error', request_id: 'req-2', error: busyText, error_code: 'reload_plugins_busy' });
    await expect(busy).resolves.toBe('busy');
    // Any other refusal is an error, never taken for busy.
    const refused = reloadPlugins((subtype, payload) => ch.request(subtype, payload));
    ch.handleResponse({ subtype: 'error', request_id: 'req-3', error: busyText });
    await expect(refused).rejects.toBeInstanceOf(ControlRefused);
  });

  it('times out a request that is never answered, and ignores the late answer', async () => {
    vi.useFakeTimers();
    const { ch } = setup(500);
    const p = ch.request('get_context_usage');
    const caught = p.catch((e: unknown) => e);
    vi.advanceTimersByTime(499);
    expect(ch.pendingOutbound).toBe(1);
    vi.advanceTimersByTime(1);
    const err = (await caught) as ClideError;
    expect(err.info.kind).toBe('control-timeout');
    expect(err.info.message).toContain('get_context_usage');
    expect(ch.handleResponse({ subtype: 'success', request_id: 'req-1' })).toBe(false);
  });

  it('fails every pending request at once when the process dies, and refuses new ones', async () => {
    const { ch } = setup();
    const a = ch.request('interrupt').catch((e: ClideError) => e.info.kind);
    const b = ch.request('mcp_status').catch((e: ClideError) => e.info.kind);
    ch.close({ kind: 'process-exit', message: 'exited' });
    expect(await a).toBe('process-exit');
    expect(await b).toBe('process-exit');
    await expect(ch.request('interrupt')).rejects.toBeInstanceOf(ClideError);
  });

  it('rejects when the write itself fails (EPIPE) and keeps nothing pending', async () => {
    const ch = new ControlChannel({
      write: () => {
        throw new ClideError({ kind: 'not-running', message: 'session ended' });
      },
    });
    await expect(ch.request('interrupt')).rejects.toMatchObject({ info: { kind: 'not-running' } });
    expect(ch.pendingOutbound).toBe(0);
  });
});

describe('ControlChannel inbound', () => {
  it('answers an inbound request exactly once', () => {
    const { ch, written } = setup();
    ch.receive('r1', { subtype: 'can_use_tool' });
    expect(ch.isOwed('r1')).toBe(true);
    expect(ch.reply('r1', { behavior: 'allow', updatedInput: {} })).toBe(true);
    expect(ch.reply('r1', { behavior: 'deny', message: 'x' })).toBe(false);
    expect(ch.replyError('r1', 'x')).toBe(false);
    expect(written).toEqual([
      { type: 'control_response', response: { subtype: 'success', request_id: 'r1', response: { behavior: 'allow', updatedInput: {} } } },
    ]);
  });

  it('sends error replies in the documented envelope', () => {
    const { ch, written } = setup();
    ch.receive('r2', { subtype: 'something_new' });
    ch.replyError('r2', 'Unsupported control request: something_new');
    expect(written[0]).toEqual({
      type: 'control_response',
      response: { subtype: 'error', request_id: 'r2', error: 'Unsupported control request: something_new' },
    });
  });

  it('a withdrawn request is never answered', () => {
    const { ch, written } = setup();
    ch.receive('r3', { subtype: 'can_use_tool' });
    expect(ch.withdraw('r3')?.subtype).toBe('can_use_tool');
    expect(ch.reply('r3', {})).toBe(false);
    expect(written).toEqual([]);
  });

  it('answers a duplicate request id with an error instead of letting one answer serve two asks', () => {
    const { ch, written } = setup();
    ch.receive('dup', { subtype: 'can_use_tool' });
    ch.receive('dup', { subtype: 'can_use_tool' });
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ response: { subtype: 'error', request_id: 'dup' } });
    expect(ch.isOwed('dup')).toBe(true);
  });

  it('reports what was still owed when the process dies', () => {
    const { ch } = setup();
    ch.receive('a', { subtype: 'can_use_tool' });
    ch.receive('b', { subtype: 'hook_callback' });
    ch.reply('a', {});
    expect(ch.close({ kind: 'process-exit', message: 'x' }).map((r) => r.requestId)).toEqual(['b']);
    expect(ch.owed).toEqual([]);
  });
});
