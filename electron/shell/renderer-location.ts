// Where the window's page comes from, and the one test of "is this our own page?" that the
// IPC sender check, the navigation guard and the permission policy all share.
import path from 'node:path';
import { APP_PAGE_URL, isAppSchemePage, parseUrl } from './app-protocol';

export interface AppPaths {
  /** The sandboxed preload, bundled as CommonJS. */
  preload: string;
  /** The built renderer (index.html and its assets): everything app://clide/ serves. */
  rendererDir: string;
}

/** Build output locations relative to the app root (the project in development, app.asar when packaged). */
export function appPaths(appRoot: string): AppPaths {
  return {
    preload: path.join(appRoot, 'out', 'preload', 'preload.cjs'),
    rendererDir: path.join(appRoot, 'out', 'renderer'),
  };
}

/** The built page over the app:// scheme (served from `root`), or the dev server's page. */
export type PageSource = { kind: 'app'; url: string; root: string } | { kind: 'url'; url: string };

export interface RendererLocation {
  source: PageSource;
  /** True only for the app's own top-level page: nothing else may call clide or navigate in its place. */
  isAppPage(url: string): boolean;
}

/**
 * The built app (packaged, or `npm start`) always loads its own page from app://clide; the
 * dev server URL is used only when the caller decided this is a development run (a packaged
 * app must never follow an environment variable to a page it did not ship).
 */
export function rendererLocation(opts: { rendererDir: string; devServerUrl?: string }): RendererLocation {
  if (opts.devServerUrl) {
    const origin = parseUrl(opts.devServerUrl)?.origin;
    if (!origin || origin === 'null') throw new Error(`The dev server URL is not a valid http(s) URL: ${opts.devServerUrl}`);
    return {
      source: { kind: 'url', url: opts.devServerUrl },
      isAppPage: (url) => parseUrl(url)?.origin === origin,
    };
  }
  return { source: { kind: 'app', url: APP_PAGE_URL, root: opts.rendererDir }, isAppPage: isAppSchemePage };
}
