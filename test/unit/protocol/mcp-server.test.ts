import { describe, expect, it } from 'vitest';
import { JSONRPC, MCP_PROTOCOL_VERSION, SdkMcpServer, textResult } from '../../../electron/core/protocol/mcp-server';

function server() {
  const calls: Array<{ args: Record<string, unknown>; toolUseId?: string }> = [];
  const s = new SdkMcpServer({
    name: 'team',
    version: '2.0.0',
    instructions: 'Use these tools to talk to the team.',
    tools: [
      {
        name: 'send',
        description: 'Send a message to a teammate',
        inputSchema: { type: 'object', properties: { to: { type: 'string' }, text: { type: 'string' } }, required: ['to', 'text'] },
        handler: async (args, ctx) => {
          calls.push({ args, toolUseId: ctx.toolUseId });
          return textResult(`sent to ${String(args.to)}`);
        },
      },
      {
        name: 'explode',
        description: 'Always fails',
        inputSchema: { type: 'object' },
        handler: () => {
          throw new Error('the broker is down');
        },
      },
    ],
  });
  return { s, calls };
}

describe('SdkMcpServer', () => {
  it('answers initialize with the protocol version the CLI asked for, its tools capability and name', async () => {
    const { s } = server();
    expect(await s.handle({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {} } })).toEqual({
      jsonrpc: '2.0',
      id: 0,
      result: {
        protocolVersion: '2025-11-25',
        capabilities: { tools: { listChanged: false } },
        serverInfo: { name: 'team', version: '2.0.0' },
        instructions: 'Use these tools to talk to the team.',
      },
    });
    const other = await s.handle({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '1999-01-01' } });
    expect((other.result as { protocolVersion: string }).protocolVersion).toBe(MCP_PROTOCOL_VERSION);
  });

  it('answers notifications (no id) with an empty result, as the control request still needs a reply', async () => {
    const { s } = server();
    expect(await s.handle({ jsonrpc: '2.0', method: 'notifications/initialized' })).toEqual({ jsonrpc: '2.0', id: 0, result: {} });
  });

  it('lists its tools with their JSON schemas', async () => {
    const { s } = server();
    const r = await s.handle({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(r).toMatchObject({
      id: 2,
      result: { tools: [{ name: 'send', description: 'Send a message to a teammate', inputSchema: { required: ['to', 'text'] } }, { name: 'explode' }] },
    });
  });

  it('calls a tool with its arguments and the model tool_use id', async () => {
    const { s, calls } = server();
    const r = await s.handle({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'send', arguments: { to: 'ana', text: 'hi' }, _meta: { 'claudecode/toolUseId': 'toolu_1', progressToken: 3 } },
    });
    expect(r).toEqual({ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'sent to ana' }], isError: false } });
    expect(calls).toEqual([{ args: { to: 'ana', text: 'hi' }, toolUseId: 'toolu_1' }]);
  });

  it('reports a throwing tool as an error result the model can read', async () => {
    const { s } = server();
    const r = await s.handle({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'explode', arguments: {} } });
    expect(r).toEqual({ jsonrpc: '2.0', id: 4, result: { content: [{ type: 'text', text: 'explode failed: the broker is down' }], isError: true } });
  });

  it('answers unknown tools, bad arguments, unknown methods and non-requests with JSON-RPC errors', async () => {
    const { s } = server();
    expect(await s.handle({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'nope' } })).toMatchObject({
      id: 5,
      error: { code: JSONRPC.invalidParams, message: expect.stringContaining('Unknown tool: nope') },
    });
    expect(await s.handle({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'send', arguments: [1] } })).toMatchObject({
      error: { code: JSONRPC.invalidParams },
    });
    expect(await s.handle({ jsonrpc: '2.0', id: 7, method: 'resources/list' })).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: JSONRPC.methodNotFound, message: 'Method not found: resources/list' },
    });
    expect(await s.handle('not json-rpc')).toMatchObject({ error: { code: JSONRPC.invalidRequest } });
    expect(await s.handle({ jsonrpc: '2.0', id: 8, method: 'ping' })).toEqual({ jsonrpc: '2.0', id: 8, result: {} });
  });

  it('names tools the way the model sees them and refuses ambiguous definitions', () => {
    const { s } = server();
    expect(s.qualifiedName('send')).toBe('mcp__team__send');
    expect(() => new SdkMcpServer({ name: 'bad name', tools: [] })).toThrow(/letters, digits/);
    const t = { name: 'x', description: '', inputSchema: {}, handler: () => textResult('') };
    expect(() => new SdkMcpServer({ name: 'dup', tools: [t, t] })).toThrow(/twice/);
  });
});
