import { EventEmitter } from 'node:events';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { guardNavigation } from '../../../electron/shell/navigation';
import { appPaths, rendererLocation } from '../../../electron/shell/renderer-location';

const rendererDir = '/opt/clide/out/renderer';
const appUrl = 'app://clide/index.html';
/** Where the page came from before it had its own origin: now as foreign as any other file. */
const oldFileUrl = pathToFileURL('/opt/clide/out/renderer/index.html').href;

class FakeContents extends EventEmitter {
  openHandler: ((details: { url: string }) => { action: string }) | undefined;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.openHandler = handler;
  }
  /** Emit like Electron: an event object carrying the URL, plus the URL as a legacy argument. */
  navigate(name: 'will-navigate' | 'will-redirect', url: string): boolean {
    let prevented = false;
    this.emit(name, { url, preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}

function setup(devServerUrl?: string) {
  const contents = new FakeContents();
  const openExternal = vi.fn();
  const { isAppPage } = rendererLocation({ rendererDir, devServerUrl });
  guardNavigation(contents as never, { isAppPage, openExternal });
  return { contents, openExternal };
}

describe('guardNavigation', () => {
  it('blocks navigation away from the app and offers the link externally instead', () => {
    const { contents, openExternal } = setup();
    expect(contents.navigate('will-navigate', 'https://evil.example/phish')).toBe(true);
    expect(openExternal).toHaveBeenCalledWith('https://evil.example/phish');
  });

  it.each(['file:///etc/passwd', oldFileUrl, 'app://clide/other.html', 'app://evil/index.html', 'javascript:alert(1)', 'data:text/html,<b>x</b>'])(
    'blocks navigation to %s',
    (url) => {
      const { contents, openExternal } = setup();
      expect(contents.navigate('will-navigate', url)).toBe(true);
      // The external-link function decides (and refuses these schemes); the guard only routes.
      expect(openExternal).toHaveBeenCalledWith(url);
    },
  );

  it('lets the app page navigate to itself', () => {
    const { contents, openExternal } = setup();
    expect(contents.navigate('will-navigate', `${appUrl}#/settings`)).toBe(false);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('cancels redirects away from the app without offering to open them', () => {
    const { contents, openExternal } = setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(contents.navigate('will-redirect', 'https://tracker.example/')).toBe(true);
    warn.mockRestore();
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('denies every window.open and routes its URL to the external-link check', () => {
    const { contents, openExternal } = setup();
    expect(contents.openHandler?.({ url: 'https://docs.example/' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: appUrl })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://docs.example/');
  });

  it('never attaches a webview', () => {
    const { contents } = setup();
    let prevented = false;
    contents.emit('will-attach-webview', { preventDefault: () => (prevented = true) }, {}, {});
    expect(prevented).toBe(true);
  });

  it("lets a frame inside the page load the app's MCP App frame page and nothing else", () => {
    const { contents, openExternal } = setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const frameNavigate = (url: string, isMainFrame = false) => {
      let prevented = false;
      contents.emit('will-frame-navigate', { url, isMainFrame, preventDefault: () => (prevented = true) });
      return prevented;
    };
    expect(frameNavigate('app://clide/mcp-app-frame.html')).toBe(false);
    for (const url of [
      'http://127.0.0.1:9/refresh',
      'https://evil.example/mcp-app-frame.html',
      'app://clide/index.html',
      'app://evil/mcp-app-frame.html',
      'app://x@clide/mcp-app-frame.html',
      'about:srcdoc',
      'javascript:alert(1)',
      'not a url',
    ])
      expect(frameNavigate(url), url).toBe(true);
    // The page itself is will-navigate's to judge.
    expect(frameNavigate('https://evil.example/', true)).toBe(false);
    expect(openExternal).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('in development allows the dev server origin only', () => {
    const { contents } = setup('http://localhost:5173/');
    expect(contents.navigate('will-navigate', 'http://localhost:5173/index.html')).toBe(false);
    expect(contents.navigate('will-navigate', 'http://localhost:8080/')).toBe(true);
    expect(contents.navigate('will-navigate', appUrl)).toBe(true);
    let prevented = false;
    contents.emit('will-frame-navigate', { url: 'http://localhost:5173/mcp-app-frame.html', isMainFrame: false, preventDefault: () => (prevented = true) });
    expect(prevented).toBe(false);
  });
});

describe('rendererLocation', () => {
  it('knows the build output paths', () => {
    expect(appPaths('/opt/clide')).toEqual({ preload: '/opt/clide/out/preload/preload.cjs', rendererDir: '/opt/clide/out/renderer' });
  });

  it('loads app://clide/index.html from the built folder and recognises exactly that page', () => {
    const loc = rendererLocation({ rendererDir });
    expect(loc.source).toEqual({ kind: 'app', url: 'app://clide/index.html', root: rendererDir });
    expect(loc.isAppPage(appUrl)).toBe(true);
    expect(loc.isAppPage(`${appUrl}?tab=2#x`)).toBe(true);
    expect(loc.isAppPage(oldFileUrl)).toBe(false);
    expect(loc.isAppPage('app://clide/')).toBe(false);
    expect(loc.isAppPage('app://clide/index.html.evil')).toBe(false);
    expect(loc.isAppPage('app://clide//index.html')).toBe(false);
    expect(loc.isAppPage('app://clide/assets/index.html')).toBe(false);
    expect(loc.isAppPage('app://clide.evil/index.html')).toBe(false);
    expect(loc.isAppPage('app://CLIDE/index.html')).toBe(false);
    expect(loc.isAppPage('app://clide:1/index.html')).toBe(false);
    expect(loc.isAppPage('app://x@clide/index.html')).toBe(false);
    expect(loc.isAppPage('app:clide/index.html')).toBe(false);
    expect(loc.isAppPage('apps://clide/index.html')).toBe(false);
    expect(loc.isAppPage('https://clide/index.html')).toBe(false);
    expect(loc.isAppPage('not a url')).toBe(false);
    expect(loc.isAppPage('')).toBe(false);
  });

  it('uses the dev server when given one and refuses a malformed one', () => {
    expect(rendererLocation({ rendererDir, devServerUrl: 'http://localhost:5173' }).source).toEqual({ kind: 'url', url: 'http://localhost:5173' });
    expect(() => rendererLocation({ rendererDir, devServerUrl: 'localhost:5173' })).toThrow(/not a valid http\(s\) URL/);
  });
});
