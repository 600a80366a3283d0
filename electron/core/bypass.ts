// How clide offers "Bypass permissions".
//
// The CLI refuses `set_permission_mode: bypassPermissions` (error_code bypass_not_launched)
// unless the process was started with `--allow-dangerously-skip-permissions` (2.1.332). That
// flag does nothing by itself: it only makes the mode available. So clide starts every session
// with it where it can, and the mode is only ever switched on by the person, in the mode menu,
// after an explicit confirmation (the model cannot change the permission mode). The
// alternative, bypass only for sessions started in it, would mean restarting a conversation
// just to change mode.
//
// Where it cannot: the CLI refuses to start at all with that flag when run as root (unless
// IS_SANDBOX=1 says the machine is a throwaway sandbox), so there the flag is left out and the
// menu says why bypass is not available, instead of every session failing to start.

export interface BypassChoice {
  /** Extra CLI flags. */
  args: string[];
  available: boolean;
  /** Why bypass cannot be offered, for the mode menu. */
  reason?: string;
}

export const ALLOW_BYPASS_FLAG = '--allow-dangerously-skip-permissions';

/** `uid` null: a platform without user ids (Windows). */
export function bypassChoice(env: NodeJS.ProcessEnv, uid: number | null = process.getuid ? process.getuid() : null): BypassChoice {
  const root = uid === 0;
  const sandbox = env.IS_SANDBOX === '1' || env.IS_SANDBOX === 'true';
  if (root && !sandbox) {
    return {
      args: [],
      available: false,
      reason: 'Claude Code does not allow bypassing permissions when it runs as root (the administrator account).',
    };
  }
  return { args: [ALLOW_BYPASS_FLAG], available: true };
}
