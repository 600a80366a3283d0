import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { rendererConfig, rendererInput } from './renderer/vite.config';

// Main and preload are bundled for Node/Electron; the renderer uses the same config as the
// browser host's build. The preload is CommonJS because sandboxed preloads cannot be ESM, and
// it must be self-contained: a sandboxed preload can require only 'electron' (and a few
// built-ins), so its dependencies (zod, via the contracts) are bundled in, not externalized.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // The search index's worker thread is its own entry (electron/core/search/service.ts starts it).
      lib: { entry: { main: resolve('electron/main.ts'), 'search-worker': resolve('electron/core/search/worker.ts') }, formats: ['es'] },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      lib: { entry: resolve('electron/preload.ts'), formats: ['cjs'] },
      rolldownOptions: { output: { entryFileNames: '[name].cjs' } },
    },
  },
  // electron-vite insists on explicit entries even when `root` holds index.html (the page and its early script).
  renderer: {
    ...rendererConfig,
    build: {
      ...rendererConfig.build,
      rolldownOptions: { ...rendererConfig.build?.rolldownOptions, input: rendererInput },
    },
  },
});
