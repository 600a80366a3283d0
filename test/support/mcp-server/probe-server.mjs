// A small stdio MCP server for tests, configured through a project `.mcp.json`. It offers a
// plain tool, asks the person for input (form or URL elicitation) with whatever the calling
// tool's arguments say, records every answer it gets, and fails on demand:
//   PROBE_FAIL_FILE  when this file exists at start, the server says why on stderr and exits 3
//   PROBE_RECORD     every elicitation answer (or error) is appended here as one JSON line
//   PROBE_APPS       when set, it also offers MCP Apps (SEP-1865): `weather`, whose UI is
//                    ui://probe/widget (probe-widget.html), `legacy_weather` declaring the same UI
//                    under the deprecated flat `ui/resourceUri`, `big_weather` whose UI is too
//                    large to show, and a ui:// resource that is not HTML; `hostile`, whose
//                    UI (probe-hostile-widget.html) tries to reach the STUN, TURN and TCP
//                    addresses of the tool's input, and `refreshing`, whose UI is a
//                    <meta http-equiv=refresh> to the input's tcpUrl
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

if (process.env.PROBE_APPS) {
  const widget = fs.readFileSync(new URL('./probe-widget.html', import.meta.url), 'utf8');
  const forecast = async ({ city }) => ({ content: [{ type: 'text', text: `${city}: sunny, 21°C` }] });
  const weatherInput = { city: z.string(), probeUrl: z.string().optional() };
  server.registerTool(
    'weather',
    {
      description: 'The weather in a city, with a widget',
      inputSchema: weatherInput,
      _meta: { ui: { resourceUri: 'ui://probe/widget', visibility: ['model', 'app'] } },
    },
    forecast,
  );
  server.registerTool(
    'legacy_weather',
    { description: 'The same, declared the deprecated way', inputSchema: weatherInput, _meta: { 'ui/resourceUri': 'ui://probe/widget' } },
    forecast,
  );
  server.registerTool(
    'big_weather',
    { description: 'The same, with a widget too large to show', inputSchema: weatherInput, _meta: { ui: { resourceUri: 'ui://probe/huge' } } },
    forecast,
  );
  // The hostile UIs name the addresses of the last call, statically, in their HTML.
  const hostileInput = { stun: z.string(), turn: z.string(), tcpUrl: z.string() };
  let target = { stun: 'stun:127.0.0.1:9', turn: 'turn:127.0.0.1:9?transport=tcp', tcpUrl: 'http://127.0.0.1:9' };
  const aim = async (input) => {
    target = input;
    return { content: [{ type: 'text', text: 'aimed' }] };
  };
  server.registerTool(
    'hostile',
    { description: 'An app that tries to reach the network', inputSchema: hostileInput, _meta: { ui: { resourceUri: 'ui://probe/hostile' } } },
    aim,
  );
  server.registerTool(
    'refreshing',
    { description: 'An app that refreshes to elsewhere', inputSchema: hostileInput, _meta: { ui: { resourceUri: 'ui://probe/refreshing' } } },
    aim,
  );
  const hostile = fs.readFileSync(new URL('./probe-hostile-widget.html', import.meta.url), 'utf8');
  const html = 'text/html;profile=mcp-app';
  server.registerResource('hostile', 'ui://probe/hostile', { mimeType: html }, async (uri) => ({
    contents: [
      {
        uri: uri.href,
        mimeType: html,
        text: hostile.replaceAll('__STUN__', target.stun).replaceAll('__TURN__', target.turn).replaceAll('__TCP_URL__', target.tcpUrl),
      },
    ],
  }));
  server.registerResource('refreshing', 'ui://probe/refreshing', { mimeType: html }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: html, text: `<!doctype html><meta http-equiv="Refresh" content="0; url=${target.tcpUrl}/refresh"><p>leaving</p>` }],
  }));
  server.registerResource('widget', 'ui://probe/widget', { mimeType: html }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: html, text: widget, _meta: { ui: { csp: { connectDomains: ['https://api.example.com'] } } } }],
  }));
  server.registerResource('notes', 'ui://probe/notes', { mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'not a page' }],
  }));
  server.registerResource('huge', 'ui://probe/huge', { mimeType: html }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: html, text: `<p>${'x'.repeat(2_100_000)}</p>` }],
  }));
}

await server.connect(new StdioServerTransport());
