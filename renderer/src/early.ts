// The page's first script, small and on its own, so the browser runs it as soon as it has it:
// it opens the browser host's socket while the app itself is still loading (api/early-socket.ts).
import { openEarlySocket } from './api/early-socket';

openEarlySocket(window);
