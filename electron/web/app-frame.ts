// The page an MCP App (a tool's own UI, untrusted third-party HTML and scripts) runs in, served
// by both hosts at one fixed path (app://clide/… on the desktop, the browser host's origin/… in a
// browser). The window frames it with sandbox="allow-scripts" and posts it the app's HTML, which
// it writes into itself.
//
// Why a page of its own rather than srcdoc or a blob: URL: those frames inherit the window's
// policy (no inline script, no frames), and loosening that for them would loosen it for the
// window too. This page brings its own policy in its response header instead:
// - `sandbox allow-scripts` (as well as the iframe attribute): an opaque origin, so no cookies,
//   no storage, no token and no access to the window's DOM, even if it were opened on its own;
// - no network at all (`default-src 'none'`, nothing for connect-src), inline script and style
//   only, images and fonts from data: and blob: only. An app's `_meta.ui.csp` domains are not
//   honoured: what an app is shown (the tool's input and result) could otherwise be sent
//   anywhere the server names, and the person has no way to weigh that. The card says so.
// - framed only by the app's own page (frame-ancestors), and the window's own policy allows
//   frames of this one path only, so the app cannot navigate its frame anywhere else either.
// Document.open keeps the policy: the app's HTML is written into this same document.

import { MCP_APP_FRAME_PATH } from '../../shared/mcp';

/**
 * The loader: it asks the window for the app once, takes the first message of the right shape
 * from its parent only, and replaces itself with the app's HTML. Its listener goes with the old
 * document; the app then speaks to the window itself (JSON-RPC over postMessage).
 *
 * Before any of the app's code runs it takes away what the policy cannot (Chromium applies no
 * CSP to WebRTC, and has no `webrtc` directive): RTCPeerConnection, whose STUN and TURN traffic
 * goes anywhere. Document.open keeps this window, so the app finds them gone and has no way to
 * get them back but a fresh window, that is a frame of its own. Those it cannot have either:
 * frame-src 'none' refuses every frame with a URL, and the Trusted Types policies below refuse
 * the two ways left to put script in one (srcdoc, from any string sink, and document.write,
 * which can build one across calls); a javascript: URL runs in the new frame, which has no
 * default policy, so the browser refuses it. XSLT could build a srcdoc frame from no string at
 * all, so it goes too. The app's own HTML may carry no srcdoc and no <meta http-equiv=refresh>
 * (Chromium connects to a refresh's target before the window's frame-src refuses it).
 */
export const APP_FRAME_HTML = `<!doctype html>
<html>
  <head><meta charset="utf-8" /><title>MCP app</title></head>
  <body>
    <script>
      (function () {
        var host = window.parent;
        if (host === window) return;
        ['RTCPeerConnection', 'webkitRTCPeerConnection', 'XSLTProcessor'].forEach(function (name) {
          delete window[name];
        });
        function noFrames(html) {
          if (/srcdoc/i.test(html)) throw new TypeError('clide: an app cannot open frames of its own.');
          return html;
        }
        var tt = window.trustedTypes;
        var loader = tt ? tt.createPolicy('clide-loader', { createHTML: String }) : { createHTML: String };
        if (tt) {
          tt.createPolicy('default', {
            createHTML: function (html, _type, sink) {
              if (/^Document write/.test(sink)) throw new TypeError('clide: an app cannot use document.write.');
              if (/srcdoc/i.test(sink)) throw new TypeError('clide: an app cannot open frames of its own.');
              return noFrames(html);
            },
            createScript: String,
            createScriptURL: String,
          });
        }
        function refused(html) {
          if (/srcdoc/i.test(html)) return 'it opens frames of its own';
          var doc = new DOMParser().parseFromString(loader.createHTML(html), 'text/html');
          var roots = [doc];
          for (var i = 0; i < roots.length; i++) {
            var metas = roots[i].querySelectorAll('meta[http-equiv]');
            for (var j = 0; j < metas.length; j++) {
              if (metas[j].getAttribute('http-equiv').trim().toLowerCase() === 'refresh') return 'it reloads or leaves its page';
            }
            var templates = roots[i].querySelectorAll('template');
            for (var k = 0; k < templates.length; k++) roots.push(templates[k].content);
          }
          return '';
        }
        function load(event) {
          var data = event.data;
          if (event.source !== host || !data || data.type !== 'clide:mcp-app-html' || typeof data.html !== 'string') return;
          window.removeEventListener('message', load);
          var why = refused(data.html);
          if (why) {
            document.body.textContent = 'clide does not run this app: ' + why + '.';
            return;
          }
          document.open();
          document.write(loader.createHTML(data.html));
          document.close();
        }
        window.addEventListener('message', load);
        host.postMessage({ type: 'clide:mcp-app-frame-ready' }, '*');
      })();
    </script>
  </body>
</html>
`;

/** The frame's policy; `ancestors` are the origins of the window that may frame it. */
export function appFrameCsp(ancestors: readonly string[]): string {
  return [
    "default-src 'none'",
    "script-src 'unsafe-inline'",
    "style-src 'unsafe-inline'",
    'img-src data: blob:',
    'font-src data:',
    'media-src data: blob:',
    "connect-src 'none'",
    "frame-src 'none'",
    "worker-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    // Every HTML string the app hands the DOM goes through the loader's default policy; the app
    // can make no policy of its own (both names are taken before its code runs).
    "require-trusted-types-for 'script'",
    'trusted-types default clide-loader',
    `frame-ancestors ${ancestors.join(' ')}`,
    'sandbox allow-scripts',
  ].join('; ');
}

/** Every header of the frame page's response, for either host. Never cached: it is tiny. */
export function appFrameHeaders(ancestors: readonly string[]): Record<string, string> {
  return {
    'Content-Security-Policy': appFrameCsp(ancestors),
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Resource-Policy': 'same-origin',
    // No camera, microphone, location, ... even if an iframe attribute asked for them.
    'Permissions-Policy':
      'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=(), payment=(), display-capture=(), clipboard-read=(), clipboard-write=()',
  };
}

export function isAppFramePath(urlPath: string): boolean {
  return urlPath === MCP_APP_FRAME_PATH;
}
