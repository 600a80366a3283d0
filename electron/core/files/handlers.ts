// The files channels of the contract table (shared/ipc.ts, shared/files.ts), for api-handlers.ts.
import type { ChannelOf, Handlers } from '../../../shared/ipc';
import type { FilesService } from './files-service';

export function filesHandlers(files: () => FilesService): Handlers<ChannelOf<'files'>> {
  return {
    'files:list': (i) => files().list(i.id, i.dir),
    'files:marks': (i) => files().marks(i.id),
    'files:find': (i) => files().find(i.id, i.query, i.limit),
    'files:read': (i) => files().read(i.id, i.path),
    'files:check': (i) => files().check(i.id, i.path, i.version),
    'files:write': (i) => files().write(i.id, i.path, i.text, i.base),
    'files:editors': () => files().editors(),
    'files:openIn': (i) => files().openIn(i.id, i.path, i.editor),
  };
}
