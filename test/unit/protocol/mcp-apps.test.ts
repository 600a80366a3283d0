// MCP Apps in the protocol layer: which tools declare a UI (mcp_status `_meta`), and what a
// mcp_read_resource answer becomes (the first HTML item, bounded, with the domains it asks for).
import { describe, expect, it } from 'vitest';
import { mcpReadResource, mcpStatus, toolApp } from '../../../electron/core/protocol/mcp-control';
import type { Requester } from '../../../electron/core/protocol/requests';
import { MAX_APP_HTML_CHARS } from '../../../shared/mcp';

describe('tool UI meta', () => {
  it('takes ui.resourceUri (with visibility) over the flat key, and only ui:// URIs', () => {
    expect(toolApp('w', { ui: { resourceUri: 'ui://a/b', visibility: ['app', 'x', 'model'] } })).toEqual({
      tool: 'w',
      resourceUri: 'ui://a/b',
      visibility: ['app', 'model'],
    });
    expect(toolApp('w', { 'ui/resourceUri': 'ui://old' })).toEqual({ tool: 'w', resourceUri: 'ui://old' });
    expect(toolApp('w', { ui: { resourceUri: 'ui://new' }, 'ui/resourceUri': 'ui://old' })?.resourceUri).toBe('ui://new');
    expect(toolApp('w', { ui: { resourceUri: 'https://evil.example/page' } })).toBeUndefined();
    expect(toolApp('w', { ui: { visibility: [] } })).toBeUndefined();
    expect(toolApp('w', undefined)).toBeUndefined();
    expect(toolApp('w', 'ui://x')).toBeUndefined();
  });

  it('lists per server only the tools that have an app', async () => {
    const req: Requester = async () => ({
      mcpServers: [
        { name: 'a', status: 'connected', tools: [{ name: 'plain' }, { name: 'w', _meta: { ui: { resourceUri: 'ui://a/w' } } }] },
        { name: 'b', status: 'connected', tools: [{ name: 'plain' }] },
      ],
    });
    const [a, b] = await mcpStatus(req);
    expect(a?.apps).toEqual([{ tool: 'w', resourceUri: 'ui://a/w' }]);
    expect(a?.tools).toEqual(['plain', 'w']);
    expect(b?.apps).toBeUndefined();
  });
});

describe('mcp_read_resource', () => {
  const answering =
    (contents: unknown[]): Requester =>
    async () =>
      ({ contents }) as never;

  it('sends the server and the URI, and answers the HTML item', async () => {
    const sent: unknown[] = [];
    const req: Requester = async (subtype, payload) => {
      sent.push([subtype, payload]);
      return {
        contents: [
          { uri: 'ui://s/p', mimeType: 'text/plain', text: 'x' },
          { uri: 'ui://s/p', mimeType: 'text/html;profile=mcp-app', text: '<p>hi</p>' },
        ],
      };
    };
    expect(await mcpReadResource(req, 's', 'ui://s/p')).toEqual({ uri: 'ui://s/p', mimeType: 'text/html;profile=mcp-app', html: '<p>hi</p>' });
    expect(sent).toEqual([['mcp_read_resource', { serverName: 's', uri: 'ui://s/p' }]]);
  });

  it('decodes a base64 blob as UTF-8', async () => {
    const blob = Buffer.from('<p>héllo</p>', 'utf8').toString('base64');
    expect((await mcpReadResource(answering([{ uri: 'ui://s/p', mimeType: 'text/html', blob }]), 's', 'ui://s/p')).html).toBe('<p>héllo</p>');
  });

  it('passes on the domains its CSP asks for (deduplicated), for the card to name', async () => {
    const _meta = { ui: { csp: { connectDomains: ['https://api.x', 'https://api.x'], resourceDomains: ['https://cdn.x', 42] } } };
    const r = await mcpReadResource(answering([{ uri: 'ui://s/p', mimeType: 'text/html', text: '<p/>', _meta }]), 's', 'ui://s/p');
    expect(r.requestedDomains).toEqual(['https://api.x', 'https://cdn.x']);
  });

  it('refuses what it cannot show, saying why', async () => {
    await expect(mcpReadResource(answering([]), 's', 'ui://s/p')).rejects.toThrow("s's ui://s/p is not an HTML page (it holds nothing)");
    await expect(mcpReadResource(answering([{ uri: 'ui://s/p', mimeType: 'image/png', blob: 'AAAA' }]), 's', 'ui://s/p')).rejects.toThrow(
      '(it holds image/png)',
    );
    const big = 'x'.repeat(MAX_APP_HTML_CHARS + 1);
    await expect(mcpReadResource(answering([{ uri: 'ui://s/p', mimeType: 'text/html', text: big }]), 's', 'ui://s/p')).rejects.toThrow('too large to show');
    const bigBlob = Buffer.from(big).toString('base64');
    await expect(mcpReadResource(answering([{ uri: 'ui://s/p', mimeType: 'text/html', blob: bigBlob }]), 's', 'ui://s/p')).rejects.toThrow('too large to show');
    await expect(mcpReadResource(async () => ({ contents: 'no' }), 's', 'ui://s/p')).rejects.toThrow('"mcp_read_resource"');
  });
});
