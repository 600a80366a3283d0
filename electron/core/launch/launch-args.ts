// What a launch of the app asks for: `clide <folder>` on a command line, a folder opened with
// clide in the file manager (the desktop entry's `%U` passes it as a file:// URL), a
// clide://open?path=… link, or (macOS) a folder dropped on the Dock icon. The same argv arrives
// at the first launch (process.argv) and, through the single-instance lock, at the running app
// (`second-instance`), where Chromium may have added switches of its own, even before the
// positional arguments. Pure: no Electron, no file system.
import { fileURLToPath } from 'node:url';

/** At most this many folders per launch: a page spamming clide:// links cannot open a hundred tabs. */
export const MAX_FOLDERS_PER_LAUNCH = 8;

export interface ArgvShape {
  /**
   * Run as `electron <app path> …` (development, `process.defaultApp`): the first positional
   * argument is the app itself, not a folder.
   */
  defaultApp: boolean;
}

/** The positional arguments of a launch: the executable, the app path and every switch dropped. */
export function launchArguments(argv: readonly string[], shape: ArgvShape): string[] {
  const out: string[] = [];
  let skipApp = shape.defaultApp;
  let rest = false;
  for (const arg of argv.slice(1)) {
    if (!rest && arg === '--') {
      rest = true;
      continue;
    }
    // Switches: ours would go here, Chromium's and Electron's (--no-sandbox,
    // --allow-file-access-from-files, --original-process-start-time=…) are not folders.
    if (!rest && arg.startsWith('-')) continue;
    if (skipApp) {
      skipApp = false;
      continue;
    }
    if (arg.trim() !== '') out.push(arg);
  }
  return out;
}

/** One argument as a path to resolve, or why it names no folder. */
export type LaunchTarget = { kind: 'path'; path: string; link?: boolean } | { kind: 'invalid'; message: string; hint?: string };

/** Read one positional argument: a path (relative or with ~), a file:// URL or a clide:// link. */
export function launchTarget(arg: string): LaunchTarget {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(arg)?.[1]?.toLowerCase();
  // A Windows drive letter (C:\x) is a path, not a scheme.
  if (!scheme || /^[a-z]:[\\/]/i.test(arg)) return { kind: 'path', path: arg };
  if (scheme === 'file') {
    try {
      return { kind: 'path', path: fileURLToPath(arg) };
    } catch {
      return { kind: 'invalid', message: `clide could not read the address ${shorten(arg)}.` };
    }
  }
  if (scheme === 'clide') return clideLink(arg);
  return { kind: 'invalid', message: `clide opens folders, not ${scheme}: addresses (${shorten(arg)}).` };
}

const LINK_HINT = 'A clide link looks like clide://open?path=/full/path/to/folder.';

/** clide://open?path=<folder>: the only link clide answers. It opens a tab; it never sends anything. */
function clideLink(arg: string): LaunchTarget {
  let url: URL;
  try {
    url = new URL(arg);
  } catch {
    return { kind: 'invalid', message: `clide could not read the link ${shorten(arg)}.`, hint: LINK_HINT };
  }
  // `clide://open?…` parses with "open" as the host; `clide:open?…` as the path.
  const action = (url.host || url.pathname).replace(/^\/+|\/+$/g, '');
  const folder = url.searchParams.get('path');
  if (action !== 'open' || !folder) return { kind: 'invalid', message: `The link ${shorten(arg)} names no folder to open.`, hint: LINK_HINT };
  // A link carries no working directory: its path must be a full one (checked where it is resolved).
  return { kind: 'path', path: folder, link: true };
}

function shorten(text: string): string {
  return JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text);
}
