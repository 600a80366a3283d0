// One-time nonces for the changes only the person should make (shared/confirm.ts). The window
// asks for one while it shows its dialog; the changing call must carry it. A nonce is bound to
// one action and one exact value, is taken by its first use (right or wrong), and expires.
// What it does not do: stop a holder of the token who calls confirm:begin itself. The token
// grants what a window can do (README, Security); this makes the confirmation a step of the
// protocol that a script cannot skip by accident or by sending the change alone.
import crypto from 'node:crypto';
import type { ConfirmAction } from '../../shared/confirm';
import { ClideError } from '../../shared/result';

const TTL_MS = 10 * 60_000;
/** Open dialogs are few; this only bounds what a flood of begin calls can hold. */
const MAX_PENDING = 64;

const WHAT: Record<ConfirmAction, string> = {
  'bypass-permissions': 'Turning on Bypass permissions',
  'default-bypass': 'Making Bypass permissions the default for new sessions',
  'setup-command': 'A worktree setup command',
  'run-setup': "Running the repository's .clide/setup",
  'claude-path': 'Choosing the Claude Code executable',
  'run-command': 'A run command',
  'run-file': "Running the repository's .clide/run",
};

interface Pending {
  what: ConfirmAction;
  value: string;
  expires: number;
}

export class Confirmations {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = TTL_MS,
  ) {}

  begin(what: ConfirmAction, value: string): string {
    this.sweep();
    while (this.pending.size >= MAX_PENDING) this.pending.delete(this.pending.keys().next().value as string);
    const nonce = crypto.randomBytes(18).toString('base64url');
    this.pending.set(nonce, { what, value, expires: this.now() + this.ttlMs });
    return nonce;
  }

  /** Spends the nonce; throws unless it was given for exactly this action and value and is still fresh. */
  take(what: ConfirmAction, value: string, nonce: string | undefined): void {
    const p = nonce === undefined ? undefined : this.pending.get(nonce);
    if (nonce !== undefined) this.pending.delete(nonce);
    if (p && p.what === what && p.value === value && p.expires > this.now()) return;
    throw new ClideError({
      kind: 'invalid-input',
      message: `${WHAT[what]} needs your confirmation in clide's dialog${nonce === undefined ? '' : ', and this one is not for this change or has expired'}.`,
      hint: 'Make the change again in clide and confirm it there.',
    });
  }

  private sweep(): void {
    const now = this.now();
    for (const [nonce, p] of this.pending) if (p.expires <= now) this.pending.delete(nonce);
  }
}
