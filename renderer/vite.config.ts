import { fileURLToPath } from 'node:url';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

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
    // The MCP App frame page, as both hosts serve it (electron/web/app-frame.ts). Loaded by the
    // dev server itself, not imported here: Vite loads this config natively one day, and the
    // app's own modules import each other without file extensions, as the bundler resolves them.
    configureServer: (server) => {
      const appFrame = path.resolve(here, '..', 'electron', 'web', 'app-frame.ts');
      server.middlewares.use((req, res, next) => {
        void (server.ssrLoadModule(appFrame) as Promise<typeof import('../electron/web/app-frame')>).then(
          ({ APP_FRAME_HTML, appFrameHeaders, isAppFramePath }) => {
            if (!isAppFramePath((req.url ?? '').split('?')[0] ?? '')) return next();
            res.writeHead(200, appFrameHeaders([`http://${req.headers.host ?? 'localhost'}`]));
            res.end(APP_FRAME_HTML);
          },
          next,
        );
      });
    },
  };
}

/**
 * src/early.ts as a script of its own, first in the built index.html: the browser runs it as soon
 * as it has it (it opens the browser host's socket), not after every module of the app has
 * arrived, as it would as one more import of the page's module script.
 */
function earlyScript(): Plugin {
  return {
    name: 'clide-early-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const early = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'early');
        if (!early) throw new Error('The build has no early chunk (src/early.ts).');
        return html.replace('<script type="module"', `<script type="module" crossorigin src="./${early.fileName}"></script>\n    <script type="module"`);
      },
    },
  };
}

/** The page's entries: the app, and the early script it loads first (earlyScript). */
export const rendererInput = { index: path.resolve(here, 'index.html'), early: path.resolve(here, 'src', 'early.ts') };

/** The renderer build, shared by electron-vite (desktop) and the browser host. */
export const rendererConfig: UserConfig = {
  root: here,
  base: './',
  plugins: [react(), devServerCsp(), earlyScript()],
  build: {
    outDir: path.resolve(here, '..', 'out', 'renderer'),
    emptyOutDir: true,
    target: 'chrome130',
    // electron-vite leaves the renderer unminified unless told; the desktop app should load the
    // same compact bundle the browser host serves.
    minify: true,
    sourcemap: true,
    rolldownOptions: {
      input: rendererInput,
      output: {
        // Every stylesheet in one file loaded with the page, in the order main.tsx imports them.
        // Split per chunk, the styles of a part loaded on demand (lib/lazy-part.ts) would come in
        // a file of their own, later, and win ties they used to lose.
        codeSplitting: { groups: [{ name: 'styles', test: /\.css$/ }] },
      },
    },
  },
};

export default defineConfig(rendererConfig);
