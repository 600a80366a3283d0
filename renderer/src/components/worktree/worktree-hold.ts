// Why the composer waits in a worktree session (its worktree is not ready). Apart from the
// banner (worktree-banner.tsx), which is a part loaded only for sessions that show it.
import type { SessionView } from '../../../../shared/transcript';

/** Why Claude cannot take a message yet in this tab (its worktree is not ready), if so. */
export function worktreeHold(v: Pick<SessionView, 'worktree' | 'setup'>): string | undefined {
  if (v.worktree?.state === 'missing') return 'The worktree is missing: recreate it from its branch to continue.';
  const phase = v.setup?.phase;
  if (phase === 'confirm') return 'Waiting for your answer about the repository’s setup.';
  if (phase === 'failed') return 'The worktree’s setup failed: retry it, or start anyway.';
  if (phase === 'running' || v.worktree?.state === 'setting-up') return 'Claude starts when the worktree’s setup is done.';
  return undefined;
}
