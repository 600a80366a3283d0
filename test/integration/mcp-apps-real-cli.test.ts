// MCP Apps (SEP-1865) on the real pinned CLI, with the tests' stdio MCP server offering its apps
// (test/support/mcp-server/probe-server.mjs, PROBE_APPS): the tools' UI meta arrives in the
// session's MCP state, and mcp_read_resource reads a tool's `ui://` page, or says why not in the
// CLI's own words (or clide's, for an answer that is not a page it can show).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { McpServerStatus } from '../../shared/mcp';
import { installProbe } from '../support/mcp-probe';
import { realCliHosts } from '../support/real-cli-hosts';
import { waitFor } from '../support/wait';

const onRealCli = realCliHosts();
const widget = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'support', 'mcp-server', 'probe-widget.html'), 'utf8');

async function withApps() {
  const { sandbox, host } = await onRealCli([]);
  installProbe(sandbox, { allow: true, apps: true });
  const { id } = host.create({});
  await waitFor(() => host.view(id).status === 'ready', 'ready');
  await host.mcpStatus(id);
  const probe = await waitFor(() => {
    const s = host.view(id).info.mcp?.servers.find((x) => x.name === 'probe');
    return s && s.status !== 'pending' ? s : undefined;
  }, 'the probe server to finish starting');
  return { host, id, probe };
}

describe('MCP Apps on the real CLI', () => {
  it("the tools' UI meta reaches the MCP state: ui.resourceUri with its visibility, and the deprecated flat key", async () => {
    const { probe } = await withApps();
    expect(probe.status).toBe('connected');
    const apps = [...(probe.apps ?? [])].sort((a, b) => a.tool.localeCompare(b.tool));
    expect(apps).toEqual([
      { tool: 'big_weather', resourceUri: 'ui://probe/huge' },
      { tool: 'hostile', resourceUri: 'ui://probe/hostile' },
      { tool: 'legacy_weather', resourceUri: 'ui://probe/widget' },
      { tool: 'refreshing', resourceUri: 'ui://probe/refreshing' },
      { tool: 'weather', resourceUri: 'ui://probe/widget', visibility: ['model', 'app'] },
    ] satisfies McpServerStatus['apps']);
    // Tools without a UI are tools all the same, and are not apps.
    expect(probe.tools).toEqual(expect.arrayContaining(['hello', 'ask', 'weather', 'legacy_weather']));
  });

  it("reads a tool's ui:// page whole, with the domains its CSP asks for", async () => {
    const { host, id } = await withApps();
    const page = await host.mcpReadResource(id, 'probe', 'ui://probe/widget');
    expect(page).toEqual({
      uri: 'ui://probe/widget',
      mimeType: 'text/html;profile=mcp-app',
      html: widget,
      requestedDomains: ['https://api.example.com'],
    });
  });

  it("refuses in the CLI's words a URI that is not ui:// and a server it does not know", async () => {
    const { host, id } = await withApps();
    await expect(host.mcpReadResource(id, 'probe', 'file:///etc/passwd')).rejects.toThrow('mcp_read_resource: uri must use the ui:// scheme');
    await expect(host.mcpReadResource(id, 'nope', 'ui://probe/widget')).rejects.toThrow('Server not found: nope');
  });

  it('says why a resource cannot be shown: not a page, or too large; the session goes on', async () => {
    const { host, id } = await withApps();
    await expect(host.mcpReadResource(id, 'probe', 'ui://probe/notes')).rejects.toThrow(
      "probe's ui://probe/notes is not an HTML page (it holds text/plain), so clide cannot show it as an app.",
    );
    await expect(host.mcpReadResource(id, 'probe', 'ui://probe/huge')).rejects.toThrow(
      "probe's ui://probe/huge is too large to show (2100007 characters; clide shows apps of up to 2000000).",
    );
    // Still answering after both.
    expect((await host.mcpReadResource(id, 'probe', 'ui://probe/widget')).html).toBe(widget);
  });
});
