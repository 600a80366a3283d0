import { fileURLToPath } from 'node:url';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { APP_FRAME_HTML, appFrameHeaders, isAppFramePath } from '../electron/web/app-frame';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The dev server only (`npm run dev`): React Fast Refresh injects an inline preamble script,
 * which the page's Content-Security-Policy forbids, so development relaxes script-src for
 * inline scripts. Builds (the app people run) keep the strict policy.
 */
function devServerCsp(): Plugin {
  return {
    name: 'clide-dev-server-csp',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"),
    // The MCP App frame page, as both hosts serve it (electron/web/app-frame.ts).
    configureServer: (server) => {
      server.middlewares.use((req, res, next) => {
        if (!isAppFramePath((req.url ?? '').split('?')[0] ?? '')) return next();
        res.writeHead(200, appFrameHeaders([`http://${req.headers.host ?? 'localhost'}`]));
        res.end(APP_FRAME_HTML);
      });
    },
  };
}

/** The renderer build, shared by electron-vite (desktop) and the browser host. */
export const rendererConfig: UserConfig = {
  root: here,
  base: './',
  plugins: [react(), devServerCsp()],
  build: {
    outDir: path.resolve(here, '..', 'out', 'renderer'),
    emptyOutDir: true,
    target: 'chrome130',
    // electron-vite leaves the renderer unminified unless told; the desktop app should load the
    // same compact bundle the browser host serves.
    minify: true,
    sourcemap: true,
  },
};

export default defineConfig(rendererConfig);
