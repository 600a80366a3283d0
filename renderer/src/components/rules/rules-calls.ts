// The host calls behind the "Rules and hooks" panel. Each returns a Result and never throws.
import type { RuleRef } from '../../../../shared/rules';
import { getApi } from '../../api';
import { guarded } from '../../lib/guarded';

export const rulesCalls = {
  list: (id: string) => guarded(() => getApi().rules.list({ id })),
  hooks: (id: string) => guarded(() => getApi().rules.hooks({ id })),
  remove: (id: string, rule: RuleRef) => guarded(() => getApi().rules.remove({ id, rule })),
};
