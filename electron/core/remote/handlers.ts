// The remote channels of the contract table (shared/ipc.ts, shared/remote.ts), for api-handlers.ts.
import type { Remote } from './remote-service';

type Handler = (input: never) => unknown;

export function remoteHandlers(remote: () => Remote): Record<string, Handler> {
  return {
    'remote:hosts': () => remote().hosts(),
    'remote:connect': (i: { location: string }) => remote().connect(i.location),
    'remote:trustHost': async (i: { location: string; token: string }) => {
      await remote().trust(i.location, i.token);
      return {};
    },
    'remote:complete': (i: { location: string; prefix: string }) => remote().complete(i.location, i.prefix),
    'remote:prompts': () => ({ prompts: remote().pendingPrompts() }),
    'remote:answer': (i: { id: string; answer?: string }) => {
      remote().answer(i.id, i.answer);
      return {};
    },
  };
}
