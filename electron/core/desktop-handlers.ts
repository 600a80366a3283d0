// The desktop channels of the contract table (shared/desktop.ts), for api-handlers.ts: folders
// handed to the app and its updates. The browser host answers them too (no launches; updates
// "do not apply"), so one window build serves both.
import type { Handlers } from '../../shared/ipc';
import type { LaunchInbox } from './launch/launch-inbox';
import type { UpdateService } from './updates/update-service';

type DesktopChannel = 'app:takeLaunchRequests' | 'app:updateState' | 'app:checkForUpdates' | 'app:restartToUpdate' | 'app:dismissUpdate';

export function desktopHandlers(parts: () => { launches: LaunchInbox; updates: UpdateService }): Handlers<DesktopChannel> {
  return {
    'app:takeLaunchRequests': () => ({ requests: parts().launches.take() }),
    'app:updateState': () => parts().updates.state(),
    'app:checkForUpdates': () => parts().updates.checkNow(),
    'app:restartToUpdate': () => {
      parts().updates.restartToUpdate();
      return {};
    },
    'app:dismissUpdate': () => parts().updates.dismiss(),
  };
}
