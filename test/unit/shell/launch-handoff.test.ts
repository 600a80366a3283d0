// Every way a folder reaches the running app lands in the launch inbox: its own argv, a second
// launch's argv and working directory, and macOS's open-file and open-url.
import { EventEmitter } from 'node:events';
import os from 'node:os';
import { describe, expect, it, vi } from 'vitest';
import { installLaunchHandoff } from '../../../electron/shell/launch-handoff';

function setup(argv: string[] = ['/opt/clide/clide']) {
  const app = new EventEmitter();
  const inbox = { receiveArgv: vi.fn(), receive: vi.fn() };
  const raise = vi.fn();
  installLaunchHandoff({ app: app as never, inbox, argv, cwd: '/home/ada/code', defaultApp: false, raise });
  return { app, inbox, raise };
}

describe('installLaunchHandoff', () => {
  it("hands the first launch's argv over with the folder it ran in", () => {
    const { inbox } = setup(['/opt/clide/clide', 'api']);
    expect(inbox.receiveArgv).toHaveBeenCalledWith(['/opt/clide/clide', 'api'], '/home/ada/code', { defaultApp: false });
  });

  it('a second launch: its argv, resolved against its own folder, and the window comes forward', () => {
    const { app, inbox, raise } = setup();
    app.emit('second-instance', {}, ['/opt/clide/clide', '--allow-file-access-from-files', '../web'], '/home/ada/code/api');
    expect(inbox.receiveArgv).toHaveBeenLastCalledWith(['/opt/clide/clide', '--allow-file-access-from-files', '../web'], '/home/ada/code/api', {
      defaultApp: false,
    });
    expect(raise).toHaveBeenCalledTimes(1);
  });

  it('macOS: a folder dropped on the Dock icon and a clide:// link are taken, not left to the system', () => {
    const { app, inbox } = setup();
    const prevent = vi.fn();
    app.emit('open-file', { preventDefault: prevent }, '/Users/ada/code/api');
    app.emit('open-url', { preventDefault: prevent }, 'clide://open?path=%2FUsers%2Fada');
    expect(prevent).toHaveBeenCalledTimes(2);
    expect(inbox.receive.mock.calls).toEqual([
      [['/Users/ada/code/api'], os.homedir()],
      [['clide://open?path=%2FUsers%2Fada'], os.homedir()],
    ]);
  });
});
