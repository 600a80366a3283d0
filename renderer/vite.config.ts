import { fileURLToPath } from 'node:url';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The renderer build, shared by electron-vite (desktop) and the browser host. */
export const rendererConfig: UserConfig = {
  root: here,
  base: './',
  plugins: [react()],
  build: {
    outDir: path.resolve(here, '..', 'out', 'renderer'),
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: true,
  },
};

export default defineConfig(rendererConfig);
