// Every recorded fixture replayed through the real pipeline (framer -> decoder -> normalizer /
// control channel -> reducer), with golden-style assertions on what a window would show.
import { describe, expect, it } from 'vitest';
import type { Json } from '../../../electron/core/protocol/control';
import { SdkMcpServer, textResult } from '../../../electron/core/protocol/mcp-server';
import { SYSTEM_SUBTYPES } from '../../../electron/core/protocol/system';
import { TESTED_CLI_VERSION } from '../../../electron/core/protocol/version';
import { IGNORED_TYPES, wireSchemas } from '../../../electron/core/protocol/wire';
import { SessionEventSchema } from '../../../shared/events';
import { foregroundTasks, taskKind } from '../../../shared/tasks';
import { blocksOf, childrenOf, taskOf, toolCalls, toolOf, type TranscriptItem } from '../../../shared/transcript';
import { fixtureNames, inboundRequests, loadFixture, recordedReplies, replay, writtenReplies, type ReplayOptions } from './fixture-replay';

type Item<T extends TranscriptItem['type']> = Extract<TranscriptItem, { type: T }>;
const itemsOf = <T extends TranscriptItem['type']>(items: TranscriptItem[], type: T): Array<Item<T>> => items.filter((i): i is Item<T> => i.type === type);

/** The extensions the recordings registered in initialize, rebuilt with clide's own abstractions. */
function extensionsFor(name: string, calls: Json[] = []): ReplayOptions {
  if (name === 'hook-callback') {
    return {
      hooks: [
        {
          event: 'PreToolUse',
          matcher: 'Write',
          callback: (input) => {
            calls.push(input);
            return { continue: true };
          },
        },
      ],
    };
  }
  if (name === 'sdk-mcp') {
    const server = new SdkMcpServer({
      name: 'clide-test',
      tools: [
        {
          name: 'echo',
          description: 'Echo the text back',
          inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
          handler: (args, ctx) => {
            calls.push({ args, toolUseId: ctx.toolUseId });
            return textResult(`echo: ${String(args.text)}`);
          },
        },
      ],
    });
    return { mcpServers: [server] };
  }
  return {};
}

const names = fixtureNames();

describe('recorded fixtures', () => {
  it('exist for every scenario the recorder knows', () => {
    for (const n of [
      'text-turn',
      'write-allowed',
      'write-denied',
      'interrupt',
      'set-model',
      'plan-mode',
      'ask-user-question',
      'skill',
      'subagent',
      'bash-tasks',
      'background-tasks',
      'api-retry',
      'hook-callback',
      'sdk-mcp',
      'rules-and-hooks',
    ]) {
      expect(names).toContain(n);
    }
  });

  describe.each(names)('%s', (name) => {
    it('names the CLI version and command that made it, and holds nothing personal', () => {
      const f = loadFixture(name);
      expect(f.header.cli_version).toBe(TESTED_CLI_VERSION);
      expect(f.header.command).toMatch(/^claude --input-format stream-json --output-format stream-json /);
      const all = f.lines.map((l) => (l.dir === 'out' ? l.text : JSON.stringify(l.message))).join('\n');
      expect(all).not.toMatch(/"email"\s*:\s*"[^"[]/);
      expect(all).not.toMatch(/clide-test-\w{6}/); // sandbox paths are scrubbed
    });

    it('replays cleanly: every message classified, every event valid, every request answered once', async () => {
      const f = loadFixture(name);
      for (const l of f.lines) {
        if (l.dir !== 'out') continue;
        const t = String(l.message.type);
        expect(Object.hasOwn(wireSchemas, t) || Object.hasOwn(IGNORED_TYPES, t), t).toBe(true);
        if (t === 'system') expect(Object.hasOwn(SYSTEM_SUBTYPES, String(l.message.subtype)), String(l.message.subtype)).toBe(true);
      }
      const r = await replay(f, extensionsFor(name));
      for (const e of r.events) expect(SessionEventSchema.safeParse(e).success, JSON.stringify(e).slice(0, 300)).toBe(true);
      const bad = r.view.items.filter((i) => i.type === 'notice' && ['unknown-message', 'decode', 'internal', 'line-too-long'].includes(i.code));
      expect(bad).toEqual([]);
      expect(r.owed).toEqual([]);
      const ours = writtenReplies(r);
      const theirs = recordedReplies(f);
      expect([...ours.keys()].sort()).toEqual(
        inboundRequests(f)
          .map((q) => q.requestId)
          .sort(),
      );
      // Same kind of answer (success or error) as the recording got from the same handlers.
      for (const [id, reply] of ours) expect(reply.subtype, id).toBe(theirs.get(id)?.subtype);
    });
  });
});

describe('chunking', () => {
  it('the same view whatever the chunk size (lines and UTF-8 characters split across chunks)', async () => {
    for (const name of ['text-turn', 'subagent', 'hook-failure']) {
      const f = loadFixture(name);
      const whole = await replay(f, { ...extensionsFor(name), chunk: 1 << 20 });
      const tiny = await replay(f, { ...extensionsFor(name), chunk: 7 });
      expect(JSON.stringify(tiny.view.items), name).toBe(JSON.stringify(whole.view.items));
      expect(tiny.view.tools, name).toEqual(whole.view.tools);
      expect(tiny.view.tasks, name).toEqual(whole.view.tasks);
    }
  });
});

describe('fixture views', () => {
  it('text-turn: one user message, one assistant message with thinking and text, a successful result', async () => {
    const { view } = await replay(loadFixture('text-turn'));
    expect(view.items.map((i) => i.type)).toEqual(['user', 'assistant']);
    const a = itemsOf(view.items, 'assistant')[0];
    expect((a ? blocksOf(a) : []).map((b) => [b.type, b.streaming])).toEqual([
      ['thinking', false],
      ['text', false],
    ]);
    expect((a ? blocksOf(a) : [])[1]?.text).toBe('Hello! How can I help with this project today?');
    expect(view.lastResult).toMatchObject({ subtype: 'success', isError: false });
    expect(view.costUsd).toBeGreaterThan(0);
    expect(view.contextWindow).toBeGreaterThan(0);
    expect(view.contextTokens).toBeGreaterThan(0);
    expect(view.info).toMatchObject({ cliVersion: TESTED_CLI_VERSION, permissionMode: 'default' });
    expect(view.activity).toBeUndefined();
  });

  it('write-allowed: the prompt carries the full input and suggestions; the result is structured', async () => {
    const { view, asks } = await replay(loadFixture('write-allowed'));
    expect(asks).toHaveLength(1);
    const ask = asks[0]!;
    expect(ask).toMatchObject({ toolName: 'Write', input: { content: 'hello\n' } });
    expect(ask.suggestions[0]).toMatchObject({ type: 'setMode', mode: 'acceptEdits' });
    expect(toolOf(view, ask.toolUseId!)).toMatchObject({ permission: 'allowed', result: { isError: false, structured: { type: 'create' } } });
    expect(view.pending).toEqual([]);
  });

  it('write-denied: the denial reaches the tool card and the result lists it', async () => {
    const { view, asks } = await replay(loadFixture('write-denied'));
    const id = asks[0]!.toolUseId!;
    expect(toolOf(view, id)).toMatchObject({ permission: 'denied', permissionMessage: 'Not that file, please.', result: { isError: true } });
    expect(view.lastResult?.denials).toEqual([{ toolName: 'Write', toolUseId: id }]);
    expect(itemsOf(view.items, 'turn-error')).toEqual([]);
  });

  it('interrupt: the aborted message, an interrupt context card, no failure card, then a normal turn', async () => {
    const { view, events } = await replay(loadFixture('interrupt'));
    expect(view.items.map((i) => i.type)).toEqual(['user', 'assistant', 'context', 'user', 'assistant']);
    expect(view.items[1]).toMatchObject({ type: 'assistant', aborted: true });
    expect(view.items[2]).toMatchObject({ type: 'context', source: 'interrupt', text: '[Request interrupted by user]' });
    const first = events.find((e) => e.kind === 'result');
    expect(first?.kind === 'result' && first.result).toMatchObject({ subtype: 'error_during_execution', isError: true, interrupted: true });
    expect(view.lastResult).toMatchObject({ subtype: 'success' });
  });

  it('set-model: the replayed command output is a context card, never a user message; the new model shows', async () => {
    const { view } = await replay(loadFixture('set-model'));
    expect(itemsOf(view.items, 'user').map((u) => u.text)).toEqual(['Hello', 'Which model are you?']);
    const ctx = itemsOf(view.items, 'context');
    expect(ctx).toHaveLength(1);
    expect(ctx[0]).toMatchObject({ source: 'local-command', label: 'Command output' });
    expect(ctx[0]?.text).toContain('Set model to');
    expect(view.info.model).toBe('claude-sonnet-5-5');
  });

  it('plan-mode: ExitPlanMode asks with the plan; approval returns to default mode', async () => {
    const { view, asks } = await replay(loadFixture('plan-mode'));
    const exit = asks.find((a) => a.toolName === 'ExitPlanMode');
    expect(exit).toMatchObject({ requiresUserInteraction: true, input: { plan: expect.stringContaining('# Plan') } });
    expect(toolOf(view, exit!.toolUseId!)?.result?.structured).toMatchObject({ plan: expect.any(String), filePath: expect.any(String) });
    expect(view.info.permissionMode).toBe('default');
  });

  it('ask-user-question: the questions reach the prompt; the answers come back in the result', async () => {
    const { view, asks } = await replay(loadFixture('ask-user-question'));
    expect(asks[0]).toMatchObject({ toolName: 'AskUserQuestion', requiresUserInteraction: true });
    expect((asks[0]!.input.questions as Json[])[0]).toMatchObject({ question: 'Which pet do you prefer?' });
    expect(toolOf(view, asks[0]!.toolUseId!)?.result?.content).toContain('"Which pet do you prefer?"="Dogs"');
  });

  it('skill: the injected skill body is a muted context card labelled with the skill', async () => {
    const { view } = await replay(loadFixture('skill'));
    const ctx = itemsOf(view.items, 'context');
    expect(ctx.map((c) => [c.source, c.label])).toEqual([['skill', 'Skill: greet']]);
    expect(itemsOf(view.items, 'user')).toHaveLength(1);
  });

  it('subagent: nested messages group under the Agent tool call, with its task', async () => {
    const { view } = await replay(loadFixture('subagent'));
    const main = itemsOf(view.items, 'assistant').filter((a) => !a.parentToolUseId);
    const agentCall = main.flatMap((a) => blocksOf(a)).find((b) => b.tool?.name === 'Agent');
    const agentId = agentCall?.tool?.id ?? '';
    expect(agentId).toBeTruthy();
    const nested = childrenOf(view, agentId);
    expect(nested.length).toBeGreaterThanOrEqual(2);
    expect(nested.every((i) => i.type === 'assistant' && i.parentToolUseId === agentId)).toBe(true);
    const nestedBlocks = nested.flatMap((i) => (i.type === 'assistant' ? blocksOf(i) : []));
    expect(nestedBlocks.map((b) => b.type)).toContain('tool_use');
    expect(nestedBlocks.some((b) => b.text.includes('three lines'))).toBe(true);
    const readId = nestedBlocks.find((b) => b.tool?.name === 'Read')?.tool?.id ?? '';
    expect(toolOf(view, readId)?.result?.content).toContain('alpha');
    expect(taskOf(view, agentId)).toMatchObject({ taskType: 'local_agent', status: 'completed', subagentType: 'general-purpose', backgrounded: true });
    // Its progress says what it does now; its name stays the one it was started with.
    expect(taskOf(view, agentId)).toMatchObject({ description: 'Count lines', activity: 'Reading data.txt' });
    // Top-level transcript keeps only main-thread messages in order.
    expect(main.at(-1) ? blocksOf(main.at(-1)!).at(-1)?.text : undefined).toBe('The subagent found three lines.');
  });

  it('bash-tasks: a foreground and a background Bash task, each tied to its tool card', async () => {
    const { view } = await replay(loadFixture('bash-tasks'));
    const tasks = Object.values(view.tasks ?? {});
    expect(tasks).toHaveLength(2);
    expect(tasks.map((t) => [t.taskType, t.backgrounded, t.status])).toEqual([
      ['local_bash', false, 'completed'],
      ['local_bash', true, 'completed'],
    ]);
    for (const t of tasks) expect(taskOf(view, t.toolUseId!)?.taskId).toBe(t.taskId);
    expect(tasks[1]?.summary).toContain('completed');
    expect(tasks[1]?.endedAt).toBeGreaterThan(tasks[1]?.startedAt ?? Infinity);
  });

  it('background-tasks: shells, a Monitor and a subagent with their kind, command and end; the live set follows them', async () => {
    const { view, snapshots } = await replay(loadFixture('background-tasks'));
    const tasks = Object.values(view.tasks ?? {}).filter((t) => !t.parentTaskId);
    expect(tasks.map((t) => [taskKind(t), t.backgrounded, t.status])).toEqual([
      ['shell', true, 'stopped'],
      ['monitor', true, 'stopped'],
      ['shell', true, 'completed'],
      ['subagent', true, 'completed'],
    ]);
    expect(tasks[0]).toMatchObject({ toolName: 'Bash', command: expect.stringContaining('echo line-$i'), description: 'Count slowly' });
    expect(tasks[1]).toMatchObject({ toolName: 'Monitor', command: expect.stringContaining('echo tick-$i') });
    expect(tasks[3]).toMatchObject({ toolName: 'Agent', subagentType: 'general-purpose' });
    expect(tasks[3]?.command).toBeUndefined();
    for (const t of tasks) expect(taskOf(view, t.toolUseId!)?.taskId).toBe(t.taskId);
    // Each task joined the live set while it ran, and left it when it ended.
    for (const t of tasks) expect(snapshots.some((v) => v.liveTasks?.some((l) => l.taskId === t.taskId))).toBe(true);
    expect(view.liveTasks).toEqual([]);
    // The foreground count was a foreground task until background_tasks moved it.
    expect(snapshots.some((v) => foregroundTasks(v).some((t) => t.taskId === tasks[2]?.taskId))).toBe(true);
    expect(foregroundTasks(view)).toEqual([]);
  });

  it('api-retry: retries show attempt and delay while they last, then clear', async () => {
    const { view, events, snapshots } = await replay(loadFixture('api-retry'));
    const retries = events.flatMap((e) => (e.kind === 'api-retry' ? [e.retry] : []));
    expect(retries.map((r) => [r.attempt, r.httpStatus, r.maxRetries])).toEqual([
      [1, 529, 3],
      [2, 529, 3],
    ]);
    expect(retries[0]?.delayMs).toBeGreaterThan(0);
    expect(snapshots.some((s) => s.retry?.attempt === 2)).toBe(true);
    expect(view.retry).toBeUndefined();
    expect(view.lastResult?.isError).toBe(false);
  });

  it('api-error: one turn-error card with the HTTP status, not an assistant message', async () => {
    const { view } = await replay(loadFixture('api-error'));
    expect(itemsOf(view.items, 'assistant')).toEqual([]);
    const err = itemsOf(view.items, 'turn-error');
    expect(err).toHaveLength(1);
    expect(err[0]).toMatchObject({ apiErrorStatus: 529, terminalReason: 'api_error' });
    expect(err[0]?.text).toContain('API Error: 529');
  });

  it('max-turns: the turn ends with error_max_turns and its errors[]', async () => {
    const { view } = await replay(loadFixture('max-turns'));
    const err = itemsOf(view.items, 'turn-error');
    expect(err).toHaveLength(1);
    expect(err[0]).toMatchObject({ subtype: 'error_max_turns', terminalReason: 'max_turns' });
    expect(err[0]?.errors?.[0]).toContain('maximum number of turns');
  });

  it('hook-callback: the registered callback answers the hook_callback exactly as recorded', async () => {
    const f = loadFixture('hook-callback');
    const calls: Json[] = [];
    const r = await replay(f, extensionsFor('hook-callback', calls));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Write' });
    const hookReq = inboundRequests(f).find((q) => q.subtype === 'hook_callback')!;
    expect(writtenReplies(r).get(hookReq.requestId)).toEqual(recordedReplies(f).get(hookReq.requestId));
    expect(f.header.initialize).toMatchObject({ hooks: { PreToolUse: [{ matcher: 'Write' }] } });
  });

  it('sdk-mcp: the in-process server answers every mcp_message exactly as recorded', async () => {
    const f = loadFixture('sdk-mcp');
    const calls: Json[] = [];
    const r = await replay(f, extensionsFor('sdk-mcp', calls));
    const mcp = inboundRequests(f).filter((q) => q.subtype === 'mcp_message');
    expect(mcp.map((q) => (q.request.message as Json).method)).toEqual(['initialize', 'notifications/initialized', 'tools/list', 'tools/call']);
    const ours = writtenReplies(r);
    const theirs = recordedReplies(f);
    for (const q of mcp) expect(ours.get(q.requestId), String((q.request.message as Json).method)).toEqual(theirs.get(q.requestId));
    expect(calls).toEqual([{ args: { text: 'ping' }, toolUseId: expect.stringMatching(/^toolu_/) }]);
    expect(r.asks[0]).toMatchObject({ toolName: 'mcp__clide-test__echo', mcpServer: 'clide-test', displayName: 'Echo' });
  });

  it('hook-failure: failing hooks leave a visible card; none stays running', async () => {
    const { view } = await replay(loadFixture('hook-failure'));
    const hooks = itemsOf(view.items, 'hook');
    expect(hooks.map((h) => [h.name, h.outcome, h.exitCode])).toEqual([
      ['PreToolUse:Bash', 'error', 1],
      ['PreToolUse:Write', 'error', 2],
    ]);
    expect(hooks[1]?.output).toContain('writes are frozen today');
    expect(view.hooks).toEqual({});
  });

  it('dont-ask-denial: a refusal without a prompt is recorded on the tool card with its reason', async () => {
    const { view, asks } = await replay(loadFixture('dont-ask-denial'));
    expect(asks).toEqual([]);
    const denied = toolCalls(view).find((t) => t.denial);
    expect(denied?.denial).toMatchObject({ reasonType: 'mode', message: expect.stringContaining("don't ask mode") });
  });

  it('compact: a compaction divider, the summary as context, and the command output', async () => {
    const { view, snapshots } = await replay(loadFixture('compact'));
    expect(snapshots.some((s) => s.activity === 'compacting')).toBe(true);
    const c = itemsOf(view.items, 'compaction');
    expect(c).toHaveLength(1);
    expect(c[0]).toMatchObject({ trigger: 'manual', preTokens: expect.any(Number) });
    const ctx = itemsOf(view.items, 'context');
    expect(ctx.map((x) => x.source)).toEqual(['compaction', 'local-command']);
    expect(view.activity).toBeUndefined();
  });
});
