// The remote channels, each returning a Result (never throwing), as app-actions does for the rest.
import type { Result } from '../../../../shared/result';
import type { PathCompletion } from '../../../../shared/folders';
import type { ConnectResult, RemoteHosts } from '../../../../shared/remote';
import { getApi } from '../../api';
import { guarded } from '../../lib/guarded';
import { showCreated } from '../../store/show-created';
import { clideStore } from '../../store/store';

export const remoteApi = {
  hosts: (): Promise<Result<RemoteHosts>> => guarded(() => getApi().remote.hosts({})),
  connect: (location: string): Promise<Result<ConnectResult>> => guarded(() => getApi().remote.connect({ location })),
  trust: (location: string, token: string): Promise<Result<unknown>> => guarded(() => getApi().remote.trustHost({ location, token })),
  complete: (location: string, prefix: string): Promise<Result<PathCompletion>> => guarded(() => getApi().remote.complete({ location, prefix })),
  answer: (id: string, answer: string | undefined): Promise<Result<unknown>> =>
    guarded(() => getApi().remote.answer(answer === undefined ? { id } : { id, answer })),
  /** A new tab on the host, shown at once. */
  async start(location: string, cwd: string): Promise<Result<{ id: string }>> {
    const r = await guarded(() => getApi().session.create({ location, cwd }));
    if (r.ok) await showCreated(clideStore, r.value.id);
    return r;
  },
};
