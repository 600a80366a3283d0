// Every control request subtype sdk.d.ts declares (SDKControlRequestInner, 2.1.332), by who
// sends it and what clide does with it. The coverage test fails when a new one appears, so a CLI
// upgrade shows exactly which requests to look at.

/** Requests the CLI sends to clide. Each is answered exactly once (see inbound.ts). */
export const INBOUND_CONTROL: Record<string, string> = {
  can_use_tool: 'a permission prompt for the person (plan approval and AskUserQuestion too)',
  hook_callback: 'answered by the hook callbacks registered in initialize',
  mcp_message: 'a JSON-RPC message for an in-process MCP server registered in initialize',
  elicitation: 'an MCP server asks the person for input: a form or a link to open (elicitation.ts)',
  // Sent only for dialog kinds a client declared in initialize.supportedDialogKinds: clide
  // declares the rendered ones in DIALOG_KINDS. Any other kind is answered with an error, which
  // the CLI discards (the dialog then ends at its own deadline).
  request_user_dialog: 'a dialog Claude Code asks the person (dialogs.ts); see DIALOG_KINDS',
};

/**
 * Every request_user_dialog kind 2.1.332 can send to a host (its other dialogs are the terminal
 * UI's own; permission prompts and MCP input come as can_use_tool and elicitation instead), and
 * whether clide renders it. A kind not rendered is not declared, so the CLI takes its no-dialog
 * path instead of asking.
 */
export const DIALOG_KINDS: Record<string, { rendered: boolean; why: string }> = {
  refusal_fallback_prompt: {
    rendered: true,
    why: 'the model refused a reply: send it again on the fallback model, or stop to edit the message (asked when switchModelsOnFlag is off)',
  },
  auto_mode_server_fallback: {
    rendered: false,
    why: "auto mode's server-side classifier fell back to billed requests; it arises only with that classifier behind a claude.ai or gateway account, so clide cannot produce or test it. Undeclared, the CLI stays in auto mode and logs it",
  },
  fable_overage_consent_prompt: {
    rendered: false,
    why: 'consent to extra usage billing for a model on a claude.ai subscription; arises only with a subscription login, which the offline tests cannot have. Undeclared, the CLI shows its own text notice',
  },
  send_to_project_remote_control_offer: {
    rendered: false,
    why: 'offers to turn on Remote Control (claude.ai); clide has no Remote Control',
  },
  enum_prompt: {
    rendered: false,
    why: 'named by 2.1.332 but no code in that build asks it, so its payload cannot be known',
  },
};

/** Requests clide sends to the CLI, with a typed result (see requests.ts). */
export const OUTBOUND_CONTROL: Record<string, string> = {
  initialize: 'handshake at spawn: hooks, SDK MCP servers; answers with models, commands, version',
  interrupt: 'stop the running turn',
  set_permission_mode: 'change the permission mode',
  set_model: 'switch the model',
  set_max_thinking_tokens: 'change the thinking budget',
  apply_flag_settings: 'change flag settings at run time for this process: effort level, output style (given again to a restarted process)',
  get_context_usage: 'what fills the context window',
  mcp_status: 'state of the configured MCP servers (the MCP panel, the status bar badge)',
  mcp_reconnect: 'reconnect a failed MCP server (the MCP panel)',
  mcp_toggle: 'disable or enable an MCP server; Claude Code remembers it for the folder (the MCP panel)',
  mcp_read_resource: "an MCP tool's own UI (MCP Apps, a ui:// resource), shown in a sandboxed frame in its tool card after the person asks (Show app)",
  rewind_files: 'restore edited files to their state at a user message',
  stop_task: 'stop a background task (the Tasks panel)',
  get_task_output: "the end of a background shell's or Monitor's output (the Tasks panel, polled while it is open)",
  background_tasks: 'move the running foreground command or subagent to the background (Ctrl+B, the Tasks panel)',
  list_permission_rules: 'the permission rules in force, with their source (the Rules and hooks panel)',
  get_hooks_listing: 'the hooks that will run, by event (the Rules and hooks panel)',
  rename_session: "a tab's title, so the CLI's own transcript carries it too (requests.ts)",
  get_usage: "the plan and its usage windows (the status bar's limit popover), without the transcript scan",
  reload_skills: 'read skills again from disk (the palette command "Reload skills, plugins and output styles", the style menu); the slash menu follows',
  reload_plugins:
    'read plugins again from disk, with refuse_if_busy: asked during a turn, it waits for the turn to end (reload.ts), as it swaps commands, hooks and MCP servers',
  reload_output_styles: "read output styles again, so a style file written mid-session can be picked in the toolbar's style menu",
};

/**
 * Requests clide sends that sdk.d.ts (0.3.337) does not declare but 2.1.332 answers, each
 * checked by an integration test on the real CLI. The coverage test fails once sdk.d.ts declares
 * one: then it moves to OUTBOUND_CONTROL.
 */
export const LIVE_ONLY_OUTBOUND: Record<string, string> = {
  side_question:
    "Ask aside (the terminal's /btw): a question answered beside the running turn, with control_request_progress while it runs; cancelled with control_cancel_request",
};

/**
 * Requests clide does not send, each with why a desktop window around the CLI has no use for it
 * (or, where noted, what it would take).
 */
export const UNUSED_CONTROL: Record<string, string> = {
  set_color: "the terminal UI's prompt colour; clide's tabs have their own look",
  get_session_cost: 'the same figure as result.total_cost_usd, which every turn already reports',
  list_models: "initialize already lists the models, and set_model's answer names the one chosen",
  get_binary_version: "initialize already gives claude_code_version (and the status bar's version check uses it)",
  mcp_call: 'would run an MCP tool outside any turn, with no permission prompt and nothing in the transcript: only Claude calls tools',
  file_suggestions: '@-mentions are ranked clide-side from its own file index, which also serves remote hosts over ssh',
  cancel_async_message: "clide's queue holds messages itself until a turn ends, so none waits inside the CLI to be cancelled",
  read_file: 'clide reads files itself (its Changes panel and @-mentions), through git or the file system',
  seed_read_state: 'restores file-read state after a host snips a transcript; clide never snips one',
  mcp_set_servers:
    "replaces the SDK MCP servers at run time; clide's own (the team tools) are fixed for a session, and the person's come from Claude Code's config files",
  register_repo_root: 'for hosted sessions that span several repositories; a clide session works in one folder',
  set_has_subscribers: 'tells a hosted session whether anyone watches it; a clide session always has its tab',
  update_settings:
    'refuses permission rules (2.1.332 takes outputStyle and effortLevel only), so a rule clide saved is removed from its settings file, which Claude Code watches (the Rules and hooks panel)',
  get_settings: 'list_permission_rules and get_hooks_listing give the rules and hooks with their sources; no other settings are shown',
};
