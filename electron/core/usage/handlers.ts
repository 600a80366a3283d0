// The usage channels of the contract table (shared/ipc.ts, shared/usage-report.ts), for api-handlers.ts.
import type { ChannelOf, Handlers } from '../../../shared/ipc';
import type { UsageService } from './usage-service';

export function usageHandlers(usage: () => UsageService): Handlers<ChannelOf<'usage'>> {
  return {
    'usage:report': () => usage().report(),
    'usage:limits': (i) => usage().limits(i.id),
  };
}
