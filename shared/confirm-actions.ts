// What a confirmation the core requires is about, and the value its nonce is bound to
// (shared/confirm.ts has the contract). Apart from it and without zod: the window's first
// screen uses these (the mode menu's Bypass), and zod is not part of that screen.
export const CONFIRM_ACTIONS = ['bypass-permissions', 'default-bypass', 'setup-command', 'run-setup', 'claude-path', 'run-command', 'run-file'] as const;
export type ConfirmAction = (typeof CONFIRM_ACTIONS)[number];

/** What each action's nonce is bound to: the same text on both sides. */
export const confirmValue = {
  /** Bypass permissions in one session. */
  bypass: (sessionId: string) => sessionId,
  defaultBypass: () => 'bypassPermissions',
  setupCommand: (root: string, command: string) => `${root}\n${command}`,
  runSetup: (sessionId: string, hash: string) => `${sessionId}\n${hash}`,
  claudePath: (path: string) => path,
  /** A repository's run command, set in Settings. */
  runCommand: (root: string, command: string) => `${root}\n${command}`,
  /** Running a committed `.clide/run` of this content in this session. */
  runFile: (sessionId: string, hash: string) => `${sessionId}\n${hash}`,
};
