// A small stdio MCP server for tests, configured through a project `.mcp.json`. It offers a
// plain tool, asks the person for input (form or URL elicitation) with whatever the calling
// tool's arguments say, records every answer it gets, and fails on demand:
//   PROBE_FAIL_FILE  when this file exists at start, the server says why on stderr and exits 3
//   PROBE_RECORD     every elicitation answer (or error) is appended here as one JSON line
import fs from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const failFile = process.env.PROBE_FAIL_FILE;
if (failFile && fs.existsSync(failFile)) {
  process.stderr.write(`probe: told to fail (${failFile} exists)\n`);
  process.exit(3);
}

const record = (entry) => {
  if (process.env.PROBE_RECORD) fs.appendFileSync(process.env.PROBE_RECORD, `${JSON.stringify(entry)}\n`);
};

const server = new McpServer({ name: 'probe-server', version: '1.4.0' });

server.registerTool('hello', { description: 'Say hello to someone', inputSchema: { who: z.string() } }, async ({ who }) => ({
  content: [{ type: 'text', text: `hello ${who}` }],
}));

server.registerTool(
  'ask',
  {
    description: 'Ask the person for input through the client (MCP elicitation)',
    inputSchema: {
      message: z.string(),
      schema: z.record(z.string(), z.unknown()).optional(),
      url: z.string().optional(),
      timeoutMs: z.number().optional(),
    },
  },
  async ({ message, schema, url, timeoutMs }) => {
    const elicitationId = url ? `probe-${Date.now()}` : undefined;
    const params = url ? { mode: 'url', message, url, elicitationId } : { message, requestedSchema: schema ?? { type: 'object', properties: {} } };
    try {
      const answer = await server.server.elicitInput(params, timeoutMs ? { timeout: timeoutMs } : undefined);
      record(answer);
      // A URL elicitation finishes out of band; say so once the person has gone there.
      if (url && answer.action === 'accept') {
        setTimeout(() => void server.server.notification({ method: 'notifications/elicitation/complete', params: { elicitationId } }).catch(() => {}), 50);
      }
      return { content: [{ type: 'text', text: `answer: ${JSON.stringify(answer)}` }] };
    } catch (err) {
      record({ error: String(err) });
      return { content: [{ type: 'text', text: `no answer: ${String(err)}` }], isError: true };
    }
  },
);

await server.connect(new StdioServerTransport());
