// Typed outbound requests, fed the responses the real CLI gave in fixtures/control-requests.jsonl.
import { describe, expect, it } from 'vitest';
import type { Json } from '../../../electron/core/protocol/control';
import * as mcp from '../../../electron/core/protocol/mcp-control';
import * as requests from '../../../electron/core/protocol/requests';
import * as taskControl from '../../../electron/core/protocol/task-control';
import { ClideError } from '../../../shared/result';
import { loadFixture } from './fixture-replay';

/** The CLI's recorded answer to each outbound request subtype (the first of each). */
function recorded(): Map<string, { response?: Json; error?: string }> {
  const f = loadFixture('control-requests');
  const subtypeById = new Map<string, string>();
  const out = new Map<string, { response?: Json; error?: string }>();
  for (const l of f.lines) {
    if (l.dir === 'in' && l.message.type === 'control_request') {
      subtypeById.set(String(l.message.request_id), String((l.message.request as Json).subtype));
    } else if (l.dir === 'out' && l.message.type === 'control_response') {
      const r = l.message.response as Json;
      const key = subtypeById.get(String(r.request_id));
      if (!key || out.has(key + (r.subtype === 'error' ? ':error' : ''))) continue;
      out.set(
        key + (r.subtype === 'error' ? ':error' : ''),
        r.subtype === 'success' ? { response: (r.response as Json | undefined) ?? {} } : { error: String(r.error) },
      );
    }
  }
  return out;
}

function requester(answers: Map<string, { response?: Json; error?: string }>) {
  const sent: Array<[string, Json | undefined]> = [];
  const req: requests.Requester = async (subtype, payload) => {
    sent.push([subtype, payload]);
    const a = answers.get(subtype);
    if (!a?.response) throw new Error(`no recorded success for ${subtype}`);
    return a.response;
  };
  return { req, sent };
}

describe('typed outbound requests against recorded CLI answers', () => {
  const answers = recorded();

  it('get_context_usage: categories with name and tokens, totals and percentage', async () => {
    const { req, sent } = requester(answers);
    const u = await requests.getContextUsage(req);
    expect(sent).toEqual([['get_context_usage', undefined]]);
    expect(u.categories.length).toBeGreaterThan(2);
    expect(u.categories[0]).toMatchObject({ name: 'System prompt', tokens: expect.any(Number), kind: 'used', id: 'system_prompt' });
    expect(u.totalTokens).toBeGreaterThan(0);
    expect(u.maxTokens).toBeGreaterThan(u.totalTokens);
    expect(u.percentage).toBeGreaterThanOrEqual(0);
    expect(u.percentage).toBeLessThanOrEqual(100);
  });

  it('set_permission_mode and set_model: the confirmed values', async () => {
    const { req, sent } = requester(answers);
    expect(await requests.setPermissionMode(req, 'acceptEdits')).toBe('acceptEdits');
    expect(sent[0]).toEqual(['set_permission_mode', { mode: 'acceptEdits' }]);
    const bypass = answers.get('set_permission_mode:error');
    expect(bypass?.error).toContain('--dangerously-skip-permissions');
  });

  it('mcp_status, rewind_files, set_max_thinking_tokens, apply_flag_settings, stop_task', async () => {
    const { req, sent } = requester(answers);
    expect(await mcp.mcpStatus(req)).toEqual([]);
    const rewind = await requests.rewindFiles(req, 'user-uuid', true);
    expect(rewind).toMatchObject({ canRewind: true, insertions: expect.any(Number), deletions: expect.any(Number) });
    expect(rewind.filesChanged[0]).toMatch(/notes\.txt$/);
    await requests.setMaxThinkingTokens(req, 4096);
    await requests.applyFlagSettings(req, { effortLevel: 'high' });
    await taskControl.stopTask(req, 'no-such-task');
    expect(sent.map((s) => s[0])).toEqual(['mcp_status', 'rewind_files', 'set_max_thinking_tokens', 'apply_flag_settings', 'stop_task']);
    expect(sent[1]?.[1]).toEqual({ user_message_id: 'user-uuid', dry_run: true });
    expect(sent[2]?.[1]).toEqual({ max_thinking_tokens: 4096 });
    expect(sent[4]?.[1]).toEqual({ task_id: 'no-such-task' });
  });

  it('maps mcp_status rows to the app shape', async () => {
    const req: requests.Requester = async () => ({
      mcpServers: [
        {
          name: 'team',
          status: 'connected',
          scope: 'sdk',
          source: 'sdk',
          transport: 'sdk',
          serverInfo: { name: 'team', version: '1.0.0' },
          tools: [{ name: 'send' }],
          config: { secret: 'x' },
        },
      ],
    });
    // The server's config (which may hold headers and tokens) never leaves the protocol layer.
    expect(await mcp.mcpStatus(req)).toEqual([
      {
        name: 'team',
        status: 'connected',
        scope: 'sdk',
        source: 'sdk',
        transport: 'sdk',
        serverName: 'team',
        serverVersion: '1.0.0',
        tools: ['send'],
        error: undefined,
      },
    ]);
  });

  it('an answer in an unexpected shape is a typed decode error naming the request, never a crash', async () => {
    const req: requests.Requester = async () => ({ categories: 'lots' });
    const err = await requests.getContextUsage(req).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClideError);
    expect((err as ClideError).info).toMatchObject({ kind: 'decode', message: expect.stringContaining('"get_context_usage"') });
  });

  it('interrupt: the still-queued list defaults to empty', async () => {
    expect(await requests.interrupt(async () => ({}))).toEqual({ stillQueued: [] });
    expect(await requests.interrupt(async () => ({ still_queued: ['u1'] }))).toEqual({ stillQueued: ['u1'] });
  });
});

describe('background task requests against the answers recorded in fixtures/background-tasks.jsonl', () => {
  const f = loadFixture('background-tasks');
  /** The recorded answers in order, per subtype: success bodies, or the CLI's error as control.ts rejects it. */
  function replayer() {
    const queue = new Map<string, Array<{ response?: Json; error?: string }>>();
    const subtypeById = new Map<string, string>();
    for (const l of f.lines) {
      if (l.dir === 'in' && l.message.type === 'control_request') subtypeById.set(String(l.message.request_id), String((l.message.request as Json).subtype));
      if (l.dir !== 'out' || l.message.type !== 'control_response') continue;
      const r = l.message.response as Json;
      const key = subtypeById.get(String(r.request_id)) ?? '';
      queue.set(key, [...(queue.get(key) ?? []), r.subtype === 'success' ? { response: (r.response as Json) ?? {} } : { error: String(r.error) }]);
    }
    const sent: Array<[string, Json | undefined]> = [];
    const req: requests.Requester = async (subtype, payload) => {
      sent.push([subtype, payload]);
      const a = queue.get(subtype)?.shift();
      if (!a) throw new Error(`no recorded answer left for ${subtype}`);
      if (a.error !== undefined) throw new ClideError({ kind: 'control-error', message: `Claude refused "${subtype}": ${a.error}` });
      return a.response ?? {};
    };
    return { req, sent };
  }

  it('get_task_output: the end of the output with its size; refused for an unknown task and for a subagent', async () => {
    const { req, sent } = replayer();
    expect(await taskControl.getTaskOutput(req, 'b1')).toEqual({ output: 'line-1\nline-2\nline-3\n', totalBytes: 21, truncated: false });
    await expect(taskControl.getTaskOutput(req, 'no-such-task')).rejects.toThrow(
      "Claude Code cannot read this task's output: no shell or Monitor task with that task_id in this session",
    );
    expect(await taskControl.getTaskOutput(req, 'b2')).toMatchObject({ output: expect.stringContaining('tick-1'), truncated: false });
    await expect(taskControl.getTaskOutput(req, 'a1')).rejects.toThrow('no shell or Monitor task with that task_id');
    expect(sent.map((s) => s[1])).toEqual([{ task_id: 'b1' }, { task_id: 'no-such-task' }, { task_id: 'b2' }, { task_id: 'a1' }]);
  });

  it('background_tasks: whether the named call was moved; nothing to say when all were asked to move', async () => {
    const { req, sent } = replayer();
    expect(await taskControl.backgroundTasks(req, 'toolu_matches_nothing')).toEqual({ backgrounded: false });
    expect(await taskControl.backgroundTasks(req, 'toolu_fake_3')).toEqual({ backgrounded: true });
    expect(await taskControl.backgroundTasks(req)).toEqual({});
    expect(sent.map((s) => s[1])).toEqual([{ tool_use_id: 'toolu_matches_nothing' }, { tool_use_id: 'toolu_fake_3' }, {}]);
  });

  it('an answer in a shape clide does not know is a decode error, not a wrong number', async () => {
    const req: requests.Requester = async () => ({ output: 42 });
    await expect(taskControl.getTaskOutput(req, 'b1')).rejects.toMatchObject({ info: { kind: 'decode' } });
  });
});
