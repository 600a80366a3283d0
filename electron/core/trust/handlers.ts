// The trust channels of the contract table (shared/ipc.ts, shared/trust.ts), for api-handlers.ts.
import type { ChannelOf, Handlers } from '../../../shared/ipc';
import type { SessionHost } from '../host';

export function trustHandlers(host: () => SessionHost): Handlers<ChannelOf<'trust'>> {
  return {
    'trust:list': () => ({ folders: host().trust.list() }),
    'trust:grant': (i) => (host().grantTrust(i.id, i.promptId), {}),
    'trust:restrict': (i) => (host().restrictSession(i.id), {}),
    'trust:revoke': (i) => (host().revokeTrust(i.root, i.location), {}),
  };
}
