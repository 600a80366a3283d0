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
  apply_flag_settings: 'change flag settings at run time (effort level)',
  get_context_usage: 'what fills the context window',
  mcp_status: 'state of the configured MCP servers (the MCP panel, the status bar badge)',
  mcp_reconnect: 'reconnect a failed MCP server (the MCP panel)',
  mcp_toggle: 'disable or enable an MCP server; Claude Code remembers it for the folder (the MCP panel)',
  rewind_files: 'restore edited files to their state at a user message',
  stop_task: 'stop a background task (the Tasks panel)',
  get_task_output: "the end of a background shell's or Monitor's output (the Tasks panel, polled while it is open)",
  background_tasks: 'move the running foreground command or subagent to the background (Ctrl+B, the Tasks panel)',
};

/** Requests clide could send but does not (yet), and why. */
export const UNUSED_CONTROL: Record<string, string> = {
  rename_session: 'session titles are clide-side',
  set_color: 'a terminal UI affordance',
  get_session_cost: 'result.total_cost_usd already gives the session cost',
  list_models: 'initialize already lists the models',
  get_usage: 'subscription usage; rate_limit_event covers what the status bar shows',
  get_binary_version: 'initialize already gives claude_code_version',
  mcp_call: 'clide does not call MCP tools itself',
  file_suggestions: '@-mention typeahead is done clide-side',
  cancel_async_message: 'clide does not queue messages inside the CLI',
  read_file: 'clide reads files itself',
  seed_read_state: 'only needed after transcript snipping, which clide does not do',
  mcp_set_servers: 'MCP servers are fixed at spawn',
  register_repo_root: 'for hosted multi-repo sessions',
  reload_plugins: 'no plugin management UI yet',
  reload_skills: 'no skill management UI yet',
  reload_output_styles: 'no output style picker yet',
  set_has_subscribers: 'for hosted sessions with several viewers',
  get_settings: 'no settings viewer yet',
  get_hooks_listing: 'no hooks viewer yet',
  update_settings: 'settings are edited in the files',
  list_permission_rules: 'no permission rules viewer yet',
  mcp_read_resource: 'no MCP resource browser yet',
};
