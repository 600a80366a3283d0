// The host side of an MCP App's JSON-RPC: the handshake, what the app may ask for (a link
// offered, text for the message box, a bounded size) and what it may not (tool calls, anything
// else), each refused with a JSON-RPC error that says why.
import { describe, expect, it, vi } from 'vitest';
import {
  asJsonRpc,
  handleAppMessage,
  MAX_APP_HEIGHT,
  MIN_APP_HEIGHT,
  toolInputNotification,
  toolResultNotification,
  type BridgeActions,
} from '../../../renderer/src/lib/mcp-apps/bridge';

function actions() {
  return {
    context: vi.fn(() => ({ theme: 'dark' as const, platform: 'web' as const, toolName: 'weather', locale: 'en-GB' })),
    initialized: vi.fn<() => void>(),
    resize: vi.fn<(height: number) => void>(),
    offerLink: vi.fn<(url: string) => void>(),
    suggestMessage: vi.fn<(text: string) => void>(),
  } satisfies BridgeActions;
}

const req = (method: string, params?: unknown, id: number | string = 7) => ({ jsonrpc: '2.0' as const, id, method, params });

describe('MCP App bridge', () => {
  it('answers ui/initialize with clide, the theme and the inline display mode', () => {
    const a = actions();
    const answer = handleAppMessage(req('ui/initialize', { protocolVersion: '2026-01-26' }), a, '0.1.0');
    expect(answer).toEqual({
      jsonrpc: '2.0',
      id: 7,
      result: {
        protocolVersion: '2026-01-26',
        hostInfo: { name: 'clide', version: '0.1.0' },
        hostCapabilities: { openLinks: {}, message: { text: {} } },
        hostContext: {
          theme: 'dark',
          displayMode: 'inline',
          availableDisplayModes: ['inline'],
          platform: 'web',
          toolInfo: { tool: { name: 'weather' } },
          locale: 'en-GB',
        },
      },
    });
    handleAppMessage({ jsonrpc: '2.0', method: 'ui/notifications/initialized' }, a, '0.1.0');
    expect(a.initialized).toHaveBeenCalledOnce();
  });

  it('refuses tools/call and any other request, saying why; ignores unknown notifications', () => {
    const a = actions();
    expect(handleAppMessage(req('tools/call', { name: 'hello', arguments: {} }), a, 'v')).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32601, message: 'clide does not let an app call tools: only Claude calls tools, each with its permission prompt.' },
    });
    expect(handleAppMessage(req('resources/read', { uri: 'ui://x' }, 'r1'), a, 'v')).toEqual({
      jsonrpc: '2.0',
      id: 'r1',
      error: { code: -32601, message: 'clide does not offer "resources/read" to apps.' },
    });
    expect(handleAppMessage({ jsonrpc: '2.0', method: 'notifications/message', params: {} }, a, 'v')).toBeUndefined();
    expect(handleAppMessage({ jsonrpc: '2.0', id: 3, result: {} }, a, 'v')).toBeUndefined();
  });

  it('offers only web links, and puts only text in the message box', () => {
    const a = actions();
    expect(handleAppMessage(req('ui/open-link', { url: 'https://example.com/a b' }), a, 'v')).toMatchObject({ result: {} });
    expect(a.offerLink).toHaveBeenCalledWith('https://example.com/a%20b');
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'https://user:pw@example.com/', 42]) {
      expect(handleAppMessage(req('ui/open-link', { url }), a, 'v')).toMatchObject({ error: { code: -32602 } });
    }
    expect(a.offerLink).toHaveBeenCalledOnce();

    expect(
      handleAppMessage(
        req('ui/message', {
          role: 'user',
          content: [
            { type: 'text', text: 'hi' },
            { type: 'image', data: 'x' },
          ],
        }),
        a,
        'v',
      ),
    ).toMatchObject({
      result: {},
    });
    expect(handleAppMessage(req('ui/message', { role: 'user', content: { type: 'text', text: 'one block' } }), a, 'v')).toMatchObject({ result: {} });
    expect(a.suggestMessage.mock.calls).toEqual([['hi'], ['one block']]);
    expect(handleAppMessage(req('ui/message', { content: [{ type: 'image', data: 'x' }] }), a, 'v')).toMatchObject({ error: { code: -32602 } });
  });

  it('keeps the size an app asks for within bounds, and ignores a size that is not a number', () => {
    const a = actions();
    const size = (height: unknown) => handleAppMessage({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { width: 10, height } }, a, 'v');
    size(300.4);
    size(1e9);
    size(-5);
    size('tall');
    size(Number.NaN);
    expect(a.resize.mock.calls).toEqual([[300], [MAX_APP_HEIGHT], [MIN_APP_HEIGHT]]);
  });

  it('takes only JSON-RPC 2.0 messages', () => {
    expect(asJsonRpc({ type: 'clide:mcp-app-frame-ready' })).toBeUndefined();
    expect(asJsonRpc('{"jsonrpc":"2.0"}')).toBeUndefined();
    expect(asJsonRpc({ jsonrpc: '2.0', id: {}, method: 'x' })).toBeUndefined();
    expect(asJsonRpc({ jsonrpc: '2.0', method: 5 })).toBeUndefined();
    expect(asJsonRpc({ jsonrpc: '2.0', id: 1, method: 'ping' })).toEqual({ jsonrpc: '2.0', id: 1, method: 'ping' });
  });

  it("sends the tool's input, and its result as a CallToolResult", () => {
    expect(toolInputNotification({ city: 'Paris' })).toEqual({
      jsonrpc: '2.0',
      method: 'ui/notifications/tool-input',
      params: { arguments: { city: 'Paris' } },
    });
    expect(toolResultNotification({ content: 'sunny', isError: false, structured: { temp: 21 } })).toEqual({
      jsonrpc: '2.0',
      method: 'ui/notifications/tool-result',
      params: { content: [{ type: 'text', text: 'sunny' }], structuredContent: { temp: 21 } },
    });
    expect(toolResultNotification({ content: 'boom', isError: true, structured: 'x' }).params).toEqual({
      content: [{ type: 'text', text: 'boom' }],
      isError: true,
    });
  });
});
