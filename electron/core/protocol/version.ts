/** The Claude Code version this build of clide was tested against (the pinned devDependency). */
export const TESTED_CLI_VERSION = '2.1.332';

/** The flags that make the CLI speak stream-json with permission prompts over the control channel. */
export const BASE_ARGS = [
  '--input-format',
  'stream-json',
  '--output-format',
  'stream-json',
  '--verbose',
  // Without this the CLI auto-denies every tool that needs permission (no prompt reaches us).
  '--permission-prompt-tool',
  'stdio',
  // Streams text as it is generated (stream_event); the full block still follows as `assistant`.
  '--include-partial-messages',
  // hook_started/hook_progress/hook_response for every hook, not only SessionStart ones, so a
  // failing hook is visible instead of silently blocking a tool.
  '--include-hook-events',
] as const;
