// Folders handed to the app reach the launch inbox (electron/core/launch) from every way in:
// this launch's own argv, a second launch (the single-instance lock hands its argv and working
// directory over, and that process quits), and on macOS a folder dropped on the Dock icon
// (`open-file`) or a clide:// link (`open-url`). The window then takes them and opens a tab for
// each; a second launch also brings the window to the front.
import os from 'node:os';
import type { App } from 'electron';
import type { LaunchInbox } from '../core/launch/launch-inbox';

export interface LaunchHandoffOptions {
  app: Pick<App, 'on'>;
  inbox: Pick<LaunchInbox, 'receiveArgv' | 'receive'>;
  argv: readonly string[];
  cwd: string;
  /** `electron <app path>` (running from source): argv holds the app path too. */
  defaultApp: boolean;
  /** A second launch: show and focus the window (or open one). */
  raise(): void;
}

export function installLaunchHandoff(opts: LaunchHandoffOptions): void {
  const shape = { defaultApp: opts.defaultApp };
  opts.inbox.receiveArgv(opts.argv, opts.cwd, shape);
  opts.app.on('second-instance', (_event, argv?: string[], workingDirectory?: string) => {
    // Relative folders are the second launch's: resolved against the folder it ran in.
    if (Array.isArray(argv)) opts.inbox.receiveArgv(argv, workingDirectory || os.homedir(), shape);
    opts.raise();
  });
  // macOS hands these over before `ready` too; without preventDefault it would try to open them itself.
  opts.app.on('open-file', (event, file) => {
    event.preventDefault();
    opts.inbox.receive([file], os.homedir());
  });
  opts.app.on('open-url', (event, url) => {
    event.preventDefault();
    opts.inbox.receive([url], os.homedir());
  });
}
