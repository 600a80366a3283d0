// Folders handed to the running app wait here until the window takes them, so nothing is lost
// when they arrive before the page has loaded (the first launch) or while it reloads. Each one
// is resolved where it came from: a relative path against the working directory of the launch
// that named it, not the running app's. A path that is missing or not a folder becomes an
// error the window shows; the rest of the launch still opens.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LaunchRequest } from '../../../shared/desktop';
import { launchArguments, launchTarget, MAX_FOLDERS_PER_LAUNCH, type ArgvShape } from './launch-args';

export interface LaunchInboxOptions {
  homeDir?: string;
  /** Something arrived: tell the windows to take it. */
  notify(): void;
}

export class LaunchInbox {
  private pending: LaunchRequest[] = [];
  private readonly homeDir: string;

  constructor(private readonly opts: LaunchInboxOptions) {
    this.homeDir = opts.homeDir ?? os.homedir();
  }

  /** A launch's argv (first launch or `second-instance`) and the folder it was started in. */
  receiveArgv(argv: readonly string[], cwd: string, shape: ArgvShape): void {
    this.receive(launchArguments(argv, shape), cwd);
  }

  /** Paths or URLs handed over one by one (macOS `open-file`, `open-url`). */
  receive(args: readonly string[], cwd: string): void {
    if (args.length === 0) return;
    const requests = args.slice(0, MAX_FOLDERS_PER_LAUNCH).map((arg) => resolveLaunch(arg, cwd, this.homeDir));
    if (args.length > MAX_FOLDERS_PER_LAUNCH) {
      requests.push({
        kind: 'error',
        message: `clide opens at most ${MAX_FOLDERS_PER_LAUNCH} folders at a time; ${args.length - MAX_FOLDERS_PER_LAUNCH} more were not opened.`,
      });
    }
    this.pending.push(...requests);
    this.opts.notify();
  }

  /** Everything handed over since the last call, oldest first; each request is given out once. */
  take(): LaunchRequest[] {
    const out = this.pending;
    this.pending = [];
    return out;
  }
}

/** One argument: the folder to open, or what is wrong with it in words the window can show. */
export function resolveLaunch(arg: string, cwd: string, homeDir: string): LaunchRequest {
  const target = launchTarget(arg);
  if (target.kind === 'invalid') return { kind: 'error', message: target.message, ...(target.hint ? { hint: target.hint } : {}) };
  const expanded = target.path === '~' ? homeDir : target.path.startsWith('~/') ? path.join(homeDir, target.path.slice(2)) : target.path;
  if (target.link && !path.isAbsolute(expanded)) {
    return {
      kind: 'error',
      message: `The link asks for ${quote(target.path)}, which is not a full path.`,
      hint: 'A clide link names a folder by its full path.',
    };
  }
  const folder = path.resolve(cwd, expanded);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(folder);
  } catch {
    return {
      kind: 'error',
      message: `clide could not open ${quote(folder)}: there is no such folder.`,
      hint: 'Check the spelling, or create the folder first.',
    };
  }
  if (!stat.isDirectory()) {
    return {
      kind: 'error',
      message: `clide could not open ${quote(folder)}: it is a file, not a folder.`,
      hint: `Sessions work in a folder: try ${quote(path.dirname(folder))}.`,
    };
  }
  return { kind: 'open', cwd: folder };
}

function quote(p: string): string {
  return `“${p.length > 300 ? `${p.slice(0, 300)}…` : p}”`;
}
