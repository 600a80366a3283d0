// Confirmations the core itself requires: a change that only the person should make (turning on
// Bypass permissions, Bypass as the default for new sessions, a worktree setup command, running
// a committed .clide/setup, the claude executable) is accepted only with a one-time nonce that
// the window got from `confirm:begin` while it showed its dialog, for exactly that action and
// value (electron/core/confirmations.ts). A caller that skips the dialog is refused.
import { z } from 'zod';
import { CONFIRM_ACTIONS } from './confirm-actions';
import { lazySchema } from './lazy-schema';

export { CONFIRM_ACTIONS, confirmValue, type ConfirmAction } from './confirm-actions';

/** The `confirm` field of a changing call. */
export const ConfirmNonceSchema = lazySchema(() => z.string().min(1).max(100));

export const confirmContracts = {
  /** A nonce for one action and value, asked for while the window shows its confirmation. Single use, short-lived. */
  begin: lazySchema(() => ({
    input: z.object({ what: z.enum(CONFIRM_ACTIONS), value: z.string().max(10_000) }).strict(),
    output: z.object({ nonce: z.string() }),
  })),
};
