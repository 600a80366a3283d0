// The page's first script, small and on its own, so the browser runs it as soon as it has it:
// it opens the browser host's socket while the app itself is still loading (api/early-socket.ts),
// and holds the keys typed before the first screen is up, for it (lib/key-hold.ts).
import { openEarlySocket } from './api/early-socket';
import { holdKeysForFirstScreen } from './lib/key-hold';

openEarlySocket(window);
holdKeysForFirstScreen();
