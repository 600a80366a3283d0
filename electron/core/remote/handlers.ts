// The remote channels of the contract table (shared/ipc.ts, shared/remote.ts), for api-handlers.ts.
import type { ChannelOf, Handlers } from '../../../shared/ipc';
import type { Remote } from './remote-service';

export function remoteHandlers(remote: () => Remote): Handlers<ChannelOf<'remote'>> {
  return {
    'remote:hosts': () => remote().hosts(),
    'remote:connect': (i) => remote().connect(i.location),
    'remote:trustHost': async (i) => {
      await remote().trust(i.location, i.token);
      return {};
    },
    'remote:complete': (i) => remote().complete(i.location, i.prefix),
    'remote:prompts': () => ({ prompts: remote().pendingPrompts() }),
    'remote:answer': (i) => {
      remote().answer(i.id, i.answer);
      return {};
    },
  };
}
