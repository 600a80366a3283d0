// The core accepts a few changes only with the nonce of the person's confirmation (shared/confirm.ts):
// once the person has confirmed in the window's dialog, the window asks for the nonce of exactly
// that change and makes the change with it.
import { confirmValue, type ConfirmAction } from '../../../shared/confirm-actions';
import type { Result } from '../../../shared/result';
import { getApi } from './index';

export { confirmValue };

export async function confirmed<T>(what: ConfirmAction, value: string, change: (confirm: string) => Promise<Result<T>>): Promise<Result<T>> {
  const r = await getApi().confirm.begin({ what, value });
  return r.ok ? change(r.value.nonce) : r;
}
