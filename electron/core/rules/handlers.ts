// The rules channels of the contract table (shared/ipc.ts, shared/rules.ts), for api-handlers.ts.
import type { ChannelOf, Handlers } from '../../../shared/ipc';
import type { RulesService } from './rules-service';

export function rulesHandlers(rules: () => RulesService): Handlers<ChannelOf<'rules'>> {
  return {
    'rules:list': (i) => rules().list(i.id),
    'rules:hooks': (i) => rules().hooks(i.id),
    'rules:remove': (i) => rules().remove(i.id, i.rule),
  };
}
