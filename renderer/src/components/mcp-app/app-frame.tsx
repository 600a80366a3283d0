// One MCP App running: a sandboxed frame (allow-scripts only, so an opaque origin) on the frame
// page both hosts serve with its own no-network policy (electron/web/app-frame.ts). The page asks
// for the app's HTML once it has loaded; from then on every message from that frame, and from
// no other window, goes through the bridge (lib/mcp-apps/bridge.ts).
import { useEffect, useRef, useState } from 'react';
import { MCP_APP_FRAME_PATH } from '../../../../shared/mcp';
import type { ToolState } from '../../../../shared/transcript';
import {
  asJsonRpc,
  handleAppMessage,
  themeChangedNotification,
  toolInputNotification,
  toolResultNotification,
  type BridgeActions,
  type JsonRpcMessage,
} from '../../lib/mcp-apps/bridge';
import { useClide } from '../../store/store';
import { usePageTheme } from './page-theme';

export interface AppFrameProps {
  html: string;
  toolName: string;
  input: Record<string, unknown>;
  result: ToolState['result'];
  onLink(url: string): void;
  onMessage(text: string): void;
}

const FIRST_HEIGHT = 160;
// Relative: app://clide/… on the desktop, this host's origin in a browser.
const FRAME_SRC = `.${MCP_APP_FRAME_PATH}`;

export function AppFrame({ html, toolName, input, result, onLink, onMessage }: AppFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(FIRST_HEIGHT);
  const [ready, setReady] = useState(false);
  const theme = usePageTheme();
  const toldTheme = useRef<string | undefined>(undefined);
  const env = useClide((s) => s.environment);
  // The latest values, for the one message listener installed per frame.
  const now = { html, toolName, theme, onLink, onMessage, platform: env?.host === 'web' ? 'web' : 'desktop', version: env?.appVersion ?? '' };
  const latest = useRef(now);
  useEffect(() => {
    latest.current = now;
  });

  useEffect(() => {
    const post = (msg: unknown) => frame.current?.contentWindow?.postMessage(msg, '*');
    const actions: BridgeActions = {
      context: () => ({
        theme: (toldTheme.current = latest.current.theme),
        platform: latest.current.platform as 'web' | 'desktop',
        toolName: latest.current.toolName,
        locale: navigator.language,
      }),
      initialized: () => setReady(true),
      resize: setHeight,
      offerLink: (url) => latest.current.onLink(url),
      suggestMessage: (text) => latest.current.onMessage(text),
    };
    const onWindowMessage = (event: MessageEvent) => {
      // Only this frame speaks to this bridge; its origin is opaque ("null"), so the window
      // object is the only identity there is.
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const data: unknown = event.data;
      if (isFrameReady(data)) {
        setReady(false);
        post({ type: 'clide:mcp-app-html', html: latest.current.html });
        return;
      }
      const msg = asJsonRpc(data);
      if (!msg) return;
      const answer = handleAppMessage(msg, actions, latest.current.version);
      if (answer) post(answer);
    };
    window.addEventListener('message', onWindowMessage);
    return () => window.removeEventListener('message', onWindowMessage);
  }, []);

  // The tool's input once the app is ready, and its result once there is one.
  useEffect(() => {
    if (ready) send(frame.current, toolInputNotification(input));
  }, [ready, input]);
  useEffect(() => {
    if (ready && result) send(frame.current, toolResultNotification(result));
  }, [ready, result]);
  useEffect(() => {
    if (!ready || toldTheme.current === theme) return;
    toldTheme.current = theme;
    send(frame.current, themeChangedNotification(theme));
  }, [ready, theme]);

  return (
    <iframe
      ref={frame}
      className="mcp-app-frame"
      title={`App: ${toolName}`}
      src={FRAME_SRC}
      sandbox="allow-scripts"
      referrerPolicy="no-referrer"
      allow=""
      style={{ height }}
    />
  );
}

function send(frame: HTMLIFrameElement | null, msg: JsonRpcMessage): void {
  frame?.contentWindow?.postMessage(msg, '*');
}

function isFrameReady(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'clide:mcp-app-frame-ready';
}
