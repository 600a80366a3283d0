// Where the window's page comes from, and the one test of "is this our own page?" that the
// IPC sender check, the navigation guard and the permission policy all share.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface AppPaths {
  /** The sandboxed preload, bundled as CommonJS. */
  preload: string;
  /** The built renderer page. */
  indexHtml: string;
}

/** Build output locations relative to the app root (the project in development, app.asar when packaged). */
export function appPaths(appRoot: string): AppPaths {
  return {
    preload: path.join(appRoot, 'out', 'preload', 'preload.cjs'),
    indexHtml: path.join(appRoot, 'out', 'renderer', 'index.html'),
  };
}

export type PageSource = { kind: 'file'; path: string } | { kind: 'url'; url: string };

export interface RendererLocation {
  source: PageSource;
  /** True only for the app's own top-level page: nothing else may call clide or navigate in its place. */
  isAppPage(url: string): boolean;
}

/**
 * The packaged app always loads its file; the dev server URL is used only when the caller
 * decided this is a development run (a packaged app must never follow an environment variable
 * to a page it did not ship).
 */
export function rendererLocation(opts: { indexHtml: string; devServerUrl?: string }): RendererLocation {
  if (opts.devServerUrl) {
    const origin = parseUrl(opts.devServerUrl)?.origin;
    if (!origin || origin === 'null') throw new Error(`The dev server URL is not a valid http(s) URL: ${opts.devServerUrl}`);
    return {
      source: { kind: 'url', url: opts.devServerUrl },
      isAppPage: (url) => parseUrl(url)?.origin === origin,
    };
  }
  const expected = pageKey(pathToFileURL(opts.indexHtml).href);
  return {
    source: { kind: 'file', path: opts.indexHtml },
    isAppPage: (url) => {
      const key = pageKey(url);
      return key !== undefined && key === expected;
    },
  };
}

/** A file URL without query and fragment (the app may use either for its own routing). */
function pageKey(url: string): string | undefined {
  const u = parseUrl(url);
  if (!u || u.protocol !== 'file:' || u.host !== '') return undefined;
  return `file://${u.pathname}`;
}

function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
