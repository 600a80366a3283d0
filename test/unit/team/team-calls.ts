// Call a clide-team tool the way the CLI does: a JSON-RPC tools/call to the calling session's
// own server instance.
import type { FakeTeamHost } from './fake-team-host';

let seq = 0;

export async function call(h: FakeTeamHost, from: string, tool: string, args: Record<string, unknown>) {
  const server = h.broker.extensions(from).mcpServers![0]!;
  const reply = (await server.handle({ jsonrpc: '2.0', id: ++seq, method: 'tools/call', params: { name: tool, arguments: args } })) as {
    result?: { content: Array<{ type: string; text: string }>; isError: boolean; structuredContent?: Record<string, unknown> };
    error?: { code: number; message: string };
  };
  if (!reply.result) throw new Error(`tools/call ${tool} failed: ${JSON.stringify(reply.error)}`);
  return { text: reply.result.content.map((c) => c.text).join('\n'), isError: reply.result.isError, structured: reply.result.structuredContent };
}
