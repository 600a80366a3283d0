// Hook callbacks and an in-process (SDK) MCP server registered at initialize, driven by the real
// pinned CLI through SessionHost: the CLI's hook_callback and mcp_message requests reach clide's
// handlers, the answers go back, and the tools proceed.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../electron/core/protocol/control';
import { SdkMcpServer, textResult } from '../../electron/core/protocol/mcp-server';
import type { ProtocolExtensions } from '../../electron/core/protocol/pipeline';
import { lastToolResults, text, toolUse, type FakeReply, type Responder } from '../support/fake-api';
import { waitFor } from '../support/wait';
import type { SessionHost } from '../../electron/core/host';
import { realCliSessions } from '../support/real-cli-hosts';
import { toolOf } from '../../shared/transcript';

// Each test's host is checked (no control request left unanswered) and shut down after it.
const openSession = realCliSessions();
const open = (script: Responder | FakeReply[], extensions: ProtocolExtensions) => openSession(script, { host: { extensions: () => extensions } });

describe('protocol extensions on the real CLI', () => {
  it('a PreToolUse hook callback is called before the tool, and {continue: true} lets it proceed', async () => {
    const calls: Array<{ input: Json; toolUseId?: string; permissionPending: boolean }> = [];
    // The callback looks at the view to see that it runs before the permission prompt.
    const at: { h?: SessionHost; id: string } = { id: '' };
    const opened = await open([toolUse('Write', { file_path: 'hooked.txt', content: 'hooked\n' }), text('Wrote it.')], {
      hooks: [
        {
          event: 'PreToolUse',
          matcher: 'Write',
          callback: (input, ctx) => {
            calls.push({ input, toolUseId: ctx.toolUseId, permissionPending: (at.h?.view(at.id).pending.length ?? 0) > 0 });
            return { continue: true };
          },
        },
      ],
    });
    const { h, id } = opened;
    at.h = h;
    at.id = id;
    h.send(id, 'Write hooked.txt');
    const prompt = await waitFor(() => h.view(id).pending[0], 'permission prompt after the hook');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.input).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { content: 'hooked\n' } });
    expect(calls[0]?.toolUseId).toBe(prompt.toolUseId);
    expect(calls[0]?.permissionPending).toBe(false); // the hook ran first
    h.respond(id, prompt.requestId, { behavior: 'allow' });
    await waitFor(() => h.view(id).lastResult, 'result');
    expect(fs.readFileSync(path.join(opened.sb.cwd, 'hooked.txt'), 'utf8')).toBe('hooked\n');
    expect(toolOf(h.view(id), prompt.toolUseId!)?.result?.isError).toBe(false);
  });

  it('a hook that denies stops the tool before any prompt', async () => {
    const { id, h, sb } = await open([toolUse('Write', { file_path: 'blocked.txt', content: 'x\n' }), text('The hook refused.')], {
      hooks: [
        {
          event: 'PreToolUse',
          matcher: 'Write',
          callback: () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'Writes are frozen.' } }),
        },
      ],
    });
    h.send(id, 'Write blocked.txt');
    await waitFor(() => h.view(id).lastResult, 'result');
    expect(fs.existsSync(path.join(sb.cwd, 'blocked.txt'))).toBe(false);
    expect(h.view(id).pending).toEqual([]);
    expect(JSON.stringify(lastToolResults(sb.api.turns()[1]!.body))).toContain('Writes are frozen.');
  });

  it('an SDK MCP server: handshake, tools/list, a permission prompt, then tools/call reaches the handler and its result reaches the model', async () => {
    const calls: Array<{ args: Json; toolUseId?: string }> = [];
    const server = new SdkMcpServer({
      name: 'clide-test',
      tools: [
        {
          name: 'echo',
          description: 'Echo the text back',
          inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
          handler: (args, ctx) => {
            calls.push({ args, toolUseId: ctx.toolUseId });
            return textResult(`echo from clide: ${String(args.text)}`);
          },
        },
      ],
    });
    const { id, h, sb } = await open(
      (req) => (lastToolResults(req.body).length === 0 ? toolUse(server.qualifiedName('echo'), { text: 'ping' }) : text('The server answered.')),
      { mcpServers: [server] },
    );
    h.send(id, 'Call the echo tool');
    const prompt = await waitFor(() => h.view(id).pending[0], 'permission prompt for the MCP tool');
    expect(prompt).toMatchObject({ toolName: 'mcp__clide-test__echo', mcpServer: 'clide-test', input: { text: 'ping' } });
    expect(calls).toEqual([]);
    h.respond(id, prompt.requestId, { behavior: 'allow' });
    await waitFor(() => h.view(id).lastResult, 'result');
    expect(calls).toEqual([{ args: { text: 'ping' }, toolUseId: prompt.toolUseId }]);
    expect(JSON.stringify(lastToolResults(sb.api.turns()[1]!.body))).toContain('echo from clide: ping');
    expect(toolOf(h.view(id), prompt.toolUseId!)?.result).toMatchObject({ isError: false, content: 'echo from clide: ping' });
    expect(await h.mcpStatus(id)).toEqual([expect.objectContaining({ name: 'clide-test', status: 'connected', tools: ['echo'] })]);
  });
});
