// Inbound control requests through the real pipeline, from scripted stdout lines: each is
// answered exactly once (or, when withdrawn, not at all), whatever its handler does.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Json } from '../../../electron/core/protocol/control';
import type { HookRegistration } from '../../../electron/core/protocol/hooks';
import { SdkMcpServer, textResult } from '../../../electron/core/protocol/mcp-server';
import { ProtocolPipeline, type ProtocolExtensions } from '../../../electron/core/protocol/pipeline';
import type { PermissionRequest, SessionEvent } from '../../../shared/events';

afterEach(() => vi.useRealTimers());

function setup(ext: ProtocolExtensions = {}) {
  const written: Json[] = [];
  const events: SessionEvent[] = [];
  const asks: PermissionRequest[] = [];
  const withdrawn: string[] = [];
  let n = 0;
  const p = new ProtocolPipeline(
    { write: (m) => written.push(m), now: () => 1, newId: () => `id-${++n}`, ...ext },
    { onEvents: (e) => events.push(...e), onAsk: (a) => asks.push(a.request), onWithdrawn: (id) => withdrawn.push(id) },
  );
  const send = (...msgs: Json[]) => p.push(Buffer.from(msgs.map((m) => `${JSON.stringify(m)}\n`).join('')));
  const request = (id: string, request: Json) => send({ type: 'control_request', request_id: id, request });
  const replies = () => written.filter((m) => m.type === 'control_response').map((m) => m.response as Json);
  return { p, written, events, asks, withdrawn, send, request, replies };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('can_use_tool', () => {
  it('becomes an ask; the answer is written once, echoing the input on allow', () => {
    const t = setup();
    t.request('r1', { subtype: 'can_use_tool', tool_name: 'Write', input: { file_path: 'a' }, tool_use_id: 'tu1', permission_suggestions: [] });
    expect(t.asks).toMatchObject([{ requestId: 'r1', toolName: 'Write', toolUseId: 'tu1', input: { file_path: 'a' } }]);
    expect(t.p.owed.map((r) => r.requestId)).toEqual(['r1']);
    expect(t.p.answerPermission('r1', { behavior: 'allow' })).toBe(true);
    expect(t.p.answerPermission('r1', { behavior: 'deny' })).toBe(false);
    expect(t.replies()).toEqual([{ subtype: 'success', request_id: 'r1', response: { behavior: 'allow', updatedInput: { file_path: 'a' } } }]);
    expect(t.p.owed).toEqual([]);
  });

  it('a duplicate request id is refused and the first prompt keeps its own answer', () => {
    const t = setup();
    t.request('dup', { subtype: 'can_use_tool', tool_name: 'Write', input: { file_path: 'first' } });
    t.request('dup', { subtype: 'can_use_tool', tool_name: 'Bash', input: { command: 'second' } });
    expect(t.asks).toHaveLength(1);
    expect(t.replies()).toEqual([{ subtype: 'error', request_id: 'dup', error: 'Duplicate request_id' }]);
    expect(t.p.answerPermission('dup', { behavior: 'allow' })).toBe(true);
    expect(t.replies()[1]).toMatchObject({ subtype: 'success', response: { updatedInput: { file_path: 'first' } } });
  });

  it('control_cancel_request withdraws the prompt and nothing is ever written for it', () => {
    const t = setup();
    t.request('r2', { subtype: 'can_use_tool', tool_name: 'Bash', input: { command: 'ls' } });
    t.send({ type: 'control_cancel_request', request_id: 'r2' });
    expect(t.withdrawn).toEqual(['r2']);
    expect(t.p.answerPermission('r2', { behavior: 'allow' })).toBe(false);
    expect(t.written).toEqual([]);
    expect(t.p.owed).toEqual([]);
    // A cancel for something never asked changes nothing.
    t.send({ type: 'control_cancel_request', request_id: 'never' });
    expect(t.withdrawn).toEqual(['r2']);
  });

  it('a subagent ask is grouped under the Agent tool call that started the subagent', () => {
    const t = setup();
    t.send({ type: 'system', subtype: 'task_started', task_id: 'agent-abc', tool_use_id: 'toolu_agent', task_type: 'local_agent', description: 'x' });
    t.request('r3', { subtype: 'can_use_tool', tool_name: 'Bash', input: {}, agent_id: 'agent-abc' });
    expect(t.asks[0]?.parentToolUseId).toBe('toolu_agent');
    t.send({ type: 'system', subtype: 'permission_denied', tool_name: 'Bash', tool_use_id: 'tb', message: 'no', agent_id: 'agent-abc' });
    expect(t.events.at(-1)).toMatchObject({ kind: 'permission-denied', toolUseId: 'tb', parentToolUseId: 'toolu_agent' });
  });
});

describe('hook_callback', () => {
  const pre = (callback: HookRegistration['callback'], timeoutSec?: number): HookRegistration => ({
    event: 'PreToolUse',
    matcher: 'Write',
    callback,
    timeoutSec,
  });

  it('registers hooks in initialize and answers the callback with its output', async () => {
    const seen: Array<[Json, string | undefined]> = [];
    const t = setup({
      hooks: [
        pre((input, ctx) => {
          seen.push([input, ctx.toolUseId]);
          return { continue: true };
        }),
      ],
    });
    expect(t.p.initializePayload()).toMatchObject({
      hooks: { PreToolUse: [{ matcher: 'Write', hookCallbackIds: ['clide_hook_0'] }] },
      sdkMcpServers: [],
      forwardSubagentText: true,
    });
    t.request('h1', { subtype: 'hook_callback', callback_id: 'clide_hook_0', input: { hook_event_name: 'PreToolUse', tool_name: 'Write' }, tool_use_id: 'tu' });
    await tick();
    expect(seen).toEqual([[{ hook_event_name: 'PreToolUse', tool_name: 'Write' }, 'tu']]);
    expect(t.replies()).toEqual([{ subtype: 'success', request_id: 'h1', response: { continue: true } }]);
    expect(t.p.owed).toEqual([]);
  });

  it('answers an unknown callback id and a throwing callback with an error, and says so', async () => {
    const t = setup({
      hooks: [
        pre(() => {
          throw new Error('policy file missing');
        }),
      ],
    });
    t.request('h2', { subtype: 'hook_callback', callback_id: 'nope', input: {} });
    t.request('h3', { subtype: 'hook_callback', callback_id: 'clide_hook_0', input: { hook_event_name: 'PreToolUse' } });
    await tick();
    expect(t.replies()).toEqual([
      { subtype: 'error', request_id: 'h2', error: 'No hook callback is registered with id "nope".' },
      { subtype: 'error', request_id: 'h3', error: 'Hook callback failed: policy file missing' },
    ]);
    expect(t.events.some((e) => e.kind === 'notice' && e.code === 'hook-callback' && e.text.includes('policy file missing'))).toBe(true);
  });

  it('answers a callback that never returns with an error after its timeout, and ignores its late answer', async () => {
    vi.useFakeTimers();
    let release: (v: Json) => void = () => {};
    let aborted = false;
    const t = setup({
      hooks: [
        pre(
          (_input, ctx) =>
            new Promise<Json>((resolve) => {
              release = resolve;
              ctx.signal.addEventListener('abort', () => (aborted = true));
            }),
          2,
        ),
      ],
    });
    t.request('h4', { subtype: 'hook_callback', callback_id: 'clide_hook_0', input: {} });
    await vi.advanceTimersByTimeAsync(1999);
    expect(t.replies()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.replies()).toEqual([{ subtype: 'error', request_id: 'h4', error: 'Hook callback failed: no answer within 2 s' }]);
    expect(aborted).toBe(true);
    release({ continue: true });
    await vi.advanceTimersByTimeAsync(10);
    expect(t.replies()).toHaveLength(1);
  });

  it('a withdrawn callback is aborted and never answered', async () => {
    let signal: AbortSignal | undefined;
    let release: (v: Json) => void = () => {};
    const t = setup({
      hooks: [
        pre(
          (_i, ctx) =>
            new Promise<Json>((resolve) => {
              signal = ctx.signal;
              release = resolve;
            }),
        ),
      ],
    });
    t.request('h5', { subtype: 'hook_callback', callback_id: 'clide_hook_0', input: {} });
    await tick();
    t.send({ type: 'control_cancel_request', request_id: 'h5' });
    expect(signal?.aborted).toBe(true);
    release({ continue: true });
    await tick();
    expect(t.written).toEqual([]);
    expect(t.withdrawn).toEqual([]); // not a permission prompt: nothing for the UI to close
  });
});

describe('mcp_message', () => {
  const echo = new SdkMcpServer({
    name: 'team',
    tools: [{ name: 'echo', description: 'Echo', inputSchema: { type: 'object' }, handler: (a) => textResult(String(a.text)) }],
  });

  it('names the servers in initialize and answers in response.mcp_response', async () => {
    const t = setup({ mcpServers: [echo] });
    expect(t.p.initializePayload().sdkMcpServers).toEqual(['team']);
    t.request('m1', {
      subtype: 'mcp_message',
      server_name: 'team',
      message: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } },
    });
    t.request('m2', { subtype: 'mcp_message', server_name: 'team', message: { jsonrpc: '2.0', method: 'notifications/initialized' } });
    await tick();
    // Replies may come in any order; the request id pairs them.
    expect(t.replies().sort((a, b) => String(a.request_id).localeCompare(String(b.request_id)))).toEqual([
      {
        subtype: 'success',
        request_id: 'm1',
        response: { mcp_response: { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'hi' }], isError: false } } },
      },
      { subtype: 'success', request_id: 'm2', response: { mcp_response: { jsonrpc: '2.0', id: 0, result: {} } } },
    ]);
  });

  it('answers a message for a server clide does not host with an error', async () => {
    const t = setup({ mcpServers: [echo] });
    t.request('m3', { subtype: 'mcp_message', server_name: 'other', message: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
    await tick();
    expect(t.replies()).toEqual([{ subtype: 'error', request_id: 'm3', error: 'SDK MCP server not found: other' }]);
  });

  it('refuses two servers with the same name', () => {
    expect(() => setup({ mcpServers: [echo, echo] })).toThrow(/Two MCP servers are named "team"/);
  });
});

describe('other inbound requests', () => {
  const ask = { subtype: 'elicitation', mcp_server_name: 'github', message: 'Pick a repository', mode: 'form' };
  const schema = { type: 'object', properties: { repo: { type: 'string', minLength: 1 } }, required: ['repo'] };

  it('an elicitation becomes a prompt with its form; accept, decline and cancel write the three answers, once each', () => {
    const t = setup();
    t.request('e1', { ...ask, requested_schema: schema, property_order: ['repo'] });
    t.request('e2', { ...ask, requested_schema: schema });
    t.request('e3', { ...ask, requested_schema: schema });
    expect(t.asks[0]).toMatchObject({
      requestId: 'e1',
      toolName: 'clide:mcp-input',
      displayName: 'github',
      description: 'Pick a repository',
      mcpServer: 'github',
      elicitation: { server: 'github', mode: 'form', fields: [{ name: 'repo', type: 'text', required: true, minLength: 1 }] },
    });
    expect(t.p.answerElicitation('e1', { action: 'accept', content: { repo: 'clide' } })).toBe(true);
    expect(t.p.answerElicitation('e1', { action: 'decline' })).toBe(false);
    expect(t.p.answerElicitation('e2', { action: 'decline' })).toBe(true);
    expect(t.p.answerElicitation('e3', { action: 'cancel' })).toBe(true);
    // A permission answer never answers an elicitation, nor the other way round.
    expect(t.p.answerPermission('e3', { behavior: 'allow' })).toBe(false);
    expect(t.replies()).toEqual([
      { subtype: 'success', request_id: 'e1', response: { action: 'accept', content: { repo: 'clide' } } },
      { subtype: 'success', request_id: 'e2', response: { action: 'decline' } },
      { subtype: 'success', request_id: 'e3', response: { action: 'cancel' } },
    ]);
    expect(t.p.owed).toEqual([]);
  });

  it('a withdrawn elicitation (control_cancel_request) is dismissed and never answered', () => {
    const t = setup();
    t.request('e4', { ...ask, mode: 'url', url: 'https://example.com/auth', elicitation_id: 'el-1' });
    expect(t.asks[0]?.elicitation).toMatchObject({ mode: 'url', url: 'https://example.com/auth', elicitationId: 'el-1', fields: [] });
    t.send({ type: 'control_cancel_request', request_id: 'e4' });
    expect(t.withdrawn).toEqual(['e4']);
    expect(t.p.answerElicitation('e4', { action: 'accept' })).toBe(false);
    expect(t.written).toEqual([]);
  });

  it('initialize declares exactly the dialog kinds clide renders', () => {
    expect(setup().p.initializePayload()).toMatchObject({ supportedDialogKinds: ['refusal_fallback_prompt'] });
  });

  it("a declared dialog becomes a prompt and its choice goes back as the kind's result; Cancel is the default", () => {
    const t = setup();
    const payload = { originalModel: 'claude-fable-5-2', fallbackModel: 'claude-opus-4-8', apiRefusalCategory: 'cyber', retractedMessageUuids: ['m1'] };
    t.request('d1', { subtype: 'request_user_dialog', dialog_kind: 'refusal_fallback_prompt', payload });
    t.request('d2', { subtype: 'request_user_dialog', dialog_kind: 'refusal_fallback_prompt', payload, tool_use_id: 'tu9' });
    expect(t.asks[0]).toMatchObject({
      toolName: 'clide:dialog',
      dialog: { kind: 'refusal-fallback', originalModel: 'claude-fable-5-2', fallbackModel: 'claude-opus-4-8', category: 'cyber' },
    });
    expect(t.asks[1]?.toolUseId).toBe('tu9');
    expect(() => t.p.answerDialog('d1', { answer: 'choice', choice: 'explode' })).toThrow(/not a choice/);
    expect(t.p.answerDialog('d1', { answer: 'choice', choice: 'retry' })).toBe(true);
    expect(t.p.answerDialog('d2', { answer: 'cancel' })).toBe(true);
    expect(t.replies()).toEqual([
      { subtype: 'success', request_id: 'd1', response: { behavior: 'completed', result: 'retry_fallback' } },
      { subtype: 'success', request_id: 'd2', response: { behavior: 'cancelled' } },
    ]);
  });

  it('an undeclared dialog kind gets an error (never "cancelled"), an unreadable one the default with a notice, unknown subtypes an error', () => {
    const t = setup();
    t.request('d1', { subtype: 'request_user_dialog', dialog_kind: 'fable_overage_consent_prompt', payload: {} });
    t.request('d2', { subtype: 'request_user_dialog', dialog_kind: 'refusal_fallback_prompt', payload: { originalModel: 7 } });
    t.request('u1', { subtype: 'brand_new_thing' });
    expect(t.asks).toEqual([]);
    expect(t.replies()).toEqual([
      { subtype: 'error', request_id: 'd1', error: 'clide does not show "fable_overage_consent_prompt" dialogs; it declared only the kinds it renders.' },
      { subtype: 'success', request_id: 'd2', response: { behavior: 'cancelled' } },
      { subtype: 'error', request_id: 'u1', error: 'Unsupported control request: brand_new_thing' },
    ]);
    expect(t.events.find((e) => e.kind === 'notice')).toMatchObject({ level: 'warning', code: 'dialog-unreadable' });
    expect(t.p.owed).toEqual([]);
  });
});

describe('unknown and new messages', () => {
  it('an unknown system subtype or message type becomes one visible notice each, never an error', () => {
    const t = setup();
    t.send({ type: 'system', subtype: 'quantum_flux' }, { type: 'system', subtype: 'quantum_flux' }, { type: 'hologram', x: 1 });
    const notices = t.events.filter((e) => e.kind === 'notice');
    expect(notices.map((e) => e.kind === 'notice' && [e.code, e.text])).toEqual([
      ['unknown-message', 'Claude sent a message type this version of clide does not know: "system/quantum_flux".'],
      ['unknown-message', 'Claude sent a message type this version of clide does not know: "hologram".'],
    ]);
  });

  it('turns the scripted system messages into app events', () => {
    const t = setup();
    t.send(
      { type: 'system', subtype: 'elicitation_complete', mcp_server_name: 'x', elicitation_id: 'e' },
      { type: 'system', subtype: 'informational', content: 'Stop hook said no', level: 'warning' },
      { type: 'system', subtype: 'notification', key: 'k', text: 'Heads up', priority: 'high' },
      {
        type: 'system',
        subtype: 'model_refusal_fallback',
        original_model: 'a',
        fallback_model: 'b',
        content: 'Switched to b',
        request_id: null,
        trigger: 'refusal',
        direction: 'retry',
      },
      { type: 'system', subtype: 'session_writes_lost', error_code: 'ENOSPC', lost: ['transcript'] },
      { type: 'system', subtype: 'memory_recall', mode: 'select', memories: [{ path: '/m/a.md', scope: 'personal' }] },
      { type: 'system', subtype: 'local_command_output', content: 'Usage: 3%', uuid: 'u1' },
      { type: 'system', subtype: 'commands_changed', commands: [{ name: 'review', description: 'Review', argumentHint: '' }] },
      { type: 'conversation_reset', trigger: 'clear', uuid: 'cr', new_conversation_id: 'n' },
      { type: 'rate_limit_event', rate_limit_info: { status: 'allowed_warning', resetsAt: '2030-01-01T00:00:00Z', utilization: 0.9 } },
    );
    const kinds = t.events.map((e) => (e.kind === 'notice' ? `notice:${e.level}:${e.code}` : e.kind === 'context' ? `context:${e.source}` : e.kind));
    expect(kinds).toEqual([
      'notice:info:elicitation-complete',
      'notice:warning:informational',
      'notice:warning:notification:k',
      'notice:warning:model-fallback',
      'info',
      'notice:error:session-writes-lost',
      'context:memory',
      'context:local-command',
      'info',
      'conversation-reset',
      'rate-limit',
    ]);
    expect(t.events[4]).toEqual({ kind: 'info', info: { model: 'b' } });
    expect(t.events[8]).toEqual({ kind: 'info', info: { commands: [{ name: 'review', description: 'Review', argumentHint: undefined }] } });
    const rl = t.events.at(-1);
    expect(rl?.kind === 'rate-limit' && rl.rateLimit.resetsAt).toBe(Date.parse('2030-01-01T00:00:00Z'));
  });

  it('a compaction that failed is an error notice; status events carry the activity', () => {
    const t = setup();
    t.send(
      { type: 'system', subtype: 'status', status: 'compacting' },
      { type: 'system', subtype: 'status', status: null, compact_result: 'failed', compact_error: 'too short' },
    );
    expect(t.events).toEqual([
      { kind: 'activity', activity: 'compacting' },
      { kind: 'activity', activity: null },
      { kind: 'notice', id: 'id-1', level: 'error', code: 'compact-failed', text: 'Compacting the conversation failed: too short', at: 1 },
    ]);
  });
});
